import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// A library in a new folder (its store a file there) of four photos under `/lib`, the third with
/// a copy under `/backup`, its queue saved. The caller removes the folder.
private func savedLibrary() throws -> (library: Library, lib: Int64, backup: Int64) {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("faver-rows-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let library = Library(store: try IndexStore(folder: folder), folder: folder)
  let store = try library.store
  let (lib, backup) = (try store.rootID(for: "/lib"), try store.rootID(for: "/backup"))
  var main = IndexChanges(rootId: lib)
  main.media = [
    photo(lib, "a.jpg", "a", at: 0), photo(lib, "b.jpg", "b", at: 10), photo(lib, "c.jpg", "c", at: 20),
    photo(lib, "d.jpg", "d", at: 30),
  ]
  try store.apply(main)
  var copies = IndexChanges(rootId: backup)
  copies.media = [photo(backup, "c.jpg", "c", at: 20)]
  try store.apply(copies)
  try library.cluster()
  return (library, lib, backup)
}

private func photo(_ root: Int64, _ path: String, _ id: String, at seconds: Double) -> FileRecord {
  FileRecord(
    rootId: root, path: path, assetId: AssetID(rawValue: id), format: "jpeg", kind: .photo,
    stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
    captureTime: CaptureTime(
      instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds), utcOffset: 3600, source: .exifOriginal),
    coordinate: nil, make: nil, model: nil, problem: nil)
}

/// Each queued asset id and the file row its item keeps (nil: none).
private func savedRows(_ store: IndexStore) throws -> [String: Int64?] {
  try store.database.read { db in
    Dictionary(
      uniqueKeysWithValues: try IndexStore.items(from: 0, to: Int.max, in: db).map {
        ($0.assetID.rawValue, $0.fileID)
      })
  }
}

/// The row of the file at `path` under the root `root`.
private func fileRow(_ store: IndexStore, _ root: Int64, _ path: String) throws -> Int64? {
  try store.database.read { db in
    try Int64.fetchOne(db, sql: "SELECT id FROM file WHERE rootId = ? AND path = ?", arguments: [root, path])
  }
}

/// The saved queue as the store lists it, not made fresh first.
/// Also checks that the listing written from the rows is what `JSONEncoder` makes of these.
private func listed(_ store: IndexStore) throws -> [Asset] {
  var assets: [Asset] = []
  #expect(try store.forEachQueuedAsset(recipe: Library.queueRecipe) { asset, _ in assets.append(asset) })
  var written = Data()
  let writer = AssetListing.ArrayWriter(bufferSize: 100) { written.append(contentsOf: $0) }
  #expect(try store.writeQueuedAssets(recipe: Library.queueRecipe, to: writer))
  try writer.finish()
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  #expect(written == (try encoder.encode(assets.map(AssetListing.init))))
  return assets
}

@Test func aSavedQueueKeepsTheRowOfEachItemsOnlyFile() throws {
  let (library, lib, _) = try savedLibrary()
  defer { try? FileManager.default.removeItem(at: library.folder) }
  let store = try library.store
  let rows = try savedRows(store)
  #expect(rows["a"] == .some(try fileRow(store, lib, "a.jpg")))
  #expect(rows["d"] == .some(try fileRow(store, lib, "d.jpg")))
  // Two files: read by its asset id.
  #expect(rows["c"] == .some(nil))
  let assets = try listed(store)
  #expect(assets == (try library.assets()))
  #expect(assets.first { $0.id.rawValue == "c" }?.duplicates == ["/backup/c.jpg"])
}

@Test func anItemIsListedWithItsFilesAsTheyAreNowNotAsTheQueueSavedThem() throws {
  let (library, lib, backup) = try savedLibrary()
  defer { try? FileManager.default.removeItem(at: library.folder) }
  let store = try library.store
  let saved = try savedRows(store)
  // After the save: `a` moved (a new row), `b` copied into another root and before its place
  // (its first file changes), `c`'s copy removed, `d` edited in place (its row holds another
  // asset now).
  var main = IndexChanges(rootId: lib)
  main.removed = ["a.jpg"]
  main.media = [
    photo(lib, "moved/a.jpg", "a", at: 0), photo(lib, "0/b.jpg", "b", at: 10),
    photo(lib, "d.jpg", "d2", at: 30),
  ]
  try store.apply(main)
  var copies = IndexChanges(rootId: backup)
  copies.removed = ["c.jpg"]
  copies.media = [photo(backup, "b.jpg", "b", at: 10)]
  try store.apply(copies)
  #expect(try savedRows(store) == saved)
  #expect(try fileRow(store, lib, "d.jpg") == saved["d"] ?? nil)

  let assets = try listed(store)
  #expect(assets.map(\.id.rawValue) == ["a", "b", "c"])
  #expect(assets.map(\.absolutePath) == ["/lib/moved/a.jpg", "/lib/0/b.jpg", "/lib/c.jpg"])
  #expect(assets.map(\.duplicates) == [[], ["/lib/b.jpg", "/backup/b.jpg"], []])
  // Made fresh, the queue keeps the rows of the files as they are now.
  var fresh: [Asset] = []
  try library.forEachAsset { fresh.append($0) }
  #expect(fresh == (try library.assets()))
  let rows = try savedRows(store)
  #expect(rows["a"] == .some(try fileRow(store, lib, "moved/a.jpg")))
  #expect(rows["c"] == .some(try fileRow(store, lib, "c.jpg")))
  #expect(rows["b"] == .some(nil))
}
