public import FaverCore
internal import FaverStore
public import Foundation

/// The review as a page walks it: moments a page at a time, a moment's photos, one asset by id,
/// a state set exactly (undo), and the cursor moved to what is on screen.
/// The web page (`faver serve`) goes through these, as the CLI goes through the rest of `Library`.
extension Library {
  /// A moment as a browser lists it: where and when, how far it is reviewed, which photo shows it.
  public struct MomentCard: Hashable, Sendable {
    /// What the manifest says of it: id, start and end, counts by kind, title and place.
    public var summary: FaverCore.MomentSummary
    /// `first`, `timeGap`, `distance` or `undated` (see
    /// `Manifest.BoundaryEntry`).
    public var boundary: String
    public var bursts: Int
    public var assets: Int
    public var reviewed: Int
    public var favorites: Int
    public var rejected: Int
    /// The asset that stands for the moment: its first favorite, else its first asset.
    public var cover: AssetID
    /// Where the moment was, from its first asset with a position; nil when none has one.
    public var coordinate: Coordinate?

    public var id: String { summary.id }

    init(_ moment: Moment, place: FaverCore.Place?) {
      self.init(moment, summary: FaverCore.MomentSummary(moment, place: place))
    }

    /// The card of `moment`, whose summary is `summary` (the one the saved queue keeps).
    init(_ moment: Moment, summary: FaverCore.MomentSummary) {
      let assets = moment.assets
      self.summary = summary
      boundary = Manifest.BoundaryEntry(moment.boundary).reason
      bursts = moment.bursts.count
      self.assets = assets.count
      reviewed = assets.filter(\.review.isReviewed).count
      favorites = assets.filter { $0.review == .favorite }.count
      rejected = assets.filter { $0.review == .rejected }.count
      cover = (assets.first { $0.review == .favorite } ?? assets.first)?.id ?? AssetID(rawValue: "")
      coordinate = assets.lazy.compactMap(\.coordinate).first
    }
  }

  /// Moments in queue order, `limit` at a time, each with its review counts.
  public struct MomentPage: Hashable, Sendable {
    public var moments: [MomentCard]
    /// The id to pass as `after` for the next page; nil on the last page.
    public var next: String?
  }

  /// The moments after the one `after` names (from the first when nil), at most `limit` of them,
  /// in `mode` (see `clusteringMode`). Every moment, reviewed or not. An `after` that names no
  /// moment (the moments were cut again since) starts from the first. Read from the saved queue:
  /// only the moments of the page.
  public func moments(limit: Int, after: String? = nil, mode: MomentClusterer.Mode? = nil) throws
    -> MomentPage
  {
    try withFreshQueue(mode: mode) { queue in
      let start = try after.flatMap { try queue.moment(id: $0) }.map { $0.ordinal + 1 } ?? 0
      let found = try queue.moments(from: start, limit: max(limit, 0) + 1)
      let page = found.prefix(max(limit, 0))
      return MomentPage(
        moments: try page.map { try card(of: $0, in: queue).card },
        next: found.count > page.count && !page.isEmpty ? page.last?.summary.id : nil)
    }
  }

  /// One moment with every asset in it (reviewed or not, with its state), burst by burst; nil
  /// when no moment has that id.
  public func moment(_ id: String, mode: MomentClusterer.Mode? = nil) throws -> (
    summary: MomentCard, moment: Moment
  )? {
    try withFreshQueue(mode: mode) { queue in
      guard let found = try queue.moment(id: id) else { return nil }
      let (card, moment) = try card(of: found, in: queue)
      return (card, moment)
    }
  }

  /// Where the review stands: the asset on screen, its moment, the moments before and after it.
  public struct ReviewPosition: Hashable, Sendable {
    public var asset: Asset
    public var moment: MomentCard
    /// The moment before and after this one, in queue order; nil at either end.
    public var previousMoment: String?
    public var nextMoment: String?
    public var progress: ReviewProgress
    /// The similar group (or burst) the asset is in, with its suggestion; nil when in none.
    public var group: SimilarGroup? = nil
  }

