import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

/// What `appendToQueue` asks of the files indexed before the new ones is looked up by an index,
/// never by reading every file: the plans say so, and the folder lookup finds exactly the files
/// whose path begins with the folder's.

private func plan(_ store: IndexStore, _ sql: String, _ arguments: StatementArguments) throws -> String {
  try store.database.read { db in
    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
      .map { $0["detail"] as String }.joined(separator: "; ")
  }
}

@Test func theAppendsLookupsOfOldFilesUseAnIndexNotAScanOfEveryFile() throws {
  let store = try IndexStore()
  let wallClocks = try plan(store, IndexStore.wallClocksSince, [0.0, 10, 99.0])
  #expect(
    wallClocks.contains("USING INDEX file_wallClock_takenAt (takenAt>? AND takenAt<?)"), "\(wallClocks)")
  let folder = try plan(store, IndexStore.filesOfFolderSince, [1, 0.0, 10, "a/", "a0", 99.0])
  #expect(folder.contains("(rootId=? AND path>? AND path<?)"), "\(folder)")
  let root = try plan(store, IndexStore.filesOfRootSince, [1, 0.0, 10, 99.0])
  #expect(root.contains("(rootId=?)"), "\(root)")
  for detail in [wallClocks, folder, root] { #expect(!detail.contains("SCAN file"), "\(detail)") }
}

@Test(arguments: ["trip/", "tr/", "été 2024/", "a/b/", ""])
func aFoldersLookupFindsTheFilesWhosePathBeginsWithItsOwn(prefix: String) throws {
  let store = try IndexStore()
  let rootId = try store.rootID(for: "/photos")
  let other = try store.rootID(for: "/more")
  let paths = [
    "trip/a.jpg", "trip/sub/b.jpg", "trip-old/c.jpg", "trip0/d.jpg", "tripx/e.jpg", "trip.jpg", "tr/f.jpg",
    "tr.jpg", "été 2024/g.jpg", "été 2024x/h.jpg", "été/i.jpg", "a/b/j.jpg", "a/bc/k.jpg", "a/l.jpg", "m.jpg",
  ]
  for (root, name) in [(rootId, "id"), (other, "other")] {
    var changes = IndexChanges(rootId: root)
    changes.media = paths.enumerated().map { index, path in
      FileRecord(
        rootId: root, path: path, assetId: AssetID(rawValue: "\(name)\(index)"), format: "jpeg", kind: .photo,
        stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
        captureTime: CaptureTime(
          instant: Date(timeIntervalSince1970: 1000), utcOffset: 0, source: .exifOriginal),
        coordinate: nil, make: nil, model: nil, problem: nil)
    }
    try store.apply(changes)
  }
  let folder = IndexStore.FolderPrefix(rootId: rootId, prefix: prefix)
  // Every file was taken long before 5000: one at a time is dated by its modification time, and
  // the lookup finds it when it is in the folder (of the root asked: all of the other's are).
  let found = try store.database.write { db in
    try db.execute(sql: "UPDATE file SET timeSource = 'fileModified' WHERE rootId = ?", arguments: [other])
    return try paths.filter { path in
      let dated = "UPDATE file SET timeSource = ? WHERE rootId = ? AND path = ?"
      try db.execute(sql: dated, arguments: ["fileModified", rootId, path])
      defer { try? db.execute(sql: dated, arguments: ["exifOriginal", rootId, path]) }
      let arguments: StatementArguments = [rootId, 5000.0, Int64.max]
      if let end = folder.end {
        return try Bool.fetchOne(
          db, sql: IndexStore.filesOfFolderSince, arguments: arguments + [prefix, end, 9000.0]) == true
      }
      return try Bool.fetchOne(db, sql: IndexStore.filesOfRootSince, arguments: arguments + [9000.0]) == true
    }
  }
  #expect(found == paths.filter { $0.hasPrefix(prefix) })
  #expect(!found.isEmpty)
}
