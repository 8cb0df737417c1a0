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
  /// one to use when none is given. `encoded` is the manifest as written, for printing it.
  public func cluster(now: Date = Date(), extraFolder: URL? = nil) throws -> (
    clustering: MomentClusterer.Result, queue: ReviewQueue, manifest: Manifest, encoded: Data
  ) {
    let (clustering, queue) = try queue()
    let manifest = Manifest(clustering: clustering, queue: queue, generatedAt: now)
    let data = try manifest.encoded()
    for folder in [store.folder] + (extraFolder.map { [$0] } ?? []) {
      try Self.writeAtomically(data, to: folder.appendingPathComponent(Self.manifestFileName))
    }
    try store.setClusteringMode(clusterer.mode)
    return (clustering, queue, manifest, data)
  }

  /// Writes to a temporary file in the same folder, flushes it to disk, then renames it over
  /// `url`: readers see the old file or the new one, never a part, even if faver is killed or the
  /// machine loses power. Temporary files left by killed runs are removed first.
  static func writeAtomically(_ data: Data, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    removeAbandonedTemporaries(of: url.lastPathComponent, in: folder)
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
    func fail(_ reason: String) -> ReviewError {
      try? FileManager.default.removeItem(at: temporary)
      return .cannotWriteManifest(path: url.path, reason: reason)
    }
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw fail(String(cString: strerror(errno))) }
    let written = data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return true }
      var offset = 0
      while offset < bytes.count {
        let count = write(descriptor, base + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    let error = errno
    let synced = written && fsync(descriptor) == 0
    close(descriptor)
    guard written, synced else { throw fail(String(cString: strerror(written ? errno : error))) }
    guard rename(temporary.path, url.path) == 0 else { throw fail(String(cString: strerror(errno))) }
    let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)
      close(directory)
    }
  }

  /// Removes `.NAME.PID.UUID.tmp` files whose process is gone (killed mid-write).
  static func removeAbandonedTemporaries(of name: String, in folder: URL) {
    let prefix = ".\(name)."
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let fields = entry.dropFirst(prefix.count).split(separator: ".")
      guard let pid = fields.first.flatMap({ pid_t($0) }), pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
    }
  }
}
