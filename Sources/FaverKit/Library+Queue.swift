public import FaverCore
internal import FaverPlaces
import FaverStore
public import Foundation
import Logging

/// The review queue saved in the store (see `IndexStore+QueueSchema`): the one read model.
/// `status`, `next`, `cursor`, `mark`, `assets` and the page read the rows they need from it, each
/// in one snapshot. It is saved by `cluster` (and so `refresh`), by an `index` that changed a
/// library whose queue was saved, and by the first reader to find it stale (files, roots or clock
/// corrections changed, another mode, other rules): that one builds it from the library once. A
/// store that cannot be written builds it in scratch tables of its own connection, never in the
/// file: every reader takes the same path.
extension Library {
  /// The digest of the rules this faver builds queues by (`QueueRecipe`), its place table
  /// included: a queue saved by other rules is built again.
  static let queueRecipe: String = {
    var recipe = QueueRecipe()
    recipe.placeTable = PlaceTable.bundledDigest ?? "none"
    return recipe.digest
  }()

  /// The store, with the saved queue of `mode` fresh: brought up to date or built and saved now
  /// when stale (into scratch tables when the store cannot be written).
  func storeWithFreshQueue(mode: MomentClusterer.Mode) throws -> IndexStore {
    try freshenQueue(mode: mode).store
  }

  /// How `freshenQueue` made the saved queue fresh.
  enum QueueFreshening: Equatable {
    /// It was.
    case fresh
    /// Brought up to date with the changes since it was saved (files of every kind, clock
    /// corrections): the files they reach placed again, the moments around every item that
    /// differs cut again (see `IndexStore.planQueue`).
    case planned
    /// It was built from the whole library.
    case rebuilt
  }

  /// `storeWithFreshQueue`, and how the queue was made fresh: brought up to date by the planner
  /// (`IndexStore.planQueue`) where it can be, without reading the library; else rebuilt.
  func freshenQueue(mode: MomentClusterer.Mode) throws -> (store: IndexStore, freshening: QueueFreshening) {
    let readable = try readableStore
    if try readable.isQueueFresh(mode: mode, recipe: Self.queueRecipe) { return (readable, .fresh) }
    let target: IndexStore
    if let writable = try? store(creating: false), !writable.isReadOnly {
      target = writable
      let summaries = { (moments: [Moment]) -> [MomentSummary] in
        let places = self.places(of: moments)
        return moments.map { MomentSummary($0, place: places[$0.id]) }
      }
      let planned = try writable.planQueue(
        mode: mode, recipe: Self.queueRecipe, corrections: try writable.clockCorrections(),
        summaries: summaries)
      if case .planned = planned { return (writable, .planned) }
      if case .rebuild(let why) = planned { logger.debug("The review queue is rebuilt whole (\(why))") }
    } else {
      try readable.useScratchQueue()
      target = readable
    }
    let generation = try target.dataGeneration()
    if let queueBuild { queueBuild(try target.fileCounts().values.reduce(0, +)) }
    defer { queueBuild?(nil) }
    var assets = try placedAssets(target, ordered: false)
    let cuts = timed("The moments cut") { MomentClusterer(mode: mode).cuts(in: assets) }
    try timed("The queue saved") { try saveQueue(&assets, cuts: cuts, generation: generation, in: target) }
    return (target, .rebuilt)
  }

  /// Runs `body` on one snapshot of the saved queue of `mode` (see `clusteringMode`), fresh when
  /// the snapshot began.
  func readingQueue<T>(mode: MomentClusterer.Mode? = nil, _ body: (IndexStore.QueueSnapshot) throws -> T)
    throws -> T
  {
    try storeWithFreshQueue(mode: clusteringMode(mode)).readingQueue(body)
  }

  /// Saves the queue of `cuts`, the clustering of `assets` (built from the data of `generation`),
  /// with each moment's summary and place (see `Library+Places`), made as its row is written;
  /// `assets` is emptied once the rows are written (see `IndexStore.saveQueue`).
  func saveQueue(
    _ assets: inout [Asset], cuts: MomentClusterer.Cuts, generation: Int, in store: IndexStore
  ) throws {
    var finder = placeFinder()
    try store.saveQueue(
      &assets, cuts: cuts,
      summary: { moment, assets in
        cuts.summary(
          ofMoment: moment, of: assets, place: Self.place(ofMoment: moment, in: cuts, of: assets, by: &finder)
        )
      },
      generation: generation, recipe: Self.queueRecipe)
  }

