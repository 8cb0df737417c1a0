import FaverCore
import FaverMetadata
import FaverStore
import Foundation
import Logging

/// Walks library roots and brings the index up to date with them.
public struct Indexer {
  public var store: IndexStore
  public var walker: LibraryWalker
  public var reader: MetadataReader
  public var logger: Logger
  /// Files written per transaction.
  public var batchSize = 500

  public init(
    store: IndexStore, walker: LibraryWalker = LibraryWalker(), reader: MetadataReader = MetadataReader(),
    logger: Logger = Logger(label: "faver.index")
  ) {
    self.store = store
    self.walker = walker
    self.reader = reader
    self.logger = logger
    self.walker.excludedFolders.insert(store.folder.standardizedFileURL.path)
  }

  /// Indexes every root; a root that cannot be indexed is reported and the others go on.
  public func index(roots: [String]) throws -> IndexSummary {
    let clock = ContinuousClock.now
    var summary = IndexSummary()
    for root in roots {
      do {
        try index(root: try Self.canonical(root), into: &summary)
      } catch let error as IndexError {
        logger.error("\(error)")
        summary.failedRoots.append(root)
        summary.warnings.append(error.description)
      }
    }
    let elapsed = ContinuousClock.now - clock
    summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
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
    let known = try store.files(inRoot: rootId)
    var seen: Set<String> = []
    var unreadableFolders: [String] = []
    var pending: [FileRecord] = []

    try walker.walk(root: root) { event in
      switch event {
      case .file(let found):
        summary.filesSeen += 1
        seen.insert(found.relativePath)
        let previous = known[found.relativePath]
        if let previous, previous.stamp == found.stamp {
          summary.unchanged += 1
          if previous.problem != nil { summary.withProblems += 1 }
          return
        }
        guard var record = read(found, rootId: rootId, summary: &summary) else {
          seen.remove(found.relativePath)
          return
        }
        record.id = previous?.id
        if previous == nil { summary.added += 1 } else { summary.updated += 1 }
        if record.problem != nil {
          summary.withProblems += 1
          logger.info("\(found.absolutePath): \(record.problem ?? "")")
        }
        pending.append(record)
        if pending.count >= batchSize {
          try store.apply(upserts: pending, removals: [])
          pending.removeAll(keepingCapacity: true)
        }
      case .ignored:
        summary.ignored += 1
      case .symlinkSkipped:
        summary.skip(.symlink)
      case .issue(let issue, let folder):
        warn(issue.description, into: &summary)
        if let folder { unreadableFolders.append(folder) }
        if case .nonUTF8Name = issue { summary.skip(.nonUTF8Name) }
        if case .vanished = issue { summary.skip(.vanished) }
        if case .unreadableEntry = issue { summary.skip(.unreadable) }
      }
    }
    // A file counts as deleted only when the folder it was in was read in full.
    let removals = known.values.filter { record in
      !seen.contains(record.path)
        && !unreadableFolders.contains { $0.isEmpty || record.path.hasPrefix($0 + "/") }
    }
    summary.removed += removals.count
    try store.apply(upserts: pending, removals: removals.compactMap(\.id))
  }

  /// Reads one file; nil (with the reason counted) when it is not indexed.
  private func read(_ found: FoundFile, rootId: Int64, summary: inout IndexSummary) -> FileRecord? {
    do {
      let source = try FileByteSource(path: found.absolutePath)
      let head = try source.read(at: 0, count: AssetID.headLength)
      guard
        let metadata = try reader.read(
          source, head: head, modified: found.modified,
          name: String(found.relativePath.split(separator: "/").last ?? ""))
      else {
        summary.skip(.notMedia)
        return nil
      }
      return FileRecord(
        rootId: rootId, path: found.relativePath, assetId: AssetID(size: source.size, head: head),
        format: metadata.format.rawValue, kind: metadata.kind, stamp: found.stamp,
        captureTime: metadata.captureTime, coordinate: metadata.coordinate, make: metadata.make,
        model: metadata.model, problem: metadata.problemSummary,
        contentIdentifier: metadata.contentIdentifier, burstID: metadata.burstID)
    } catch {
      summary.skip(error.isVanished ? .vanished : .unreadable)
      warn(error.description, into: &summary)
      return nil
    }
  }

  private func warn(_ message: String, into summary: inout IndexSummary) {
    logger.warning("\(message)")
    summary.warnings.append(message)
  }
}
