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
  private func keepQueueFresh() {
    do {
      guard try store.hasSavedQueue() else { return }
      _ = try storeWithFreshQueue(mode: clusteringMode())
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

  // MARK: - The library as indexed

  /// Every indexed asset once, placed on the timeline (see `placedAssets`), in capture order, with
  /// its review state.
  public func assets() throws -> [Asset] {
    let store = try readableStore
    var assets = try placedAssets(store)
    let states = try store.reviewStates()
    for index in assets.indices {
      assets[index].review = assets[index].memberIDs.lazy.compactMap { states[$0] }.first ?? .unreviewed
    }
    return assets
  }

  /// Hands `body` every indexed asset once, as `assets()` lists them, one at a time: read from the
  /// saved queue (saved first when stale), so a library of any size is never in memory whole.
  public func forEachAsset(_ body: (Asset) throws -> Void) throws {
    try forEachAsset(reviewedOnly: false, body)
  }

  /// `forEachAsset`, only the reviewed assets (favorites and rejects included) when `reviewedOnly`.
  func forEachAsset(reviewedOnly: Bool, _ body: (Asset) throws -> Void) throws {
    let mode = try clusteringMode()
    for _ in 0..<3 {
      let store = try storeWithFreshQueue(mode: mode)
      if try store.forEachQueuedAsset(recipe: Self.queueRecipe, reviewedOnly: reviewedOnly, body) { return }
    }
    throw LibraryError.cannotUpdateIndex(store: folder.path, reason: "the review queue kept changing")
  }

  /// The favorites (or the rejects), in capture order: read from the saved queue's reviewed items.
  public func favorites(rejected: Bool = false) throws -> [Asset] {
    let wanted: ReviewState = rejected ? .rejected : .favorite
    var found: [Asset] = []
    try forEachAsset(reviewedOnly: true) { asset in
      if asset.review == wanted { found.append(asset) }
    }
    return found
  }

  /// What `exportFavorites` did to the album folder.
  public struct AlbumReport: Hashable, Sendable, Encodable {
    public var added = 0
    public var updated = 0
    public var removed = 0
    public var unchanged = 0
    /// Photos not exported (source missing, unreadable …), with the reason.
    public var skipped: [String] = []
    /// Entries faver made that the person has since changed: left alone.
    public var leftAlone: [String] = []
  }

  /// Brings the album folder `folder` up to date with the favorites (`rejected`: the rejects):
  /// a symbolic link to each (or a copy, with `copy`), raw files and Live Photo videos beside their photos, file
  /// names kept, collisions made unique. It removes only entries it made itself, and a second run
  /// with the same favorites writes nothing (see `AlbumExport`).
  public func exportFavorites(to folder: URL, copy: Bool = false, rejected: Bool = false) throws
    -> AlbumReport
  {
    let items = try favorites(rejected: rejected).flatMap { asset in
      zip(asset.memberIDs, asset.memberPaths).map { (id: $0, path: $1) }
    }
    let summary = try AlbumExport(folder: folder, method: copy ? .copy : .link).export(items)
    return AlbumReport(
      added: summary.added, updated: summary.updated, removed: summary.removed, unchanged: summary.unchanged,
      skipped: summary.skipped.map { "\($0.path): \($0.reason)" }, leftAlone: summary.leftAlone)
  }

  /// Where a photo's XMP sidecar lies: `IMG_1.jpg.xmp` (`ext`: darktable, digiKam, Immich,
  /// PhotoPrism) or `IMG_1.xmp` (`base`: Lightroom and Camera Raw).
  public enum SidecarNaming: String, Sendable, CaseIterable {
    case ext, base
  }

  /// What `writeSidecars` did (or, in a dry run, would do).
  public struct SidecarReport: Hashable, Sendable, Encodable {
    /// A sidecar written (or to write), with the state written: `favorite`, `rejected`, `neither`.
    public struct Written: Hashable, Sendable, Encodable {
      public var path: String
      public var state: String
    }

    public var written: [Written] = []
    /// Sidecars that already said so.
    public var unchanged = 0
    /// Sidecars left alone, with why (two photos sharing one with different states, a file that
    /// is not XMP …).
    public var skipped: [String] = []
  }

  /// Writes, beside every favorite and reject (and its raw file), an XMP sidecar other photo
  /// tools read: a favorite gets `xmp:Rating="5"`, `digiKam:PickLabel="3"`, `fstop:favorite="1"`;
  /// a reject `xmp:Rating="-1"`, `digiKam:PickLabel="1"`; an existing sidecar of a photo that is
  /// neither any more loses those. An existing sidecar is merged, never replaced: every other byte
  /// of it stays. Writes are atomic. The only use case that writes inside a photo root, and only
  /// sidecars; `dryRun` writes nothing.
  public func writeSidecars(naming: SidecarNaming = .ext, dryRun: Bool = false) throws -> SidecarReport {
    let sync = SidecarSync(naming: naming == .ext ? .ext : .base)
    var planned: [String: (state: SidecarState, files: [String])] = [:]
    var report = SidecarReport()
    var conflicting: Set<String> = []
    try forEachAsset { asset in
      let state = SidecarSync.state(of: asset.review)
      for file in SidecarSync.files(of: asset) {
        let sidecar = FaverSidecars.SidecarNaming.sidecarPath(for: file, naming: sync.naming)
        if let other = planned[sidecar], other.state != state { conflicting.insert(sidecar) }
        planned[sidecar, default: (state, [])].files.append(file)
      }
    }
    for (sidecar, plan) in planned.sorted(by: { $0.key < $1.key }) {
      guard !conflicting.contains(sidecar) else {
        report.skipped.append(
          "\(sidecar): shared by \(plan.files.joined(separator: " and ")), which are not marked alike; "
            + "use --naming ext to give each its own")
        continue
      }
      do {
        guard let bytes = try sync.change(at: sidecar, to: plan.state) else {
          if FileManager.default.fileExists(atPath: sidecar) { report.unchanged += 1 }
          continue
        }
        if !dryRun { try sync.write(bytes, to: sidecar) }
        report.written.append(SidecarReport.Written(path: sidecar, state: plan.state.rawValue))
      } catch {
        report.skipped.append("\(sidecar): \(error)")
      }
    }
    return report
  }

  /// What `importSidecars` did.
  public struct ImportReport: Hashable, Sendable, Encodable {
    public var favorites = 0
    public var rejected = 0
    /// Assets marked otherwise in faver, left as they are (`overwrite` off).
    public var kept = 0
    /// Sidecars and embedded packets that could not be read, each naming its file and why; the
    /// rest were imported.
    public var skipped: [String] = []
  }

  /// Reads the ratings other tools left (sidecars of either naming, else the XMP embedded in the
  /// file): `xmp:Rating` 5, `fstop:favorite` 1 or `digiKam:PickLabel` 3 make a favorite;
  /// `xmp:Rating` -1 or `digiKam:PickLabel` 1 a reject. Only unreviewed assets take them unless
  /// `overwrite`: a mark set in faver is never replaced otherwise.
  public func importSidecars(overwrite: Bool = false, at date: Date = Date()) throws -> ImportReport {
    var report = ImportReport()
    var marks: [ReviewMark: [AssetID]] = [:]
    var skippedSeen = Set<String>()
    try forEachAsset { asset in
      var recorded: SidecarState?
      for file in SidecarSync.files(of: asset) where recorded == nil {
        let (state, skipped) = SidecarSync.recordedState(of: file)
        recorded = state
        report.skipped += skipped.filter { skippedSeen.insert($0).inserted }
      }
      let mark: ReviewMark
      switch recorded {
      case .favorite: mark = .favorite
      case .rejected: mark = .rejected
      case .neither, nil: return
      }
      let wanted = asset.review.marked(mark)
      guard wanted != asset.review else { return }
      guard asset.review == .unreviewed || overwrite else {
        report.kept += 1
        return
      }
      marks[mark, default: []].append(asset.id)
      if mark == .favorite { report.favorites += 1 } else { report.rejected += 1 }
    }
    for (mark, ids) in marks { try store.mark(ids, as: mark, at: date) }
    return report
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

  // MARK: - Review

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

  /// The moments of the whole library and the queue left to review, in `mode` (see
  /// `clusteringMode`).
  public func queue(mode: MomentClusterer.Mode? = nil) throws -> (
    clustering: MomentClusterer.Result, queue: ReviewQueue
  ) {
    let clustering = MomentClusterer(mode: try clusteringMode(mode)).moments(
      in: try placedAssets(readableStore, ordered: false))
    return (clustering, ReviewQueue(moments: clustering.moments, reviewed: try readableStore.reviewedIDs()))
  }

  /// What `mark` did.
  public struct Marked: Hashable, Sendable {
    /// Ids whose state changed.
    public var changed: Int
    /// Ids that already were so.
    public var unchanged: Int
  }

  /// Marks assets; every id must be indexed, or nothing is marked (`LibraryError.unknownAssets`).
  /// `.unreviewed` is an undo: the assets go back in the queue at their place, and the cursor
  /// moves to the first of them in queue order, so `next` shows it.
  @discardableResult
  public func mark(_ ids: [AssetID], as mark: ReviewMark, at date: Date = Date()) throws -> Marked {
    let store = try store
    let known = try store.knownAssetIDs(among: ids)
    let unknown = ids.filter { !known.contains($0) }
    guard unknown.isEmpty else { throw LibraryError.unknownAssets(unknown) }
    let changed = try store.mark(ids, as: mark, at: date)
    if mark == .unreviewed, changed > 0 {
      let undone = Set(ids)
      _ = try storeWithFreshQueue(mode: clusteringMode())
      try store.updatingQueue { queue in
        if let first = try queue.firstPending(among: undone) { try queue.setCursor(first.cursor) }
      }
    }
    return Marked(changed: changed, unchanged: Set(ids).count - changed)
  }

  /// A moment as `cluster` saved it: what it is, why it starts where it does, how much of it is
  /// reviewed.
  public struct SavedMoment: Hashable, Sendable {
    public var summary: MomentSummary
    public var boundary: Manifest.BoundaryEntry
    /// Its assets, reviewed or not.
    public var total: Int
    public var reviewed: Int
  }

  /// What `cluster` wrote.
  public struct Clustering: Sendable {
    public var mode: MomentClusterer.Mode
    /// The gap at or above which a new moment started.
    public var thresholdSeconds: Double
    public var progress: ReviewProgress
    /// Every moment in queue order, the reviewed ones too.
    public var moments: [SavedMoment]
    /// With `explain`: the clustering itself, made in memory, which says how the threshold was
    /// chosen and where each asset was placed.
    public var explained: MomentClusterer.Result?

    /// The moments with something left to review: those the manifest lists.
    public var momentsToReview: [SavedMoment] { moments.filter { $0.reviewed < $0.total } }
  }

  /// Clusters the library in `mode` (see `clusteringMode`), writes the manifest atomically into
  /// the store folder and into `extraFolder`, and remembers the mode for the calls that name
  /// none. The queue is saved in the store (rebuilt only when the library, the clock corrections
  /// or the mode changed), and the manifest is written from it as it is read, into every file and
  /// into `output` (to print it), never held whole in memory. The store's copy and the mode are
  /// saved first, so a failing `extraFolder` leaves them in step; an error of `output` is thrown
  /// once the files are in place. `explain` also makes the clustering in memory (see
  /// `Clustering.explained`).
  @discardableResult
  public func cluster(
    mode: MomentClusterer.Mode? = nil, extraFolder: URL? = nil, now: Date = Date(), explain: Bool = false,
    output: ((UnsafeRawBufferPointer) throws -> Void)? = nil
  ) throws -> Clustering {
    // Writable first: a read-only index must fail before the manifest is replaced.
    let store = try store
    let mode = try clusteringMode(mode)
    var explained: MomentClusterer.Result?
    var attempts = 0
    while true {
      attempts += 1
      if try explain || !store.isQueueFresh(mode: mode, recipe: Self.queueRecipe) {
        let generation = try store.dataGeneration()
        let clustering = MomentClusterer(mode: mode).moments(in: try placedAssets(store, ordered: false))
        if try !store.isQueueFresh(mode: mode, recipe: Self.queueRecipe) {
          try saveQueue(clustering, places: places(of: clustering.moments), generation: generation, in: store)
        }
        if explain { explained = clustering }
      }
      // Another command may save the queue of another mode meanwhile: then again (at worst with
      // the queue stale, which a concurrent index leaves: it was built from the data read).
      if var written = try writeManifest(
        from: store, mode: mode, extraFolder: extraFolder, now: now, output: output)
      {
        written.explained = explained
        return written
      }
      if attempts == 3 {
        throw LibraryError.cannotUpdateIndex(store: folder.path, reason: "the review queue kept changing")
      }
    }
  }

  /// Writes the manifest of the queue saved in `store` (see `cluster`); nil, and nothing written,
  /// when the queue saved is not of `mode`.
  private func writeManifest(
    from store: IndexStore, mode: MomentClusterer.Mode, extraFolder: URL?, now: Date,
    output: ((UnsafeRawBufferPointer) throws -> Void)?
  ) throws -> Clustering? {
    // The store's copy first: a folder given for the extra copy that cannot be written must not
    // keep the store's own manifest (and the mode) from being written.
    var files = [try AtomicFile(replacing: folder.appendingPathComponent(Self.manifestFileName))]
    var extraError: (any Error)?
    if let extraFolder {
      do {
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
    let read = try store.readQueue(
      recipe: Self.queueRecipe,
      header: { header in
        guard header.mode == mode else { return }
        writer = Manifest.Writer(
          generatedAt: Manifest.timestamp(now), mode: Manifest.name(of: mode),
          thresholdSeconds: header.threshold,
          progress: header.progress, sink: sink)
        written = Clustering(
          mode: mode, thresholdSeconds: header.threshold, progress: header.progress,
          moments: header.moments.map {
            SavedMoment(summary: $0.summary, boundary: $0.boundary, total: $0.total, reviewed: $0.reviewed)
          })
      },
      pending: { moment, bursts in
        try writer?.write(
          Manifest.MomentEntry(
            moment.summary, boundary: moment.boundary, totalInWindow: moment.total,
            reviewedInWindow: moment.reviewed, assetsToReview: bursts))
      })
    guard read, let writer, let written else { return nil }
    try writer.finish()
    try files[0].commit()
    try store.setClusteringMode(mode)
    for file in files.dropFirst() { try file.commit() }
    if let extraError { throw extraError }
    if let outputError { throw outputError }
    return written
  }

  // MARK: - Helpers

  /// Every indexed asset once (see `IndexStore.assets`), at its true instant: the camera clock
  /// corrections applied and zones inferred for wall-clock-only times (see `Timeline`).
  /// `ordered`: in capture order (by the placed instant; ties keep the store's order: root, then
  /// path); otherwise in the store's order, for the use cases that order them themselves
  /// (clustering sorts its bursts).
  func placedAssets(_ store: IndexStore, ordered: Bool = true) throws -> [Asset] {
    var assets = try store.assets()
    Timeline().place(&assets, corrections: try store.clockCorrections())
    guard ordered else { return assets }
    let instants = assets.map(\.captureTime.instant)
    guard zip(instants, instants.dropFirst()).contains(where: { $0 > $1 }) else { return assets }
    let order = instants.indices.sorted {
      instants[$0] != instants[$1] ? instants[$0] < instants[$1] : $0 < $1
    }
    return order.map { assets[$0] }
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
