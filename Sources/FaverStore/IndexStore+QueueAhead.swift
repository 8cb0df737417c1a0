package import FaverCore
import GRDB

extension IndexStore.QueueSnapshot {
  /// The ids of at most `limit` queue items left to review after the first item holding `id`
  /// (one of its files), in queue order: the stops a reviewer on `id` reaches next. Empty when
  /// no item holds `id`.
  package func pendingIDs(after id: AssetID, limit: Int) throws -> [AssetID] {
    guard limit > 0, let held = try IndexStore.items(holding: id, in: db).first else { return [] }
    var found: [AssetID] = []
    _ = try IndexStore.firstPending(after: held.position, in: db) { item in
      found.append(item.assetID)
      return found.count >= limit
    }
    return found
  }
}
