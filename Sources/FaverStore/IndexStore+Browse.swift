package import FaverCore
import GRDB

/// The saved queue's moments as a browser finds its place in them: only those holding a favorite,
/// a reject or a photo not yet reviewed, and the months they fall in. Read from `queueMoment`, and
/// for the marks from `review` and the items of the moments holding them, never rebuilt.
extension MomentFilter {
  /// SQL true for the moment `m` of `queueMoment` that passes, and its arguments. An item's state
  /// is its first member's with a mark (the photo, its Live Photo video, its raw file), as
  /// `reviewState`.
  func condition(in db: Database) throws -> (sql: String, arguments: StatementArguments) {
    switch self {
    case .all: ("1", [])
    case .unreviewed: ("m.reviewed < m.total", [])
    case .favorites: try Self.anyItem(marked: "favorite", in: db)
    case .rejected: try Self.anyItem(marked: "rejected", in: db)
    }
  }

  private static func anyItem(marked column: String, in db: Database) throws
    -> (sql: String, arguments: StatementArguments)
  {
    let mark = try db.cachedStatement(sql: "SELECT \(column) FROM review WHERE assetId = ?")
    var moments: Set<Int> = []
    for id in try String.fetchAll(db, sql: "SELECT assetId FROM review WHERE \(column)") {
      for item in try IndexStore.items(holding: AssetID(rawValue: id), in: db)
      where !moments.contains(item.moment) {
        for member in item.memberIDs {
          guard let marked = try Bool.fetchOne(mark, arguments: [member.rawValue]) else { continue }
          if marked { moments.insert(item.moment) }
          break
        }
      }
    }
    let list = "[" + moments.sorted().map(String.init).joined(separator: ",") + "]"
    return ("m.ordinal IN (SELECT value FROM json_each(?))", [list])
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
    let condition = try filter.condition(in: db)
    return try Row.fetchAll(
      db,
      sql: """
        SELECT \(QueuedMoment.selection) FROM queueMoment m
        WHERE m.ordinal >= ? AND \(condition.sql) ORDER BY m.ordinal LIMIT ?
        """,
      arguments: [max(ordinal, 0)] + condition.arguments + [max(limit, 0)]
    ).map(QueuedMoment.init(row:))
  }

  /// The months of the saved queue's moments that pass `filter`, in queue order (a month is
  /// where its first moment is).
  package func months(passing filter: MomentFilter) throws -> [IndexStore.QueuedMonth] {
    let condition = try filter.condition(in: db)
    return try Row.fetchAll(
      db,
      sql: """
        SELECT g.month, first.momentId, g.count FROM (
          SELECT CASE WHEN m.boundary = 'undated' THEN NULL ELSE substr(m.start, 1, 7) END AS month,
            MIN(m.ordinal) AS ordinal, COUNT(*) AS count
          FROM queueMoment m WHERE \(condition.sql) GROUP BY month
        ) g JOIN queueMoment first ON first.ordinal = g.ordinal ORDER BY g.ordinal
        """,
      arguments: condition.arguments
    ).map { IndexStore.QueuedMonth(month: $0[0], first: $0[1], moments: $0[2]) }
  }
}
