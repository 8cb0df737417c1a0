import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

/// A file edited in place to a content it had before (a rating written, taken back, written
/// again): every index of it succeeds, the old id leads to the new one, and the later mark time
/// stays with the photo. v27's trigger failed the third index on `editedFile`'s key.
@Test func aFileEditedBackAndForthIsIndexedEveryTime() throws {
  let store = try IndexStore()
  let root = try store.rootID(for: "/lib")
  func indexed(_ id: String) throws {
    var changes = IndexChanges(rootId: root)
    changes.media = [
      FileRecord(
        rootId: root, path: "2024/p.jpg", assetId: AssetID(rawValue: id), format: "jpeg", kind: .photo,
        stamp: FileStamp(size: Int64(id.utf8.first ?? 0), mtimeNs: 1, device: 1, inode: 1),
        captureTime: CaptureTime(
          instant: Date(timeIntervalSince1970: 1000), utcOffset: 0, source: .exifOriginal),
        coordinate: nil, make: nil, model: nil, problem: nil)
    ]
    try store.apply(changes)
  }
  try indexed("a")
  try store.database.write { db in
    try db.execute(sql: "INSERT INTO markTime (assetId, markedAt) VALUES ('a', 100), ('b', 50)")
  }
  for id in ["b", "a", "b"] { try indexed(id) }
  #expect(try store.successor(of: AssetID(rawValue: "a")) == AssetID(rawValue: "b"))
  let kept = try store.database.read { db in
    try Double.fetchOne(db, sql: "SELECT markedAt FROM markTime WHERE assetId = 'b'")
  }
  #expect(kept == 100)
}
