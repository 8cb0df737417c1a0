package import FaverCore
import GRDB

extension IndexStore.QueueSnapshot {
  /// The ids of at most `limit` queue items left to review after the first item holding `id`
  /// (one of its files), in queue order: the stops a reviewer on `id` reaches next. Empty when
  /// no item holds `id`.
  package func pendingIDs(after id: AssetID, limit: Int) throws -> [AssetID] {
    guard
      let position = try Int.fetchOne(
        db,
        sql: """
          SELECT position FROM queueItem
          WHERE assetId = ?1 OR companionId = ?1 OR rawId = ?1 ORDER BY position LIMIT 1
          """,
        arguments: [id.rawValue])
    else { return [] }
    return try String.fetchAll(
      db,
      sql: "SELECT assetId FROM queueItem WHERE position > ? AND reviewed = 0 ORDER BY position LIMIT ?",
      arguments: [position, max(limit, 0)]
    ).map(AssetID.init(rawValue:))
  }
}
