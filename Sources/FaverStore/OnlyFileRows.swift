import FaverCore
import GRDB

/// The row of `file` that is an asset's only file, by asset id: what `queueItem.fileId` keeps so
/// the listing reads an item's file by its row (see `QueuedAssetListing`). An asset with several
/// files (copies) or none has no such row. Read whole, by one walk of the index on asset ids, for
/// a queue saved whole; looked up an asset at a time for the few items an append writes.
struct OnlyFileRows {
  /// The row of each asset id's only file by a 64-bit key of the id; 0 where the id has several
  /// files or shares its key with another id (the key is not the id: such an item is read by its
  /// asset id, never by a row that may be another asset's).
  private var rows: [UInt64: Int64] = [:]

  /// Every asset's, as `file` holds them in the transaction of `db`.
  init(_ db: Database) throws {
    // Sized once: grown, the table doubled with the old one still held (48 MB at a million).
    rows.reserveCapacity(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file") ?? 0)
    var files = try ColumnCursor(db, sql: "SELECT assetId, id FROM file INDEXED BY file_on_assetId")
    while try files.next() {
      let key = files.text(0, Self.key)
      let row = files.int64(1)
      rows[key] = rows[key] == nil ? row : 0
    }
  }

  /// The row of the only file of the asset `id`; nil when it has several or none.
  func row(of id: AssetID) -> Int64? {
    let utf8 = id.rawValue.utf8
    guard let row = rows[utf8.withContiguousStorageIfAvailable(Self.key) ?? Self.key(utf8)], row != 0 else {
      return nil
    }
    return row
  }

  /// The row of the only file of the asset `id`, looked up in `db`; nil when it has several or
  /// none.
  static func row(of id: AssetID, in db: Database) throws -> Int64? {
    let statement = try db.cachedStatement(
      sql: "SELECT CASE WHEN COUNT(*) = 1 THEN MIN(id) END FROM file WHERE assetId = ?")
    return try Int64.fetchOne(statement, arguments: [id.rawValue])
  }

  /// FNV-1a (64 bits) of the id's UTF-8 bytes.
  private static func key(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}
