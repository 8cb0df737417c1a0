public import FaverCore
internal import FaverFiles
internal import FaverSidecars
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
  /// Told when the review queue is built from the whole library (the assets it is built from),
  /// then with nil once it is saved: a wait of seconds at a million photos, which the command line
  /// shows on a terminal (see `open(store:logger:queueBuild:)`).
  let queueBuild: (@Sendable (_ assets: Int?) -> Void)?
  /// The index, opened (created, migrated) on first use: by `index` and `refresh` only once they
  /// hold the writer lock, so runs that start together on a new store never migrate it at once.
  private let opened: Mutex<IndexStore?>

  public static let manifestFileName = "manifest.json"

  /// The library whose store is `folder` (see `StoreLocation`); the store is created when first
  /// needed. `queueBuild` is told when the review queue is built from the whole library, and when
  /// that is done (see `queueBuild`).
  public static func open(
    store folder: URL, logger: Logger = Logger(label: "faver"),
    queueBuild: (@Sendable (_ assets: Int?) -> Void)? = nil
  ) -> Library {
    Library(folder: folder, store: nil, logger: logger, queueBuild: queueBuild)
  }

  /// A library on `store` (an in-memory one in tests) that writes its manifest and takes its lock
  /// in `folder`.
  package convenience init(
    store: IndexStore, folder: URL, logger: Logger = Logger(label: "faver"),
    queueBuild: (@Sendable (_ assets: Int?) -> Void)? = nil
  ) {
    self.init(folder: folder, store: store, logger: logger, queueBuild: queueBuild)
  }

  private init(
    folder: URL, store: IndexStore?, logger: Logger, queueBuild: (@Sendable (_ assets: Int?) -> Void)?
  ) {
    self.folder = folder
    self.logger = logger
    self.queueBuild = queueBuild
    opened = Mutex(store)
  }

  /// The index, opening it on first use. Only `index` and `refresh` create a store: every other
  /// use case on a folder without one throws `LibraryError.noStore` (a mistyped `--store` must
  /// not become an empty library "100% reviewed"). `readOnly` is for use cases that only read:
  /// they still work on an index that cannot be written (read-only file or folder, full disk).
  /// `creating` (a writer holding the lock) also keeps a damaged index aside, never deleted.
  func store(creating: Bool = false, readOnly: Bool = false) throws -> IndexStore {
    try opened.withLock { opened in
      if let opened, readOnly || !opened.isReadOnly { return opened }
      let file = folder.appendingPathComponent(IndexStore.fileName).path
      guard creating || FileManager.default.fileExists(atPath: file) else {
        throw LibraryError.noStore(path: folder.path)
      }
      let store = try IndexStore(folder: folder, readOnly: readOnly && !creating, keepingDamaged: creating)
      opened = store
      return store
    }
  }

  /// The index, which must exist.
  var store: IndexStore { get throws { try store(creating: false) } }

  /// The index, which must exist, for use cases that only read it.
  var readableStore: IndexStore { get throws { try store(creating: false, readOnly: true) } }

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
    let summary = try indexHoldingLock(roots, followSymlinks: followSymlinks, progress: progress)
    keepQueueFresh()
    return summary
  }

  /// Once a review queue has been saved (by `cluster`, `next`, `status` …), an `index` that changed
  /// the library saves it again, so the review commands after it answer at once; the first index
  /// of a library leaves that to the first of them. A queue that cannot be saved now is left
  /// stale (with a warning): the next command rebuilds it, and the index stays as written.
  func keepQueueFresh() {
    do {
      guard try store.hasSavedQueue() else { return }
      let mode = try clusteringMode()
      let freshening = try timed("The review queue made fresh") { try freshenQueue(mode: mode) }
      logger.debug("The review queue: \(freshening)")
    } catch {
      logger.warning("the review queue was not saved again (the next command rebuilds it): \(error)")
    }
  }

  /// What `refresh` did.
  public struct Refresh: Sendable {
    /// The roots refreshed: those named, else every root indexed before.
    public var roots: [String]
    public var index: IndexSummary
    /// The manifest written.
    public var manifest: Clustering
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
    let hasStore = FileManager.default.fileExists(
      atPath: folder.appendingPathComponent(IndexStore.fileName).path)
    let folders = roots.isEmpty && hasStore ? try knownRoots() : roots
    guard !folders.isEmpty else { throw LibraryError.noRoots(store: folder.path) }
    _ = try store(creating: true)
    let summary = try indexHoldingLock(folders, followSymlinks: followSymlinks, progress: progress)
    let manifest = try cluster(mode: mode, extraFolder: extraFolder, now: now)
    return Refresh(roots: folders, index: summary, manifest: manifest)
  }

  /// The roots indexed so far, in the order they were first indexed.
  public func knownRoots() throws -> [String] {
    try readableStore.roots().sorted { $0.key < $1.key }.map(\.value)
  }

  /// A root as the store knows it.
  public struct Root: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
      /// The folder is there.
      case present
      /// The folder is gone (an unmounted drive?); what was indexed under it is kept.
      case missing
    }

    public var path: String
    /// Photos and videos indexed under it (copies and Live Photo videos counted).
    public var files: Int
    public var state: State
  }

  /// The roots indexed so far, in the order they were first indexed.
  public func roots() throws -> [Root] {
    let store = try readableStore
    let counts = try store.fileCounts()
    return try store.roots().sorted { $0.key < $1.key }.map { id, path in
      var isFolder: ObjCBool = false
      let present = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
      return Root(path: path, files: counts[id] ?? 0, state: present ? .present : .missing)
    }
  }

  /// Drops a root from the store (an old drive, a folder given by mistake): its files leave the
  /// queue; their marks are kept by content and come back if the photos are indexed elsewhere.
  /// Takes the writer lock. Throws `LibraryError.unknownRoot` when it is not a root.
  public func forgetRoot(_ root: String, waitForLock: Bool = false) throws -> Root {
    let lock = try takeLock(wait: waitForLock)
    defer { withExtendedLifetime(lock) {} }
    let roots = try roots()
    let candidates = [root, URL(fileURLWithPath: root).standardizedFileURL.path, Self.canonical(root)]
    guard let known = roots.first(where: { candidates.contains($0.path) }), try store.forgetRoot(known.path)
    else {
      throw LibraryError.unknownRoot(path: root, roots: roots.map(\.path))
    }
    return known
  }

  /// `path` made absolute (against the current folder) with its symbolic links resolved, as
  /// roots are stored.
  static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// The asset indexed at each path (absolute, or relative to the current folder), in order. A
  /// relative path that names no indexed file from here is also looked up below each root, as
  /// `faver assets` and `faver next` print them, when exactly one root holds it. Throws
  /// `LibraryError.unknownPaths` naming every path that is not an indexed file.
  public func assetIDs(forPaths paths: [String]) throws -> [AssetID] {
    let store = try readableStore
    let roots = try store.roots().values.sorted { $0.count > $1.count }  // the deepest root first
    var ids: [AssetID] = []
    var unknown: [String] = []
    for path in paths {
      let absolute = Self.canonical(path)
      let found = try roots.lazy.compactMap { root -> AssetID? in
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return try store.assetID(root: root, path: String(absolute.dropFirst(prefix.count)))
      }.first
      if let found {
        ids.append(found)
        continue
      }
      let belowRoots =
        path.hasPrefix("/") ? [] : try Set(roots.compactMap { try store.assetID(root: $0, path: path) })
      if belowRoots.count == 1, let only = belowRoots.first { ids.append(only) } else { unknown.append(path) }
    }
    guard unknown.isEmpty else { throw LibraryError.unknownPaths(unknown) }
    return ids
  }

  // MARK: - The clustering mode

  /// The mode `mode` names, else the one `cluster` or `refresh` last wrote the manifest with,
  /// else smart. A library that remembers adaptive mode, which faver no longer has, is told once
  /// and remembers smart from then on.
  public func clusteringMode(_ mode: MomentClusterer.Mode? = nil) throws -> MomentClusterer.Mode {
    if let mode { return mode }
    let readable = try readableStore
    if let remembered = try readable.clusteringMode() { return remembered }
    if try readable.remembersAdaptiveMode() {
      logger.warning(
        "Adaptive mode is gone (it cut moments worse than smart mode on libraries it was not tuned on): this library's moments are cut in smart mode from now on."
      )
      try? store.setClusteringMode(.smart)
    }
    return .smart
  }

  // MARK: - Helpers

  /// Every indexed asset once (see `IndexStore.unpairedAssets`), paired, at its true instant: the camera clock
  /// corrections applied and zones inferred for wall-clock-only times (see `Timeline`).
  /// `ordered`: in capture order (by the placed instant; ties keep the store's order: root, then
  /// path); otherwise in the store's order, for the use cases that order them themselves
  /// (clustering sorts its bursts).
  func placedAssets(_ store: IndexStore, ordered: Bool = true) throws -> [Asset] {
    var assets = try timed("The assets read") { QueuePlanner.paired(try store.unpairedAssets()) }
    placed(&assets, corrections: try store.clockCorrections(), ordered: ordered)
    return assets
  }

  /// Places `assets` on the timeline with `corrections` (see `Timeline`), and puts them in the
  /// order of their placed instants when `ordered`.
  func placed(_ assets: inout [Asset], corrections: [ClockCorrection], ordered: Bool) {
    timed("The assets placed on the timeline") { Timeline().place(&assets, corrections: corrections) }
    guard ordered else { return }
    let instants = assets.map(\.captureTime.instant)
    guard zip(instants, instants.dropFirst()).contains(where: { $0 > $1 }) else { return }
    let order = instants.indices.sorted {
      instants[$0] != instants[$1] ? instants[$0] < instants[$1] : $0 < $1
    }
    assets = order.map { assets[$0] }
  }

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
      store: try store(creating: true), walker: LibraryWalker(followSymlinks: followSymlinks),
      logger: Logger(label: logger.label + ".index"), storeFolder: folder)
    indexer.progress = progress
    do {
      return try indexer.index(roots: roots)
    } catch {
      // The writer's error (a full disk, an I/O error) says nothing of where: name the store.
      throw LibraryError.cannotUpdateIndex(store: folder.path, reason: "\(error)")
    }
  }
}
