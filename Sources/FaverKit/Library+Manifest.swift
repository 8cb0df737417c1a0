public import FaverCore
internal import FaverFiles
internal import FaverStore
public import Foundation
import Logging

/// The manifest: the review queue as a file, written by `cluster` (and so `refresh`) from the
/// saved queue as it is read.
extension Library {
  /// What `cluster` wrote.
  public struct Clustering: Sendable {
    public var mode: MomentClusterer.Mode
    /// The gap at or above which a new moment started.
    public var thresholdSeconds: Double
    public var progress: ReviewProgress
    /// Every moment in queue order, the reviewed ones too.
    public var moments: [QueuedMoment]
    /// With `explain`: the clustering itself, made in memory, which says how the threshold was
    /// chosen and where each asset was placed.
    public var explained: MomentClusterer.Result?
    /// How many moments of the manifest written were copied from the file written before (the
    /// others were written anew); 0 when none was written.
    public var copiedMoments = 0
    /// How many items of the saved queue were read to write it: those of the moments it wrote,
    /// and of those whose fingerprint needed them (see `IndexStore.readQueue`); 0 when none was
    /// written.
    public var itemsRead = 0

    /// The moments with something left to review: those the manifest lists.
    public var momentsToReview: [QueuedMoment] { moments.filter { $0.reviewed < $0.total } }
  }

  /// Clusters the library in `mode` (see `clusteringMode`), writes the manifest atomically into
  /// the store folder and into `extraFolder`, and remembers the mode for the calls that name
  /// none. The queue is saved in the store (rebuilt only when the library, the clock corrections
  /// or the mode changed), and the manifest is written from it as it is read, into every file and
  /// into `output` (to print it), never held whole in memory. Without `explain`, files that are as
  /// they would be written (see `unchangedManifest`) are left as they are, and `output` is handed
  /// the store's copy. The store's copy and the mode are
  /// saved first, so a failing `extraFolder` leaves them in step; an error of `output` is thrown
  /// once the files are in place. `explain` also makes the clustering in memory (see
  /// `Clustering.explained`). A `manifest.json` in `extraFolder` that faver did not write is
  /// never replaced: nothing is written there, and `LibraryError.foreignManifest` is thrown once
  /// the store's copy is in place.
  @discardableResult
  public func cluster(
    mode: MomentClusterer.Mode? = nil, extraFolder: URL? = nil, now: Date = Date(), explain: Bool = false,
    output: ((UnsafeRawBufferPointer) throws -> Void)? = nil
  ) throws -> Clustering {
    // Writable first: a read-only index must fail before the manifest is replaced.
    let store = try store
    let mode = try clusteringMode(mode)
    // The queue made fresh and the manifest written from it in one transaction.
    return try store.updatingQueue { queue in
      var explained: MomentClusterer.Result?
      if explain {
        // The clustering itself, in memory, to say how it was made; saved when the queue is stale.
        let generation = try queue.dataGeneration()
        var assets = QueuePlanner.paired(try queue.unpairedAssets())
        placed(&assets, corrections: try queue.clockCorrections(), ordered: false)
        let cuts = MomentClusterer(mode: mode).cuts(in: assets)
        explained = cuts.result(of: assets)
        if try !queue.isFresh(mode: mode, recipe: Self.queueRecipe) {
          try saveQueue(&assets, cuts: cuts, generation: generation, in: queue)
        }
      } else if try !queue.isFresh(mode: mode, recipe: Self.queueRecipe) {
        _ = try timed("The review queue made fresh") { try freshen(queue, mode: mode) }
      }
      if !explain, let unchanged = try unchangedManifest(in: queue, mode: mode, extraFolder: extraFolder) {
        if let output { try copyManifest(to: output) }
        return unchanged
      }
      var written = try timed("The manifest written") {
        try writeManifest(from: queue, mode: mode, extraFolder: extraFolder, now: now, output: output)
      }
      written.explained = explained
      return written
    }
  }