  /// Hands `body` every indexed asset once, as `assets()` lists them, one at a time: read from the
  /// saved queue (saved first when stale), so a library of any size is never in memory whole.
  public func forEachAsset(_ body: (Asset) throws -> Void) throws {
    try forEachAsset(reviewedOnly: false) { asset, _ in try body(asset) }
  }

  /// `forEachAsset`, only the reviewed assets (favorites and rejects included) when `reviewedOnly`,
  /// each with the id of its moment in `mode` (see `clusteringMode`).
  func forEachAsset(
    reviewedOnly: Bool, mode: MomentClusterer.Mode? = nil, _ body: (Asset, _ momentID: String) throws -> Void
  ) throws {
    let mode = try clusteringMode(mode)
    // A queue saved by other rules between the check and the read (another faver binary) is
    // built again, a few times at most.
    for _ in 0..<3 {
      let store = try storeWithFreshQueue(mode: mode)
      if try store.forEachQueuedAsset(recipe: Self.queueRecipe, reviewedOnly: reviewedOnly, body) { return }
    }
    throw LibraryError.cannotUpdateIndex(store: folder.path, reason: "the review queue kept changing")
  }

  /// What `mark` did.
  public struct Marked: Hashable, Sendable {
    /// Ids whose state changed.
    public var changed: Int
    /// Ids that already were so.
    public var unchanged: Int
    /// Ids left alone because they were marked after this mark was made (`keepingNewer`).
    public var superseded: [AssetID] = []

    init(changed: Int, unchanged: Int, superseded: Set<AssetID> = []) {
      self.changed = changed
      self.unchanged = unchanged
      self.superseded = superseded.sorted { $0.rawValue < $1.rawValue }
    }
  }

  /// Marks assets; every id must be indexed, or nothing is marked (`LibraryError.unknownAssets`).
  /// `.unreviewed` is an undo: the assets go back in the queue at their place, and the cursor
  /// moves to the first of them in queue order, so `next` shows it. `movingOn` (the CLI, where
  /// marking the asset shown is moving on): when the cursor is on one of the assets marked, the
  /// person has left it, and the review resumes at the next unreviewed asset after it (photos
  /// indexed meanwhile included).
  @discardableResult
  public func mark(
    _ ids: [AssetID], as mark: ReviewMark, at date: Date = Date(), movingOn: Bool = false,
    keepingNewer: Bool = false
  ) throws -> Marked {
    let store = try store
    let known = try store.knownAssetIDs(among: ids)
    let unknown = ids.filter { !known.contains($0) }
    guard unknown.isEmpty else { throw LibraryError.unknownAssets(unknown) }
    let marking = try store.mark(ids, as: mark, at: date, keepingNewer: keepingNewer)
    let changed = marking.changed
    let marked = Set(ids).subtracting(marking.superseded)
    if mark == .unreviewed, changed > 0 {
      _ = try storeWithFreshQueue(mode: clusteringMode())
      try store.updatingQueue { queue in
        if let first = try queue.firstPending(among: marked) { try queue.setCursor(first.cursor) }
      }
    } else if mark != .unreviewed, movingOn {
      _ = try storeWithFreshQueue(mode: clusteringMode())
      try store.updatingQueue { queue in
        guard var cursor = try queue.cursor(), let shown = try queue.asset(holding: cursor.assetID),
          !marked.isDisjoint(with: shown.asset.memberIDs)
        else { return }
        cursor.left = true
        try queue.setCursor(cursor)
      }
    }
    return Marked(changed: changed, unchanged: marked.count - changed, superseded: marking.superseded)
  }

  /// How much of the library is reviewed, and how many moments are left.
  public struct Status: Hashable, Sendable {
    public var progress: ReviewProgress
    public var momentsToReview: Int
    public var moments: Int
  }

  public func status(mode: MomentClusterer.Mode? = nil) throws -> Status {
    try readingQueue(mode: mode) { queue in
      let counts = try queue.counts()
      return Status(
        progress: ReviewProgress(reviewed: counts.reviewed, total: counts.total),
        momentsToReview: counts.momentsToReview, moments: counts.moments)
    }
  }

  /// The progress of the whole library (the same in every mode).
  public func progress() throws -> ReviewProgress { try status().progress }