  /// The asset the cursor is on, whatever its state (a page reopened shows exactly what it
  /// showed), else where `next` resumes; nil when there is nothing to show: an empty library, or
  /// every asset reviewed and no cursor. Reading it never moves the cursor (the page's GET).
  public func reviewPosition(mode: MomentClusterer.Mode? = nil) throws -> ReviewPosition? {
    try withFreshQueue(mode: mode) { try position(in: $0)?.position }
  }

  /// Where the review stands in `queue`, and its moment as the review page draws it: one read
  /// of the moment serves both.
  func position(in queue: IndexStore.QueueSnapshot) throws -> (
    position: ReviewPosition, stops: MomentStops
  )? {
    let cursor = try queue.cursor()
    var shown = cursor?.isLeft == true ? nil : try cursor.flatMap { try queue.asset(holding: $0.assetID) }
    if shown == nil {
      guard let resume = try queue.resume(from: cursor) else { return nil }
      shown = try queue.asset(holding: resume.assetID)
    }
    guard let (item, asset) = shown, let found = try queue.moment(at: item.moment) else { return nil }
    let stops = try self.stops(of: found, in: queue)
    let position = ReviewPosition(
      asset: asset, moment: stops.card, previousMoment: stops.previousMoment, nextMoment: stops.nextMoment,
      progress: try queue.progress(), group: stops.groups.first { $0.assetIDs.contains(asset.id) })
    return (position, stops)
  }

  /// The asset with `id` (its Live Photo video's or raw file's id finds the photo), with its
  /// review state; nil when no indexed asset has it.
  public func asset(_ id: AssetID) throws -> Asset? {
    try withFreshQueue { try $0.asset(holding: id)?.asset }
  }

  /// Moves the cursor to the asset with `id` (the photo a page shows), so that `next` and a page
  /// reopened start there. Throws `LibraryError.unknownAssets` when no asset has it.
  public func setCursor(to id: AssetID) throws {
    guard let asset = try asset(id) else { throw LibraryError.unknownAssets([id]) }
    try store.setCursor(Cursor(at: asset))
  }

  /// Sets the assets' state exactly (what an undo needs, where a mark only moves it one way):
  /// `.reviewed` on a favorite or a reject makes it only reviewed; `.unreviewed` puts it back in
  /// the queue (see `mark`). Every id must be indexed, or nothing changes. `keepingNewer` as in
  /// `mark`.
  @discardableResult
  public func setState(
    _ ids: [AssetID], to state: ReviewState, at date: Date = Date(), keepingNewer: Bool = false
  )
    throws -> Marked
  {
    switch state {
    case .favorite: return try mark(ids, as: .favorite, at: date, keepingNewer: keepingNewer)
    case .rejected: return try mark(ids, as: .rejected, at: date, keepingNewer: keepingNewer)
    case .unreviewed: return try mark(ids, as: .unreviewed, at: date, keepingNewer: keepingNewer)
    case .reviewed:
      let store = try store
      let known = try store.knownAssetIDs(among: ids)
      let unknown = ids.filter { !known.contains($0) }
      guard unknown.isEmpty else { throw LibraryError.unknownAssets(unknown) }
      let unique = Array(Set(ids))
      let marking = try store.setPlainlyReviewed(unique, at: date, keepingNewer: keepingNewer)
      let unchanged = unique.count - marking.superseded.count - marking.changed
      return Marked(changed: marking.changed, unchanged: unchanged, superseded: marking.superseded)
    }
  }

  // MARK: - Helpers

  /// The moment the saved queue's `found` is, its assets read with their states, and its card.
  func card(of found: QueuedMoment, in queue: IndexStore.QueueSnapshot) throws -> (
    card: MomentCard, moment: Moment
  ) {
    var bursts: [Burst] = []
    var members: [Asset] = []
    var ordinal: Int?
    for (burst, asset) in try queue.assets(of: found) {
      if burst != ordinal, !members.isEmpty {
        bursts.append(Burst(assets: members))
        members.removeAll()
      }
      ordinal = burst
      members.append(asset)
    }
    if !members.isEmpty { bursts.append(Burst(assets: members)) }
    let moment = Moment(boundary: found.boundary.boundary ?? .first, bursts: bursts)
    return (MomentCard(moment, summary: found.summary), moment)
  }
}