  /// Writes the manifest of the saved queue of `mode`, fresh in the transaction of `queue` (see
  /// `cluster`). Each moment whose fingerprint the store's manifest
  /// as last written holds (see `ManifestPieces`) is copied from it, byte for byte; the others,
  /// the beginning and the end are written.
  private func writeManifest(
    from queue: IndexStore.QueueSnapshot, mode: MomentClusterer.Mode, extraFolder: URL?, now: Date,
    output: ((UnsafeRawBufferPointer) throws -> Void)?
  ) throws -> Clustering {
    let source = try queue.manifestSource(writer: Self.manifestWriter)
    let manifest = folder.appendingPathComponent(Self.manifestFileName)
    // The store's copy first: a folder given for the extra copy that cannot be written must not
    // keep the store's own manifest (and the mode) from being written.
    var files = [try AtomicFile(replacing: manifest, mode: StoreFolder.fileMode)]
    var extraError: (any Error)?
    if let extraFolder {
      do {
        try checkOutManifest(in: extraFolder)
        files.append(try AtomicFile(replacing: extraFolder.appendingPathComponent(Self.manifestFileName)))
      } catch {
        extraError = error
      }
    }
    var outputError: (any Error)?
    func sink(_ bytes: UnsafeRawBufferPointer) throws {
      for file in files { try file.write(bytes) }
      guard let output, outputError == nil else { return }
      do { try output(bytes) } catch { outputError = error }
    }
    var writer: Manifest.Writer?
    var written: Clustering?
    var last: LastManifest?
    var pieces: [ManifestPieces.Piece] = []
    var signalGeneration = 0
    let read = try queue.read(
      signals: SignalAnalyzer.version,
      header: { header in
        signalGeneration = header.signalGeneration
        writer = Manifest.Writer(
          generatedAt: Manifest.timestamp(now), mode: Manifest.name(of: mode),
          thresholdSeconds: header.threshold,
          progress: header.progress, sink: sink)
        written = Clustering(
          mode: mode, thresholdSeconds: header.threshold, progress: header.progress,
          moments: header.moments)
        last = LastManifest(
          folder: folder, manifest: manifest, writer: Self.manifestWriter,
          signalGeneration: header.signalGeneration)
      },
      pending: { moment, fingerprint, bursts, candidates in
        guard let writer else { return }
        var row = Manifest.Fingerprint()
        row.add(moment: moment)
        let threshold = moment.boundary.thresholdSeconds
        if let copied = try last?.withBytes(
          of: fingerprint,
          { bytes, was -> ManifestPieces.Piece? in
            // The fingerprint leaves the threshold's value out: the new one takes the old one's
            // place (see `Manifest.Writer.write(copied:threshold:)`).
            let range: Range<Int>?
            switch (was, threshold) {
            case (nil, nil): range = writer.write(copied: bytes)
            case (let was?, let threshold?) where was.value.bitPattern == threshold.bitPattern:
              range = writer.write(copied: bytes)
            case (let was?, let threshold?):
              let old = was.offset..<was.offset + PrettyJSON.text(of: was.value).utf8.count
              range = try writer.write(
                copied: bytes, threshold: threshold, replacing: old, previous: was.value)
            default: range = nil
            }
            return range.map {
              ManifestPieces.Piece(
                fingerprint: fingerprint, row: row, range: $0,
                threshold: was.flatMap { was in threshold.map { .init(offset: was.offset, value: $0) } })
            }
          }), let copied
        {
          pieces.append(copied)
          written?.copiedMoments += 1
          return
        }
        let range = try writer.write(
          Manifest.MomentEntry(
            moment.summary, boundary: moment.boundary, totalInWindow: moment.total,
            reviewedInWindow: moment.reviewed, assetsToReview: bursts(),
            groups: SimilarGrouper().groups(in: candidates())))
        var stated: ManifestPieces.Piece.Threshold?
        if let at = writer.lastThreshold, let threshold {
          stated = ManifestPieces.Piece.Threshold(offset: at.lowerBound - range.lowerBound, value: threshold)
        }
        pieces.append(
          ManifestPieces.Piece(fingerprint: fingerprint, row: row, range: range, threshold: stated))
      })
    last = nil
    guard let writer, var written else {
      throw LibraryError.cannotUpdateIndex(store: folder.path, reason: "the review queue was not saved")
    }
    written.itemsRead = read
    logger.debug("The manifest: \(written.copiedMoments) moments copied, \(read) items read")
    try writer.finish()
    // The pieces of the file replaced no longer hold: removed first, so a run killed meanwhile
    // leaves none rather than wrong ones (their file's state would differ anyway).
    ManifestPieces.remove(in: folder)
    try files[0].commit()
    if let state = Self.fileStates([manifest.path])[manifest.path] {
      // Kept for the next write only: without them, it writes the whole file.
      try? ManifestPieces(
        header: ManifestPieces.Header(
          writer: Self.manifestWriter, signalGeneration: signalGeneration, file: state, count: pieces.count),
        pieces: pieces
      ).write(in: folder)
    }
    try queue.setClusteringMode(mode)
    for file in files.dropFirst() {
      // Checked again: a file put there while the manifest was written is not replaced either.
      try checkOutManifest(in: extraFolder)
      try file.commit()
    }
    if let extraError { throw extraError }
    if let source {
      try queue.keepWrittenManifest(
        IndexStore.WrittenManifest(source: source, files: Self.fileStates(manifestPaths(extraFolder))))
    }
    if let outputError { throw outputError }
    return written
  }

