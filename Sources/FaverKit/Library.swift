public import FaverCore
internal import FaverFiles
package import FaverStore
public import Foundation
public import Logging
import Synchronization

/// A faver library, and every use case of the product: the one door the CLI and the web page
/// go through.
///
/// It owns the store folder (`index.sqlite`, the writer `lock`, `manifest.json`), the indexer and
/// the review state, and keeps the rules that hold across commands:
/// - one writer at a time: `index` and `refresh` take the store's lock (`LibraryError.busy`
///   when another run holds it and `waitForLock` is off); marks, reads and the cursor do not
///   need it, SQLite keeps them consistent;
/// - the clustering mode `cluster` or `refresh` last wrote the manifest with is remembered, and
///   is the mode of every call that names none (smart until one is named);
/// - `refresh` with no roots means every root indexed before, and is `index` then `cluster`.
public final class Library: Sendable {
  /// The store folder.
  public let folder: URL
  let logger: Logger
  /// The index, opened (created, migrated) on first use: by `index` and `refresh` only once they
  /// hold the writer lock, so runs that start together on a new store never migrate it at once.
  private let opened: Mutex<IndexStore?>

  public static let manifestFileName = "manifest.json"

  /// The library whose store is `folder` (see `StoreLocation`); the store is created when first
  /// needed.
  public static func open(store folder: URL, logger: Logger = Logger(label: "faver")) -> Library {
    Library(folder: folder, store: nil, logger: logger)
  }

  /// A library on `store` (an in-memory one in tests) that writes its manifest and takes its lock
  /// in `folder`.
  package convenience init(store: IndexStore, folder: URL, logger: Logger = Logger(label: "faver")) {
    self.init(folder: folder, store: store, logger: logger)
  }

  private init(folder: URL, store: IndexStore?, logger: Logger) {
    self.folder = folder
    self.logger = logger
    opened = Mutex(store)
  }

  /// The index, opening it on first use.
  var store: IndexStore {
    get throws {
      try opened.withLock { opened in
        if let opened { return opened }
        let store = try IndexStore(folder: folder)
        opened = store
        return store
      }
    }
  }

  // MARK: - Indexing: one writer at a time

  /// Walks `roots` and brings the index up to date with them (see `Indexer`); a root that cannot
  /// be indexed is reported in the summary (`failedRoots`) and the others go on. `progress` is
  /// called on the calling thread as the run advances.
  public func index(
    _ roots: [String], followSymlinks: Bool = false, waitForLock: Bool = false,
    progress: ((IndexProgress) -> Void)? = nil
  ) throws -> IndexSummary {
    let lock = try takeLock(wait: waitForLock)
    defer { withExtendedLifetime(lock) {} }
    return try indexHoldingLock(roots, followSymlinks: followSymlinks, progress: progress)
  }

  /// What `refresh` did.
  public struct Refresh: Sendable {
    /// The roots refreshed: those named, else every root indexed before.
    public var roots: [String]
    public var index: IndexSummary
    public var manifest: Manifest
  }

  /// The unattended run: indexes `roots` (every root indexed before when none is named), then
  /// writes the manifest (see `cluster`) in `mode`, else the mode remembered. Marks and the
  /// cursor are never touched. Throws `LibraryError.noRoots` when nothing was ever indexed.
  public func refresh(
    _ roots: [String] = [], mode: MomentClusterer.Mode? = nil, followSymlinks: Bool = false,
    waitForLock: Bool = false, extraFolder: URL? = nil, now: Date = Date(),
    progress: ((IndexProgress) -> Void)? = nil
  ) throws -> Refresh {
    let lock = try takeLock(wait: waitForLock)
    defer { withExtendedLifetime(lock) {} }
    let folders = roots.isEmpty ? try knownRoots() : roots
    guard !folders.isEmpty else { throw LibraryError.noRoots(store: folder.path) }
    let summary = try indexHoldingLock(folders, followSymlinks: followSymlinks, progress: progress)
    let manifest = try cluster(mode: mode, extraFolder: extraFolder, now: now).manifest
    return Refresh(roots: folders, index: summary, manifest: manifest)
  }

  /// The roots indexed so far, in the order they were first indexed.
  public func knownRoots() throws -> [String] {
    try store.roots().sorted { $0.key < $1.key }.map(\.value)
  }

  // MARK: - The library as indexed

  /// Every indexed asset once, in capture order (see `IndexStore.assets`).
  public func assets() throws -> [Asset] { try store.assets() }

  // MARK: - Review

  /// The mode `mode` names, else the one `cluster` or `refresh` last wrote the manifest with,
  /// else smart.
  public func clusteringMode(_ mode: MomentClusterer.Mode? = nil) throws -> MomentClusterer.Mode {
    try mode ?? store.clusteringMode() ?? .smart
  }

  /// The moments of the whole library and the queue left to review, in `mode` (see
  /// `clusteringMode`).
  public func queue(mode: MomentClusterer.Mode? = nil) throws -> (
    clustering: MomentClusterer.Result, queue: ReviewQueue
  ) {
    let clustering = MomentClusterer(mode: try clusteringMode(mode)).moments(in: try store.assets())
    return (clustering, ReviewQueue(moments: clustering.moments, reviewed: try store.reviewedIDs()))
  }

