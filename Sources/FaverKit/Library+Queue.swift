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

  /// How a saved queue was made fresh.
  enum QueueFreshening: Equatable {
    /// It was.
    case fresh
    /// Brought up to date with the changes since it was saved (files of every kind, clock
    /// corrections): the files they reach placed again, the moments around every item that
    /// differs cut again (see `IndexStore+QueuePlan`).
    case planned
    /// It was built from the whole library.
    case rebuilt
  }

  /// Runs `body` in one transaction in which the saved queue of `mode` (see `clusteringMode`) is
  /// fresh: a read when it already is and `body` writes nothing; else the write transaction that
  /// first makes it fresh (`freshen`), in scratch tables when the store cannot be written and
  /// `body` only reads (see `IndexStore.useScratchQueue`). No other command changes the store between the queue made
  /// fresh and what `body` reads and writes, so no answer is of a queue older than the files.
  func withFreshQueue<T>(
    mode: MomentClusterer.Mode? = nil, writing: Bool = false, _ body: (IndexStore.QueueSnapshot) throws -> T
  ) throws -> T {
    let mode = try clusteringMode(mode)
    if !writing {
      var answer: T?
      let answered = try readableStore.readingQueue { queue in
        guard try queue.isFresh(mode: mode, recipe: Self.queueRecipe) else { return false }
        answer = try body(queue)
        return true
      }
      if answered, let answer { return answer }
    }
    // A use case that writes needs the store writable, and says so when it is not.
    return try (writing ? store : queueStore()).updatingQueue { queue in
      if try !queue.isFresh(mode: mode, recipe: Self.queueRecipe) { _ = try freshen(queue, mode: mode) }
      return try body(queue)
    }
  }

  /// Makes the saved queue of `mode` fresh, and says how (`index` and `cluster` keep it so).
  @discardableResult
  func freshenQueue(mode: MomentClusterer.Mode) throws -> QueueFreshening {
    try queueStore().updatingQueue { queue in
      try queue.isFresh(mode: mode, recipe: Self.queueRecipe) ? .fresh : try freshen(queue, mode: mode)
    }
  }

  /// The store the saved queue is made fresh in: the writable one, else the readable one with its
  /// queue in scratch tables.
  func queueStore() throws -> IndexStore {
    if let writable = try? store(creating: false), !writable.isReadOnly { return writable }
    let readable = try readableStore
    try readable.useScratchQueue()
    return readable
  }

  /// Makes the saved queue of `mode` fresh in the write transaction of `queue`: brought up to
  /// date by the planner (`IndexStore+QueuePlan`) where it can be, without reading the library;
  /// else built from the whole library.
  func freshen(_ queue: IndexStore.QueueSnapshot, mode: MomentClusterer.Mode) throws -> QueueFreshening {
    let corrections = try queue.clockCorrections()
    switch try plan(queue, mode: mode, corrections: corrections) {
    case .planned: return .planned
    case .rebuild(let why): logger.debug("The review queue is rebuilt whole (\(why))")
    }
    let generation = try queue.dataGeneration()
    if let queueBuild { queueBuild(try queue.fileCount()) }
    defer { queueBuild?(nil) }
    var assets = try timed("The assets read") { QueuePlanner.paired(try queue.unpairedAssets()) }
    placed(&assets, corrections: corrections, ordered: false)
    let cuts = timed("The moments cut") { MomentClusterer(mode: mode).cuts(in: assets) }
    try timed("The queue saved") { try saveQueue(&assets, cuts: cuts, generation: generation, in: queue) }
    return .rebuilt
  }

  /// Saves the queue of `cuts`, the clustering of `assets` (built from the data of `generation`),
  /// with each moment's summary at its place (see `Library+Places`); `assets` is emptied once the
  /// rows are written (see `IndexStore.saveQueue`).
  func saveQueue(
    _ assets: inout [Asset], cuts: MomentClusterer.Cuts, generation: Int, in queue: IndexStore.QueueSnapshot
  ) throws {
    var finder = placeFinder()
    let places = (0..<cuts.momentCount).map { Self.place(ofMoment: $0, in: cuts, of: assets, by: &finder) }
    try queue.save(&assets, cuts: cuts, places: places, generation: generation, recipe: Self.queueRecipe)
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
    try withFreshQueue(mode: mode) { queue in try queue.forEachAsset(reviewedOnly: reviewedOnly, body) }
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
    // The marks and the cursor in one transaction; the queue made fresh in it only when the
    // cursor moves.
    let movesCursor = mark == .unreviewed || movingOn
    func marking(_ queue: IndexStore.QueueSnapshot) throws -> Marked {
      let known = try queue.knownAssetIDs(among: ids)
      let unknown = ids.filter { !known.contains($0) }
      guard unknown.isEmpty else { throw LibraryError.unknownAssets(unknown) }
      let marking = try queue.mark(ids, as: mark, at: date, keepingNewer: keepingNewer)
      let changed = marking.changed
      let marked = Set(ids).subtracting(marking.superseded)
      if mark == .unreviewed, changed > 0 {
        if let first = try queue.firstPending(among: marked) { try queue.setCursor(first.cursor) }
      } else if mark != .unreviewed, movingOn, var cursor = try queue.cursor(),
        let shown = try queue.asset(holding: cursor.assetID), !marked.isDisjoint(with: shown.asset.memberIDs)
      {
        cursor.left = true
        try queue.setCursor(cursor)
      }
      return Marked(changed: changed, unchanged: marked.count - changed, superseded: marking.superseded)
    }
    return movesCursor
      ? try withFreshQueue(writing: true, marking) : try store.updatingQueue(marking)
  }

  /// How much of the library is reviewed, and how many moments are left.
  public struct Status: Hashable, Sendable {
    public var progress: ReviewProgress
    public var momentsToReview: Int
    public var moments: Int
  }

  public func status(mode: MomentClusterer.Mode? = nil) throws -> Status {
    try withFreshQueue(mode: mode) { queue in
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
    try withFreshQueue(mode: mode, writing: true) { try next(in: $0, movingOn: movingOn) }
  }

  /// `next` (or `nextUnreviewed` when `movingOn`) in `queue`, the cursor saved on its asset.
  private func next(in queue: IndexStore.QueueSnapshot, movingOn: Bool) throws -> Item? {
    let cursor = try queue.cursor()
    let shown = movingOn || cursor?.isLeft == true ? nil : try cursor.flatMap { try queue.item($0.assetID) }
    guard let found = try shown ?? queue.resume(from: cursor) else { return nil }
    let (first, pending) = try queue.burst(found.burst)
    // The burst as far as it is still to review, and the asset shown (which may be reviewed).
    var items = pending
    if !items.contains(where: { $0.position == found.position }) {
      items.insert(found, at: items.firstIndex { $0.position > found.position } ?? items.endIndex)
    }
    // The queue is fresh in this transaction: every item's file is indexed.
    var members = try queue.assets(of: items).compactMap(\.self)
    guard members.count == items.count, let index = items.firstIndex(where: { $0.position == found.position })
    else {
      throw LibraryError.cannotUpdateIndex(
        store: folder.path, reason: "the review queue names a file not indexed")
    }
    var asset = members[index]
    asset.review = try queue.reviewState(of: asset.memberIDs)
    members[index] = asset
    var burst = Burst(assets: members)
    burst.id = "b-" + (first?.rawValue ?? asset.id.rawValue)
    try queue.setCursor(Cursor(at: asset))
    return Item(
      asset: asset, burst: burst, progress: try queue.progress(),
      moment: try queue.moment(at: found.moment)?.summary)
  }

  /// Where `next` resumes: the saved cursor and the asset it is on, with its review state (nil
  /// when that asset is no longer indexed); nil when there is no cursor.
  public func cursor() throws -> (cursor: Cursor, asset: Asset?)? {
    try withFreshQueue { queue in
      guard let cursor = try queue.cursor() else { return nil }
      let held = try queue.asset(holding: cursor.assetID)
      return (cursor, held?.item.assetID == cursor.assetID ? held?.asset : nil)
    }
  }

  /// Forgets the cursor, so `next` starts at the first unreviewed asset of the queue. Marks are
  /// kept.
  public func resetCursor() throws { try store.setCursor(nil) }
}
