import FaverCore
import Foundation
import Testing

@testable import FaverStore

func temporaryStore() throws -> IndexStore {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("faver-store-tests-\(UUID().uuidString)", isDirectory: true)
  return try IndexStore(folder: folder)
}

func batch(_ root: Int64, _ media: [FileRecord], removed: [String] = []) -> IndexChanges {
  var changes = IndexChanges(rootId: root)
  changes.media = media
  changes.removed = removed
  return changes
}

func record(_ root: Int64, _ path: String, id: String, at seconds: Double) -> FileRecord {
  FileRecord(
    rootId: root, path: path, assetId: AssetID(rawValue: id), format: "jpeg", kind: .photo,
    stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
    captureTime: CaptureTime(
      instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds), utcOffset: 0, source: .exifOriginal),
    coordinate: nil, make: nil, model: nil, problem: nil)
}

@Test func marksAreKeptPerAssetAndFavoriteImpliesReviewed() throws {
  let store = try temporaryStore()
  defer { try? FileManager.default.removeItem(at: store.folder) }
  let (a, b, c) = (AssetID(rawValue: "a"), AssetID(rawValue: "b"), AssetID(rawValue: "c"))
  try store.mark([a], as: .reviewed, at: Date())
  try store.mark([b, c], as: .favorite, at: Date())
  try store.mark([c], as: .unfavorite, at: Date())
  try store.mark([a], as: .reviewed, at: Date())
  #expect(try store.reviewedIDs() == [a, b, c])
  #expect(try store.favoriteIDs() == [b])
}

@Test func marksSurviveTheFileBeingMovedOrDeleted() throws {
  let store = try temporaryStore()
  defer { try? FileManager.default.removeItem(at: store.folder) }
  let root = try store.rootID(for: "/lib")
  try store.apply(batch(root, [record(root, "old.jpg", id: "x", at: 0)]))
  try store.mark([AssetID(rawValue: "x")], as: .favorite, at: Date())
  try #require(try store.files(inRoot: root)["old.jpg"] != nil)
  try store.apply(batch(root, [], removed: ["old.jpg"]))
  #expect(try store.knownAssetIDs(among: [AssetID(rawValue: "x")]).isEmpty)
  try store.apply(batch(root, [record(root, "moved/new.jpg", id: "x", at: 0)]))
  #expect(try store.knownAssetIDs(among: [AssetID(rawValue: "x")]) == [AssetID(rawValue: "x")])
  #expect(try store.favoriteIDs() == [AssetID(rawValue: "x")])
}

@Test func cursorIsSavedReplacedAndCleared() throws {
  let store = try temporaryStore()
  defer { try? FileManager.default.removeItem(at: store.folder) }
  #expect(try store.cursor() == nil)
  let first = FaverCore.Cursor(assetID: AssetID(rawValue: "a"), instant: Date(timeIntervalSince1970: 5))
  let second = FaverCore.Cursor(assetID: AssetID(rawValue: "b"), instant: Date(timeIntervalSince1970: 6.5))
  try store.setCursor(first)
  try store.setCursor(second)
  #expect(try store.cursor() == second)
  try store.setCursor(nil)
  #expect(try store.cursor() == nil)
}

@Test func reviewStateSurvivesReopeningTheStore() throws {
  let folder = try temporaryStore().folder
  defer { try? FileManager.default.removeItem(at: folder) }
  try IndexStore(folder: folder).mark([AssetID(rawValue: "a")], as: .reviewed, at: Date())
  #expect(try IndexStore(folder: folder).reviewedIDs() == [AssetID(rawValue: "a")])
}
