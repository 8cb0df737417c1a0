package import FaverCore
package import FaverMetadata
package import FaverStore
package import Foundation
package import Logging

/// Walks library roots and brings the index up to date with them.
///
/// Three stages run at once for each root: a walk on its own thread (that stats each entry when
/// there is an earlier run to compare with, so an unchanged library costs little more than
/// listing it, and that only lists folders the first time) hands the new and changed files over
/// a chunk at a time; each chunk is read on all cores; a writer thread puts the chunks into the
/// index, thousands of files per transaction.
package struct Indexer {
  package var store: IndexStore
  package var walker: LibraryWalker
  package var reader: MetadataReader
  package var logger: Logger
  /// Files read in parallel at a time (and reported as progress).
  package var chunkSize = 512
  /// Files written per transaction, at least, until the last few chunks. Large transactions
  /// write SQLite's index pages once rather than once per chunk; a crash loses at most the last
  /// one, whose files the next run reads again.
  package var transactionSize = 2048
  /// Files written per transaction at most (an eighth of the library up to this).
  package var maximumTransactionSize = 32768
  /// Called on the indexing thread as the run advances.
  package var progress: ((IndexProgress) -> Void)?

  package init(
    store: IndexStore, walker: LibraryWalker = LibraryWalker(), reader: MetadataReader = MetadataReader(),
    logger: Logger = Logger(label: "faver.index"), storeFolder: URL? = nil
  ) {
    self.store = store
    self.walker = walker
    self.reader = reader
    self.logger = logger
    // The store itself, when it lies inside a root, is never indexed.
    if let storeFolder {
      self.walker.excludedFolders.insert(storeFolder.resolvingSymlinksInPath().standardizedFileURL.path)
    }
  }

  /// Indexes every root; a root that cannot be indexed is reported and the others go on.
  package func index(roots: [String]) throws -> IndexSummary {
    let clock = ContinuousClock.now
    var summary = IndexSummary()
    try store.fillingFirstTime {
      for root in roots {
        do {
          try index(root: try Self.canonical(root), into: &summary)
        } catch let error as IndexError {
          warn(error.description, into: &summary)
          summary.failedRoots.append(root)
        }
      }
    }
    summary.duplicates = try store.duplicateCount()
    let elapsed = ContinuousClock.now - clock
    summary.seconds = elapsed.seconds
    return summary
  }

  /// The absolute path of `root` with symbolic links resolved.
  static func canonical(_ root: String) throws(IndexError) -> String {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
      throw .rootNotFound(path: root)
    }
    guard isFolder.boolValue else { throw .rootNotAFolder(path: root) }
    return URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
  }

  private func index(root: String, into summary: inout IndexSummary) throws {
    let rootId = try store.rootID(for: root)
    // What the last run saw, read while the walk starts; each file the walk finds again is
    // marked, what is left is gone. (A path is never both media and non-media: `IndexStore.apply`
    // keeps them apart.)
    let knownCount = try store.knownCount(inRoot: rootId)
    var walker = walker
    // Nothing to compare with: the files are stat'ed when they are opened, on all cores.
    walker.statsFiles = walker.statsFiles && knownCount.all > 0

    // The walk goes on on its own thread while what it found so far is read here, on all cores,
    // a chunk at a time, and written by the writer's thread.
    let walk = RootWalk(
      walker: walker, root: root,
      known: knownCount.all > 0
        ? KnownFilesLoad(store: store, rootId: rootId, mediaCount: knownCount.media) : nil,
      logger: logger)
    let channel = WalkChannel<FileToRead>(chunkSize: chunkSize)
    walk.start(sendingTo: channel)
    defer {
      channel.cancel()  // a no-op once the walk is over; stops it when reading failed
      channel.waitUntilClosed()
    }
    let writer = ChunkWriter(
      store: store, minimumBatch: transactionSize,
      maximumPending: 2 * max(transactionSize, maximumTransactionSize))
    var read = IndexSummary()
    var done = 0
    receiving: while true {
      switch channel.receive() {
      case .closed:
        break receiving
      case .waiting:
        progress?(.scanning(filesSeen: channel.walked.filesSeen, read: done))
      case .chunk(let chunk):
        var changes = IndexChanges(rootId: rootId)
        for (toRead, outcome) in zip(chunk, readAll(chunk.map(\.file), rootId: rootId)) {
          record(outcome, for: toRead.file, wasMedia: toRead.wasMedia, into: &changes, summary: &read)
        }
        // Larger libraries, larger transactions: where the assetId index is there (every run but
        // a first index) each rewrites every page of it that it touches, and ids are random
        // (200,000 files in transactions of 8,192 wrote 475 MB for a 45 MB index). Near the end,
        // chunk by chunk, so that what is left to write once the reading is over is one chunk.
        let walked = channel.walked
        let batch = max(transactionSize, min(maximumTransactionSize, walked.sent / 8))
        writer.minimumBatch = walked.isOver && walked.sent - done - chunk.count < batch ? chunkSize : batch
        try writer.submit(changes)
        done += chunk.count
        progress?(
          walked.isOver
            ? .reading(done: done, total: walked.sent) : .scanning(filesSeen: walked.filesSeen, read: done))
      }
    }
    try writer.finish()
    // The channel is closed: the walk is over and its results are ours.
    if let error = walk.loadError { throw error }
    // A root with nothing in it at all, where photos were, is an unmounted drive's mount point:
    // forget nothing.
    if walk.summary.filesSeen == 0, walk.summary.ignored == 0, knownCount.media > 0 {
      throw IndexError.rootEmptied(path: root, indexed: knownCount.media)
    }
    summary.add(walk.summary)
    summary.add(read)

    // A file counts as deleted only when the folder it was in was read in full.
    func isGone(_ path: String) -> Bool {
      !walk.unreadableFolders.contains { $0.isEmpty || path.hasPrefix($0 + "/") }
    }
    var removals = IndexChanges(rootId: rootId)
    for path in walk.unseen.mediaNotFound where isGone(path) {
      removals.removed.append(path)
      summary.removed += 1
    }
    removals.removed += walk.unseen.nonMediaNotFound.filter(isGone)
    try store.apply(removals)
  }

  /// Reads a chunk of files on all cores, a run of consecutive files at a time (mostly in one
  /// folder, which each run opens once); outcomes come back in the chunk's order.
  private func readAll(_ files: [FoundFile], rootId: Int64) -> [ReadOutcome] {
    let reader = reader
    let run = 32
    var outcomes = [ReadOutcome](repeating: .failed(.cannotOpen(path: "", errno: 0)), count: files.count)
    outcomes.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: (files.count + run - 1) / run) { part in
        let folders = FolderCursor()
        for index in part * run..<min(files.count, (part + 1) * run) {
          slots[index] = Self.read(files[index], rootId: rootId, reader: reader, folders: folders)
        }
      }
    }
    return outcomes
  }

  private func record(
    _ outcome: ReadOutcome, for found: FoundFile, wasMedia: Bool, into changes: inout IndexChanges,
    summary: inout IndexSummary
  ) {
    switch outcome {
    case .media(let record):
      if wasMedia { summary.updated += 1 } else { summary.added += 1 }
      if let problem = record.problem {
        summary.withProblems += 1
        logger.info("\(found.absolutePath): \(problem)")
      }
      changes.media.append(record)
    case .notMedia(let stamp):
      summary.skip(.notMedia)
      changes.nonMedia.append((found.relativePath, stamp))
      if wasMedia {
        summary.removed += 1  // it was a photo once; now it is something else
      }
    case .failed(let error):
      summary.skip(error.isVanished ? .vanished : .unreadable)
      warn(error.description, into: &summary)
    }
  }

  /// Reads one file: its first bytes, its identity, its metadata.
  private static func read(
    _ found: FoundFile, rootId: Int64, reader: MetadataReader, folders: FolderCursor
  ) -> ReadOutcome {
    do throws(MetadataError) {
      let name = found.name
      let source = try folders.open(found, named: name)
      let stamp: FileStamp
      let modified: Date
      if let walked = found.stamp, let date = found.modified {
        (stamp, modified) = (walked, date)
      } else {
        guard let status = source.status else { throw .cannotOpen(path: found.absolutePath, errno: ENOENT) }
        (stamp, modified) = (FileStamp(status), modificationDate(status))
      }
      let head = try source.read(at: 0, count: AssetID.headLength)
      let sidecar = { folders.sidecar(of: found, named: name, limit: XMPDates.maxBytes) }
      guard
        let metadata = try reader.read(source, head: head, modified: modified, name: name, sidecar: sidecar)
      else {
        return .notMedia(stamp)
      }
      return .media(
        FileRecord(
          rootId: rootId, path: found.relativePath, assetId: AssetID(size: source.size, head: head),
          format: metadata.format.rawValue, kind: metadata.kind, stamp: stamp,
          captureTime: metadata.captureTime, coordinate: metadata.coordinate, make: metadata.make,
          model: metadata.model, problem: metadata.problemSummary,
          contentIdentifier: metadata.contentIdentifier, burstID: metadata.burstID,
          duration: metadata.duration, serial: metadata.serial))
    } catch {
      return .failed(error)
    }
  }

  private func warn(_ message: String, into summary: inout IndexSummary) {
    logger.warning("\(message)")
    summary.warn(message)
  }
}

/// What reading one file gave.
enum ReadOutcome: Sendable {
  case media(FileRecord)
  /// Not a photo or video; the stamp to recognise it by next time.
  case notMedia(FileStamp)
  case failed(MetadataError)
}
