public import FaverCore
internal import FaverStore

/// Finding one's place among the moments: only those holding a favorite, a reject or a photo not
/// yet reviewed, a page at a time, and the months they fall in (the browse page's jump bar).
/// Read from the saved queue, as `moments(limit:after:mode:)`.
extension Library {
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
    return try withFreshQueue(mode: mode) { queue in
      let start = try after.flatMap { try queue.moment(id: $0) }.map { $0.ordinal + 1 } ?? 0
      let found = try queue.moments(from: start, limit: limit + 1, passing: filter)
      let page = found.prefix(limit)
      return MomentPage(
        moments: try page.map { try card(of: $0, in: queue).card },
        next: found.count > page.count && !page.isEmpty ? page.last?.summary.id : nil)
    }
  }

  /// The months of the moments that pass `filter`, in queue order.
  public func momentMonths(passing filter: MomentFilter = .all, mode: MomentClusterer.Mode? = nil) throws
    -> [MomentMonth]
  {
    try withFreshQueue(mode: mode) { queue in
      try queue.months(passing: filter).map {
        MomentMonth(month: $0.month, first: $0.first, moments: $0.moments)
      }
    }
  }
}
