import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

/// What a plan (`readPlan`) reads of the files around a change is looked up by an index, never
/// by reading every file: the query plans say so, and the folder lookup finds exactly the files
/// directly in the folder.

private func plan(_ store: IndexStore, _ sql: String, _ arguments: StatementArguments) throws -> String {
  try store.database.read { db in
    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
      .map { $0["detail"] as String }.joined(separator: "; ")
  }
}

@Test func thePlansLookupsUseAnIndexNotAScanOfEveryFile() throws {
  let store = try IndexStore()
  let wallClocks = try plan(store, IndexStore.wallClocksBetween, [0.0, 99.0])
  #expect(
    wallClocks.contains("USING INDEX file_wallClock_takenAt (takenAt>? AND takenAt<?)"), "\(wallClocks)")
  let (files, arguments) = IndexStore.FolderPrefix(rootId: 1, prefix: "a/").files
  let folder = try plan(store, "SELECT rowid FROM file WHERE \(files)", arguments)
  #expect(folder.contains("(rootId=? AND path>? AND path<?)"), "\(folder)")
  let (rootFiles, rootArguments) = IndexStore.FolderPrefix(rootId: 1, prefix: "").files
  let root = try plan(store, "SELECT rowid FROM file WHERE \(rootFiles)", rootArguments)
  #expect(root.contains("(rootId=?)"), "\(root)")
  let dating = try plan(store, IndexStore.momentsDating, [0.0, 99.0, 10.0])
  #expect(dating.contains("USING INDEX queueMoment_on_low (low>? AND low<?)"), "\(dating)")
  for detail in [wallClocks, folder, root] { #expect(!detail.contains("SCAN file"), "\(detail)") }
}

@Test(arguments: ["trip/", "tr/", "été 2024/", "a/b/", ""])
func aFoldersLookupFindsTheFilesDirectlyInIt(prefix: String) throws {
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
  let (files, arguments) = IndexStore.FolderPrefix(rootId: rootId, prefix: prefix).files
  let found = try store.database.read { db in
    try String.fetchAll(db, sql: "SELECT path FROM file WHERE \(files) ORDER BY path", arguments: arguments)
  }
  // Directly in it: its folders' files are not.
  let expected = paths.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
  #expect(found == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
  #expect(!found.isEmpty)
}