  /// What to look at now.
  public struct Item: Hashable, Sendable {
    public var asset: Asset
    /// The asset's burst, as far as it is still to review.
    public var burst: Burst
    public var progress: ReviewProgress
    /// The asset's moment: when, where, how many (see `Library+Places`).
    public var moment: MomentSummary?
  }

  /// What to show now, by the one position rule the page follows too (`reviewPosition`): the
  /// asset the cursor is on, whatever its state (the person has not moved on from it yet), else
  /// where the queue resumes (see `ReviewQueue.resume`): the next unreviewed asset after the place
  /// the cursor held, or the first; with its burst. Nil when there is no cursor and nothing is left
  /// to review. The cursor is saved on the asset shown. A person moves on by marking the asset in
  /// the CLI (`mark(_:as:at:movingOn:)`) or by moving to another photo on the page.
  public func next(mode: MomentClusterer.Mode? = nil) throws -> Item? {
    try next(mode: mode, movingOn: false)
  }

  /// What is left to decide now: the asset the cursor is on while it is unreviewed, else the next
  /// unreviewed one after it (see `ReviewQueue.resume`), with what is left of its burst; nil when
  /// nothing is left. The cursor is saved on it: a person (or a script of the page's API) who
  /// marked the asset shown moves on by asking.
  public func nextUnreviewed(mode: MomentClusterer.Mode? = nil) throws -> Item? {
    try next(mode: mode, movingOn: true)
  }

  private func next(mode: MomentClusterer.Mode?, movingOn: Bool) throws -> Item? {
    let mode = try clusteringMode(mode)
    // A file removed between the queue's save and this read (a concurrent `index`) leaves an item
    // without its asset: the queue is then stale, and made fresh once more.
    for _ in 0..<3 {
      _ = try storeWithFreshQueue(mode: mode)
      switch try store.updatingQueue({ try next(in: $0, movingOn: movingOn) }) {
      case .item(let item): return item
      case .nothingLeft: return nil
      case .stale: continue
      }
    }
    throw LibraryError.cannotUpdateIndex(store: folder.path, reason: "the review queue kept changing")
  }

  private enum Next {
    case item(Item)
    case nothingLeft
    /// An item's file is gone: the queue is stale.
    case stale
  }

  /// `next` (or `nextUnreviewed` when `movingOn`) in `queue`, the cursor saved on its asset.
  private func next(in queue: IndexStore.QueueSnapshot, movingOn: Bool) throws -> Next {
    let cursor = try queue.cursor()
    let shown = movingOn || cursor?.isLeft == true ? nil : try cursor.flatMap { try queue.item($0.assetID) }
    guard let found = try shown ?? queue.resume(from: cursor) else { return .nothingLeft }
    let (first, pending) = try queue.burst(found.burst)
    // The burst as far as it is still to review, and the asset shown (which may be reviewed).
    var items = pending
    if !items.contains(where: { $0.position == found.position }) {
      items.insert(found, at: items.firstIndex { $0.position > found.position } ?? items.endIndex)
    }
    let assets = try queue.assets(of: items)
    guard let index = items.firstIndex(where: { $0.position == found.position }), var asset = assets[index]
    else { return .stale }
    var members = assets.compactMap(\.self)
    guard members.count == assets.count else { return .stale }
    asset.review = try queue.reviewState(of: asset.memberIDs)
    members[index] = asset
    var burst = Burst(assets: members)
    burst.id = "b-" + (first?.rawValue ?? asset.id.rawValue)
    try queue.setCursor(Cursor(at: asset))
    return .item(
      Item(
        asset: asset, burst: burst, progress: try queue.progress(),
        moment: try queue.moment(at: found.moment)?.summary))
  }

  /// Where `next` resumes: the saved cursor and the asset it is on, with its review state (nil
  /// when that asset is no longer indexed); nil when there is no cursor.
  public func cursor() throws -> (cursor: Cursor, asset: Asset?)? {
    try readingQueue { queue in
      guard let cursor = try queue.cursor() else { return nil }
      let held = try queue.asset(holding: cursor.assetID)
      return (cursor, held?.item.assetID == cursor.assetID ? held?.asset : nil)
    }
  }

  /// Forgets the cursor, so `next` starts at the first unreviewed asset of the queue. Marks are
  /// kept.
  public func resetCursor() throws { try store.setCursor(nil) }
}
