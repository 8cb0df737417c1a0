import FaverCore
import FaverStore
import Foundation

/// The review use cases: cluster the index, build the queue, resume, mark, write the manifest.
public struct ReviewSession: Sendable {
  public var store: IndexStore
  public var clusterer: MomentClusterer

  public static let manifestFileName = "manifest.json"

  public init(store: IndexStore, clusterer: MomentClusterer = MomentClusterer()) {
    self.store = store
    self.clusterer = clusterer
  }

  /// The moments of the whole index and the queue left to review.
  public func queue() throws -> (clustering: MomentClusterer.Result, queue: ReviewQueue) {
    let clustering = clusterer.moments(in: try store.assets())
    return (clustering, ReviewQueue(moments: clustering.moments, reviewed: try store.reviewedIDs()))
  }

  /// What to show now: the asset at the saved cursor, or the next unreviewed one after it (see
  /// `ReviewQueue.resume`), with its burst. The cursor is saved on that asset, so asking again
  /// without marking it shows it again; once it is marked, the next call moves on past it.
  public func next() throws -> (asset: Asset, burst: Burst, progress: ReviewProgress)? {
    let queue = try queue().queue
    guard let found = queue.resume(from: try store.cursor()) else { return nil }
    try store.setCursor(Cursor(at: found.asset))
    return (found.asset, found.burst, queue.progress)
  }

  /// The saved cursor and the asset it is on (nil when that asset is no longer indexed); nil when
  /// there is no cursor.
  public func cursor() throws -> (cursor: Cursor, asset: Asset?)? {
    guard let cursor = try store.cursor() else { return nil }
    return (cursor, try store.assets().first { $0.id == cursor.assetID })
  }

  /// Forgets the cursor, so the next `next()` starts at the first unreviewed asset of the queue.
  /// Marks are kept.
  public func resetCursor() throws { try store.setCursor(nil) }

  /// Marks assets; every id must be indexed, or nothing is marked.
  public func mark(_ ids: [AssetID], as mark: IndexStore.Mark, at date: Date = Date()) throws {
    let known = try store.knownAssetIDs(among: ids)
    let unknown = ids.filter { !known.contains($0) }
    guard unknown.isEmpty else { throw ReviewError.unknownAssets(unknown) }
    try store.mark(ids, as: mark, at: date)
  }

  /// Builds the manifest and writes it atomically into the store folder and into `extraFolder`.
  @discardableResult
  public func writeManifest(now: Date = Date(), extraFolder: URL? = nil) throws -> Manifest {
    try cluster(now: now, extraFolder: extraFolder).manifest
  }

  /// Clusters the index, writes the manifest (see `writeManifest`) and remembers the mode as the
  /// one to use when none is given. The manifest is encoded once, a buffer at a time, into every
  /// file and into `output` (to print it) as it goes, never held whole in memory. The store's
  /// copy and the mode are saved first, so a failing `extraFolder` leaves them in step; an error
  /// of `output` is thrown once the files are in place.
  public func cluster(
    now: Date = Date(), extraFolder: URL? = nil, output: ((UnsafeRawBufferPointer) throws -> Void)? = nil
  ) throws -> (clustering: MomentClusterer.Result, queue: ReviewQueue, manifest: Manifest) {
    let (clustering, queue) = try queue()
    let manifest = Manifest(clustering: clustering, queue: queue, generatedAt: now)
    let files = try ([store.folder] + (extraFolder.map { [$0] } ?? [])).map {
      try AtomicFile(replacing: $0.appendingPathComponent(Self.manifestFileName))
    }
    var outputError: (any Error)?
    try manifest.encode { bytes in
      for file in files { try file.write(bytes) }
      guard let output, outputError == nil else { return }
      do { try output(bytes) } catch { outputError = error }
    }
    try files[0].commit()
    try store.setClusteringMode(clusterer.mode)
    for file in files.dropFirst() { try file.commit() }
    if let outputError { throw outputError }
    return (clustering, queue, manifest)
  }
}
