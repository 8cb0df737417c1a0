import FaverCore
import GRDB

/// The row of `file` that is an asset's only file, by asset id: what `QueuedItem.fileID` keeps so
/// the listing reads an item's file by its row (see `QueuedAssetListing`). An asset with several
/// files (copies) or none has no such row. Read whole, by one walk of the index on asset ids, for
/// a queue saved whole; looked up an asset at a time for the few items a span writes.
struct OnlyFileRows {
  /// The 64-bit key of each asset id (see `AssetID.key`), ascending, each once, and the row of its only
  /// file at the same place; 0 where the id has several files or shares its key with another id
  /// (the key is not the id: such an item is read by its asset id, never by a row that may be
  /// another asset's). Two sorted arrays: a dictionary of a million keys took twice the memory.
  private var keys: [UInt64] = []
  private var rows: [Int64] = []
  /// Where the keys of each value of their top `bucketBits` bits begin in `keys`, and one past
  /// the last: a lookup searches the few keys of its bucket. Keys are spread evenly (hex ids are
  /// random, the others hashed), and a search of the whole array missed the cache at nearly every
  /// step (a million lookups took most of a second).
  private var starts: [UInt32] = []
  private static let bucketBits = 16

  /// Every asset's, as `file` holds them in the transaction of `db`.
  init(_ db: Database) throws {
    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file") ?? 0
    keys.reserveCapacity(count)
    rows.reserveCapacity(count)
    // Ids of 16 hex digits come in the order of their keys: then the arrays are filled in order.
    var isSorted = true
    var files = try ColumnCursor(db, sql: "SELECT assetId, id FROM file INDEXED BY file_on_assetId")
    while try files.next() {
      let key = files.text(0, AssetID.key)
      if let last = keys.last {
        if key == last {
          rows[rows.count - 1] = 0
          continue
        }
        if key < last { isSorted = false }
      }
      keys.append(key)
      rows.append(files.int64(1))
    }
    if !isSorted {
      let found = zip(keys, rows).sorted { $0.0 < $1.0 }
      (keys, rows) = ([], [])
      for (key, row) in found {
        if keys.last == key {
          rows[rows.count - 1] = 0
        } else {
          keys.append(key)
          rows.append(row)
        }
      }
    }
    starts = [UInt32](repeating: 0, count: (1 << Self.bucketBits) + 1)
    for key in keys { starts[Self.bucket(of: key) + 1] += 1 }
    for bucket in 0..<(1 << Self.bucketBits) { starts[bucket + 1] += starts[bucket] }
  }

  private static func bucket(of key: UInt64) -> Int { Int(key >> (64 - UInt64(bucketBits))) }

  /// The row of the only file of the asset `id`; nil when it has several or none.
  func row(of id: AssetID) -> Int64? {
    let key = id.key
    let bucket = Self.bucket(of: key)
    var (low, high) = (Int(starts[bucket]), Int(starts[bucket + 1]))
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < keys.count, keys[low] == key, rows[low] != 0 else { return nil }
    return rows[low]
  }

  /// The row of the only file of the asset `id`, looked up in `db`; nil when it has several or
  /// none.
  static func row(of id: AssetID, in db: Database) throws -> Int64? {
    let statement = try db.cachedStatement(
      sql: "SELECT CASE WHEN COUNT(*) = 1 THEN MIN(id) END FROM file WHERE assetId = ?")
    return try Int64.fetchOne(statement, arguments: [id.rawValue])
  }
}
