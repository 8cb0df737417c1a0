package import FaverCore
import GRDB

/// The saved queue's moments as a browser finds its place in them: only those holding a favorite,
/// a reject or a photo not yet reviewed, and the months they fall in. Read from `queueMoment` and
/// `queueItem` (with `review` for the marks), never rebuilt.
extension MomentFilter {
  /// SQL true for the moment `m` of `queueMoment` that passes. An item's state is its first
  /// member's with a mark (the photo, its Live Photo video, its raw file), as `reviewState`.
  var condition: String {
    switch self {
    case .all: "1"
    case .unreviewed: "m.reviewed < m.total"
    case .favorites: Self.anyItem(marked: "favorite")
    case .rejected: Self.anyItem(marked: "rejected")
    }
  }

  private static func anyItem(marked column: String) -> String {
    let member = { (id: String) in "(SELECT r.\(column) FROM review r WHERE r.assetId = q.\(id))" }
    return """
      EXISTS (SELECT 1 FROM queueItem q WHERE q.position >= m.firstPosition \
      AND q.position < m.endPosition \
      AND COALESCE(\(member("assetId")), \(member("companionId")), \(member("rawId")), 0) = 1)
      """
  }
}

extension IndexStore {
  /// A month of moments: `month` is `YYYY-MM` of their start as the camera's clock showed it (nil
  /// for the undated moment), `first` the id of its first moment, `moments` how many it holds.
  package struct QueuedMonth: Hashable, Sendable {
    package var month: String?
    package var first: String
    package var moments: Int
  }
}

extension IndexStore.QueueSnapshot {
  /// At most `limit` moments of the saved queue from the one at `ordinal` on that pass `filter`,
  /// in queue order.
  package func moments(from ordinal: Int, limit: Int, passing filter: MomentFilter) throws
    -> [QueuedMoment]
  {
    try Row.fetchAll(
      db,
      sql: """
        SELECT \(QueuedMoment.selection) FROM queueMoment m
        WHERE m.ordinal >= ? AND \(filter.condition) ORDER BY m.ordinal LIMIT ?
        """,
      arguments: [max(ordinal, 0), max(limit, 0)]
    ).map(QueuedMoment.init(row:))
  }

  /// The months of the saved queue's moments that pass `filter`, in queue order (a month is
  /// where its first moment is).
  package func months(passing filter: MomentFilter) throws -> [IndexStore.QueuedMonth] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT g.month, first.momentId, g.count FROM (
          SELECT CASE WHEN m.boundary = 'undated' THEN NULL ELSE substr(m.start, 1, 7) END AS month,
            MIN(m.ordinal) AS ordinal, COUNT(*) AS count
          FROM queueMoment m WHERE \(filter.condition) GROUP BY month
        ) g JOIN queueMoment first ON first.ordinal = g.ordinal ORDER BY g.ordinal
        """
    ).map { IndexStore.QueuedMonth(month: $0[0], first: $0[1], moments: $0[2]) }
  }
}
