import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

private func photo(_ root: Int64, _ path: String, _ id: String) -> FileRecord {
  FileRecord(
    rootId: root, path: path, assetId: AssetID(rawValue: id), format: "jpeg", kind: .photo,
    stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
    captureTime: CaptureTime(
      instant: Date(timeIntervalSince1970: 1_700_000_000), utcOffset: 0, source: .exifOriginal),
    coordinate: nil, make: nil, model: nil, problem: nil)
}

/// Ids of hex digits (read in the order of their keys) and of other text (sorted after the walk)
/// each find their only file's row; an id with two files, or none, finds none: ids in one bucket
/// of the table (the same first four digits), at its first and last keys, and in the last bucket.
@Test(arguments: [
  ["00000000000000a1", "00000000000000b2", "ffffffffffffff01", "0123456789abcdef"],
  ["a", "b", "c", "d"],
  ["00000000000000a1", "b", "ffffffffffffff01", "D0123456789ABCDE"],
  ["ffff000000000001", "ffffffffffffffff", "ffff000000000002", "0000ffffffffffff", "ffff000000000000"],
])
func eachIDFindsTheRowOfItsOnlyFile(ids: [String]) throws {
  let store = try IndexStore()
  let (lib, backup) = (try store.rootID(for: "/lib"), try store.rootID(for: "/backup"))
  var main = IndexChanges(rootId: lib)
  main.media = ids.enumerated().map { photo(lib, "\($0.offset).jpg", $0.element) }
  try store.apply(main)
  var copies = IndexChanges(rootId: backup)
  copies.media = [photo(backup, "copy.jpg", ids[2])]
  try store.apply(copies)
  try store.database.read { db in
    let table = try OnlyFileRows(db)
    for (offset, id) in ids.enumerated() {
      let only = try OnlyFileRows.row(of: AssetID(rawValue: id), in: db)
      #expect(table.row(of: AssetID(rawValue: id)) == only)
      let row = try Int64.fetchOne(
        db, sql: "SELECT id FROM file WHERE rootId = ? AND path = ?", arguments: [lib, "\(offset).jpg"])
      #expect(only == (offset == 2 ? nil : row))
    }
    #expect(table.row(of: AssetID(rawValue: "0000000000000000")) == nil)
    #expect(table.row(of: AssetID(rawValue: "none")) == nil)
  }
}
