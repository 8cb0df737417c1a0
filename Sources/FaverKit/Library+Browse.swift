public import FaverCore
internal import FaverStore

/// Finding one's place among the moments: only those holding a favorite, a reject or a photo not
/// yet reviewed, a page at a time, and the months they fall in (the browse page's jump bar).
/// Read from the saved queue, as `moments(limit:after:mode:)`.
extension Library {
  /// Which moments a browser lists.
  public enum MomentFilter: String, Sendable, CaseIterable {
    /// Every moment.
    case all
    /// Moments with at least one favorite.
    case favorites
    /// Moments with at least one reject.
    case rejected
    /// Moments with at least one asset not yet reviewed.
    case unreviewed

    /// Whether the moment `card` counts passes.
    func admits(_ card: MomentCard) -> Bool {
      switch self {
      case .all: true
      case .favorites: card.favorites > 0
      case .rejected: card.rejected > 0
      case .unreviewed: card.reviewed < card.assets
      }
    }

    var stored: IndexStore.MomentFilter {
      switch self {
      case .all: .all
      case .favorites: .favorites
      case .rejected: .rejected
      case .unreviewed: .unreviewed
      }
    }
  }

  /// A month of moments: `month` is `YYYY-MM` of their start as the camera's clock showed it (nil
  /// for the undated moment), `first` the id of its first moment, `moments` how many it holds.
  public struct MomentMonth: Hashable, Sendable {
    public var month: String?
    public var first: String
    public var moments: Int
  }

  /// The moments after the one `after` names (from the first when nil) that pass `filter`, at
  /// most `limit` of them, in queue order; an `after` that names no moment starts from the first.
  public func moments(
    limit: Int, after: String? = nil, passing filter: MomentFilter, mode: MomentClusterer.Mode? = nil
  ) throws -> MomentPage {
    guard filter != .all else { return try moments(limit: limit, after: after, mode: mode) }
    let limit = max(limit, 0)
    guard let saved = try storeWithFreshQueue(mode: clusteringMode(mode)) else {
      return try filteredPage(limit: limit, after: after, passing: filter, mode: mode)
    }
    let start = try after.flatMap { try saved.queuedMoment(id: $0) }.map { $0.ordinal + 1 } ?? 0
    let found = try saved.queuedMoments(from: start, limit: limit + 1, passing: filter.stored)
    let page = found.prefix(limit)
    return MomentPage(
      moments: try page.compactMap { try moment($0.summary.id, mode: mode)?.summary },
      next: found.count > page.count && !page.isEmpty ? page.last?.summary.id : nil)
  }

  /// The months of the moments that pass `filter`, in queue order.
  public func momentMonths(passing filter: MomentFilter = .all, mode: MomentClusterer.Mode? = nil) throws
    -> [MomentMonth]
  {
    guard let saved = try storeWithFreshQueue(mode: clusteringMode(mode)) else {
      var months: [MomentMonth] = []
      var after: String?
      repeat {
        let page = try moments(limit: 1000, after: after, mode: mode)
        for card in page.moments where filter.admits(card) {
          let month = card.boundary == "undated" ? nil : String(card.summary.start.prefix(7))
          if let index = months.firstIndex(where: { $0.month == month }) {
            months[index].moments += 1
          } else {
            months.append(MomentMonth(month: month, first: card.id, moments: 1))
          }
        }
        after = page.next
      } while after != nil
      return months
    }
    return try saved.queuedMonths(passing: filter.stored).map {
      MomentMonth(month: $0.month, first: $0.first, moments: $0.moments)
    }
  }

  /// `moments(limit:after:passing:mode:)` for a store whose saved queue is stale and cannot be
  /// saved: the pages of every moment, filtered.
  private func filteredPage(
    limit: Int, after: String?, passing filter: MomentFilter, mode: MomentClusterer.Mode?
  )
    throws -> MomentPage
  {
    var cards: [MomentCard] = []
    var cursor = after
    repeat {
      let page = try moments(limit: 1000, after: cursor, mode: mode)
      cards += page.moments.filter(filter.admits)
      cursor = page.next
    } while cursor != nil && cards.count <= limit
    let page = Array(cards.prefix(limit))
    return MomentPage(moments: page, next: cards.count > page.count && !page.isEmpty ? page.last?.id : nil)
  }
}