  /// What `cluster` returns when the manifest files are as it would write them (but the time in
  /// them): written from the saved queue as it is, the same review marks and signals, by this
  /// very binary, and not touched since. Nil when anything differs: then they are written.
  private func unchangedManifest(
    in queue: IndexStore.QueueSnapshot, mode: MomentClusterer.Mode, extraFolder: URL?
  ) throws -> Clustering? {
    guard let source = try queue.manifestSource(writer: Self.manifestWriter),
      let written = try queue.writtenManifest(), written.source == source,
      case let paths = manifestPaths(extraFolder), case let states = Self.fileStates(paths),
      states.count == paths.count, written.files == states,
      let header = try queue.queueHeader(), header.mode == mode
    else { return nil }
    if try queue.clusteringMode() != mode { try queue.setClusteringMode(mode) }
    return Clustering(
      mode: mode, thresholdSeconds: header.threshold, progress: header.progress, moments: header.moments)
  }

  /// Hands `output` the store's manifest file as it is, a megabyte at a time, in one buffer (a
  /// file replaced meanwhile is read whole, old or new: files are replaced by renaming).
  private func copyManifest(to output: (UnsafeRawBufferPointer) throws -> Void) throws {
    let handle = try FileHandle(forReadingFrom: folder.appendingPathComponent(Self.manifestFileName))
    defer { try? handle.close() }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    var offset = 0
    while case let count = try handle.read(into: buffer, at: offset), count > 0 {
      try output(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      offset += count
    }
  }

  /// The manifest files `cluster` writes: the store's, then the one in `extraFolder`.
  private func manifestPaths(_ extraFolder: URL?) -> [String] {
    [folder, extraFolder].compactMap { $0?.appendingPathComponent(Self.manifestFileName).path }
  }

  /// The manifest's writer: its schema, the signals' version, and this binary as a file (another
  /// build of faver may write other bytes).
  static let manifestWriter: String = {
    let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    let state = fileStates([binary])[binary] ?? "unknown"
    return
      "schema \(Manifest.currentSchemaVersion) signals \(SignalAnalyzer.version) binary \(binary) \(state)"
  }()

  /// What `stat` says of each file that exists: size, modification time, inode.
  static func fileStates(_ paths: [String]) -> [String: String] {
    var states: [String: String] = [:]
    for path in paths {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let size = attributes[.size] as? NSNumber,
        let modified = attributes[.modificationDate] as? Date,
        let inode = attributes[.systemFileNumber] as? NSNumber
      else { continue }
      states[path] = "\(size) \(modified.timeIntervalSince1970.bitPattern) \(inode)"
    }
    return states
  }
}
