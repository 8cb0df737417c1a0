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
    guard let saved = try storeWithFreshQueue(mode: clusteringMode(mode)) else {
      return try momentsRebuilding(limit: limit, after: after, mode: mode)
    }
    let start = try after.flatMap { try saved.queuedMoment(id: $0) }.map { $0.ordinal + 1 } ?? 0
    let found = try saved.queuedMoments(from: start, limit: max(limit, 0) + 1)
    let page = found.prefix(max(limit, 0))
    return MomentPage(
      moments: try page.map { try card(of: $0, in: saved).card },
      next: found.count > page.count && !page.isEmpty ? page.last?.summary.id : nil)
  }

  /// One moment with every asset in it (reviewed or not, with its state), burst by burst; nil
  /// when no moment has that id.
  public func moment(_ id: String, mode: MomentClusterer.Mode? = nil) throws -> (
    summary: MomentCard, moment: Moment
  )? {
    guard let saved = try storeWithFreshQueue(mode: clusteringMode(mode)) else {
      return try momentRebuilding(id, mode: mode)
    }
    guard let found = try saved.queuedMoment(id: id) else { return nil }
    let (card, moment) = try card(of: found, in: saved)
    return (card, moment)
  }

  /// Where the review stands: the asset on screen, its moment, the moments before and after it.
  public struct ReviewPosition: Hashable, Sendable {
    public var asset: Asset
    public var moment: MomentCard
    /// The moment before and after this one, in queue order; nil at either end.
    public var previousMoment: String?
    public var nextMoment: String?
    public var progress: ReviewProgress
  }

  /// The asset the cursor is on, whatever its state (a page reopened shows exactly what it
  /// showed), else where `next` resumes; nil when there is nothing to show: an empty library, or
  /// every asset reviewed and no cursor. Reading it never moves the cursor (the page's GET).
  public func reviewPosition(mode: MomentClusterer.Mode? = nil) throws -> ReviewPosition? {
    guard let saved = try storeWithFreshQueue(mode: clusteringMode(mode)) else {
      return try reviewPositionRebuilding(mode: mode)
    }
    var shown = try readableStore.cursor().flatMap { try saved.queuedAsset(holding: $0.assetID) }
    if shown == nil {
      guard let resume = try saved.queueResume(from: try readableStore.cursor()) else { return nil }
      shown = try saved.queuedAsset(holding: resume.assetID)
    }
    guard let (item, asset) = shown,
      let found = try saved.queuedMoments(from: item.moment, limit: 1).first, found.ordinal == item.moment
    else { return nil }
    let counts = try saved.queueCounts()
    return ReviewPosition(
      asset: asset, moment: try card(of: found, in: saved).card,
      previousMoment: item.moment > 0
        ? try saved.queuedMoments(from: item.moment - 1, limit: 1).first?.summary.id : nil,
      nextMoment: try saved.queuedMoments(from: item.moment + 1, limit: 1).first?.summary.id,
      progress: ReviewProgress(reviewed: counts.reviewed, total: counts.total))
  }

  /// The asset with `id` (its Live Photo video's or raw file's id finds the photo), with its
  /// review state; nil when no indexed asset has it.
  public func asset(_ id: AssetID) throws -> Asset? {
    guard let saved = try storeWithFreshQueue(mode: clusteringMode()) else {
      return try assets().first { $0.memberIDs.contains(id) }
    }
    return try saved.queuedAsset(holding: id)?.asset
  }

  /// Moves the cursor to the asset with `id` (the photo a page shows), so that `next` and a page
  /// reopened start there. Throws `LibraryError.unknownAssets` when no asset has it.
  public func setCursor(to id: AssetID) throws {
    guard let asset = try asset(id) else { throw LibraryError.unknownAssets([id]) }
    try store.setCursor(Cursor(at: asset))
  }

  /// Sets the assets' state exactly (what an undo needs, where a mark only moves it one way):
  /// `.reviewed` on a favorite or a reject makes it only reviewed; `.unreviewed` puts it back in
  /// the queue (see `mark`). Every id must be indexed, or nothing changes.
  @discardableResult
  public func setState(_ ids: [AssetID], to state: ReviewState, at date: Date = Date()) throws -> Marked {
    switch state {
    case .favorite: return try mark(ids, as: .favorite, at: date)
    case .rejected: return try mark(ids, as: .rejected, at: date)
    case .unreviewed: return try mark(ids, as: .unreviewed, at: date)
    case .reviewed:
      let store = try store
      let known = try store.knownAssetIDs(among: ids)
      let unknown = ids.filter { !known.contains($0) }
      guard unknown.isEmpty else { throw LibraryError.unknownAssets(unknown) }
      let unique = Array(Set(ids))
      let changed = try store.setPlainlyReviewed(unique, at: date)
      return Marked(changed: changed, unchanged: unique.count - changed)
    }
  }

  // MARK: - Helpers

  /// The moment the saved queue's `found` is, its assets read with their states, and its card.
  private func card(of found: IndexStore.QueuedMoment, in store: IndexStore) throws -> (
    card: MomentCard, moment: Moment
  ) {
    var bursts: [Burst] = []
    var members: [Asset] = []
    var ordinal: Int?
    for (burst, asset) in try store.assets(of: found) {
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

  /// `moments(limit:after:mode:)` from the library rebuilt in memory: a store that cannot be
  /// written, whose queue is stale.
  func momentsRebuilding(limit: Int, after: String? = nil, mode: MomentClusterer.Mode? = nil) throws
    -> MomentPage
  {
    let moments = try reviewedMoments(mode: mode)
    let start = after.flatMap { id in moments.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
    let page = moments[min(start, moments.count)...].prefix(max(limit, 0))
    let more = page.endIndex < moments.endIndex && !page.isEmpty
    let places = places(of: Array(page))
    return MomentPage(
      moments: page.map { MomentCard($0, place: places[$0.id]) }, next: more ? page.last?.id : nil)
  }

  /// `moment(_:mode:)` from the library rebuilt in memory.
  func momentRebuilding(_ id: String, mode: MomentClusterer.Mode? = nil) throws -> (
    summary: MomentCard, moment: Moment
  )? {
    guard let moment = try reviewedMoments(mode: mode).first(where: { $0.id == id }) else { return nil }
    return (MomentCard(moment, place: places(of: [moment])[moment.id]), moment)
  }

  /// `reviewPosition(mode:)` from the library rebuilt in memory.
  func reviewPositionRebuilding(mode: MomentClusterer.Mode? = nil) throws -> ReviewPosition? {
    let moments = try reviewedMoments(mode: mode)
    if let cursor = try readableStore.cursor(), let position = position(of: cursor.assetID, in: moments) {
      return position
    }
    guard let resume = try queue(mode: mode).queue.resume(from: try readableStore.cursor()) else {
      return nil
    }
    return position(of: resume.asset.id, in: moments)
  }

  /// Every moment of the library, its assets with their review state.
  private func reviewedMoments(mode: MomentClusterer.Mode?) throws -> [Moment] {
    MomentClusterer(mode: try clusteringMode(mode)).moments(in: try assets()).moments
  }

  private func position(of id: AssetID, in moments: [Moment]) -> ReviewPosition? {
    guard let index = moments.firstIndex(where: { $0.assets.contains { $0.memberIDs.contains(id) } }),
      let asset = moments[index].assets.first(where: { $0.memberIDs.contains(id) })
    else { return nil }
    let all = moments.flatMap(\.assets)
    return ReviewPosition(
      asset: asset,
      moment: MomentCard(moments[index], place: places(of: [moments[index]])[moments[index].id]),
      previousMoment: index > 0 ? moments[index - 1].id : nil,
      nextMoment: index + 1 < moments.count ? moments[index + 1].id : nil,
      progress: ReviewProgress(reviewed: all.filter(\.review.isReviewed).count, total: all.count))
  }
}