  /// How much of the library is reviewed, and how many moments are left.
  public struct Status: Hashable, Sendable {
    public var progress: ReviewProgress
    public var momentsToReview: Int
    public var moments: Int
  }

  public func status(mode: MomentClusterer.Mode? = nil) throws -> Status {
    let (clustering, queue) = try queue(mode: mode)
    return Status(
      progress: queue.progress, momentsToReview: queue.entries.count, moments: clustering.moments.count)
  }

  /// What to look at now.
  public struct Item: Hashable, Sendable {
    public var asset: Asset
    /// The asset's burst, as far as it is still to review.
    public var burst: Burst
    public var progress: ReviewProgress
  }

  /// What to show now: the asset at the saved cursor, or the next unreviewed one after it (see
  /// `ReviewQueue.resume`), with its burst; nil when nothing is left to review. The cursor is
  /// saved on that asset, so asking again without marking it shows it again; once it is marked,
  /// the next call moves on past it.
  public func next(mode: MomentClusterer.Mode? = nil) throws -> Item? {
    let queue = try queue(mode: mode).queue
    guard let found = queue.resume(from: try store.cursor()) else { return nil }
    try store.setCursor(Cursor(at: found.asset))
    return Item(asset: found.asset, burst: found.burst, progress: queue.progress)
  }

  /// The progress of the whole library (the same in every mode).
  public func progress() throws -> ReviewProgress { try queue().queue.progress }

  /// Marks assets; every id must be indexed, or nothing is marked (`LibraryError.unknownAssets`).
  public func mark(_ ids: [AssetID], as mark: ReviewMark, at date: Date = Date()) throws {
    let known = try store.knownAssetIDs(among: ids)
    let unknown = ids.filter { !known.contains($0) }
    guard unknown.isEmpty else { throw LibraryError.unknownAssets(unknown) }
    try store.mark(ids, as: mark, at: date)
  }

  /// Where `next` resumes: the saved cursor and the asset it is on (nil when that asset is no
  /// longer indexed); nil when there is no cursor.
  public func cursor() throws -> (cursor: Cursor, asset: Asset?)? {
    guard let cursor = try store.cursor() else { return nil }
    return (cursor, try store.assets().first { $0.id == cursor.assetID })
  }

  /// Forgets the cursor, so `next` starts at the first unreviewed asset of the queue. Marks are
  /// kept.
  public func resetCursor() throws { try store.setCursor(nil) }

  /// What `cluster` made.
  public struct Clustering: Sendable {
    public var clustering: MomentClusterer.Result
    public var queue: ReviewQueue
    public var manifest: Manifest
  }

  /// Clusters the library in `mode` (see `clusteringMode`), writes the manifest atomically into
  /// the store folder and into `extraFolder`, and remembers the mode for the calls that name
  /// none. The manifest is encoded once, a buffer at a time, into every file and into `output`
  /// (to print it) as it goes, never held whole in memory. The store's copy and the mode are
  /// saved first, so a failing `extraFolder` leaves them in step; an error of `output` is thrown
  /// once the files are in place.
  @discardableResult
  public func cluster(
    mode: MomentClusterer.Mode? = nil, extraFolder: URL? = nil, now: Date = Date(),
    output: ((UnsafeRawBufferPointer) throws -> Void)? = nil
  ) throws -> Clustering {
    let (clustering, queue) = try queue(mode: mode)
    let manifest = Manifest(clustering: clustering, queue: queue, generatedAt: now)
    let files = try ([folder] + (extraFolder.map { [$0] } ?? [])).map {
      try AtomicFile(replacing: $0.appendingPathComponent(Self.manifestFileName))
    }
    var outputError: (any Error)?
    try manifest.encode { bytes in
      for file in files { try file.write(bytes) }
      guard let output, outputError == nil else { return }
      do { try output(bytes) } catch { outputError = error }
    }
    try files[0].commit()
    try store.setClusteringMode(clustering.mode)
    for file in files.dropFirst() { try file.commit() }
    if let outputError { throw outputError }
    return Clustering(clustering: clustering, queue: queue, manifest: manifest)
  }

  // MARK: - Helpers

  /// The store's writer lock, or `LibraryError.busy` when another run holds it and `wait` is off.
  private func takeLock(wait: Bool) throws -> StoreLock {
    do {
      return try StoreLock(folder: folder, wait: wait)
    } catch .busy {
      throw LibraryError.busy(store: folder.path)
    }
  }

  private func indexHoldingLock(
    _ roots: [String], followSymlinks: Bool, progress: ((IndexProgress) -> Void)?
  ) throws -> IndexSummary {
    var indexer = Indexer(
      store: try store, walker: LibraryWalker(followSymlinks: followSymlinks),
      logger: Logger(label: logger.label + ".index"), storeFolder: folder)
    indexer.progress = progress
    return try indexer.index(roots: roots)
  }
}
