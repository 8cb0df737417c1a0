import FaverCore
import Foundation
import Testing

@testable import FaverStore

/// A store in memory: the schema and every query as on disk, nothing to clean up.
func temporaryStore() throws -> IndexStore { try IndexStore() }

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
  let (a, b, c) = (AssetID(rawValue: "a"), AssetID(rawValue: "b"), AssetID(rawValue: "c"))
  try store.mark([a], as: .reviewed, at: Date())
  try store.mark([b, c], as: .favorite, at: Date())
  try store.mark([c], as: .unfavorite, at: Date())
  try store.mark([a], as: .reviewed, at: Date())
  #expect(try store.reviewedIDs() == [a, b, c])
  #expect(try store.favoriteIDs() == [b])
}

@Test func aMarkSentLateKeepsEveryNewerMarkAndSaysWhich() throws {
  let store = try temporaryStore()
  let (a, b) = (AssetID(rawValue: "a"), AssetID(rawValue: "b"))
  let (early, late) = (Date(timeIntervalSince1970: 1_000), Date(timeIntervalSince1970: 2_000))
  try store.mark([a], as: .favorite, at: late)
  let rejecting = try store.mark([a, b], as: .rejected, at: early, keepingNewer: true)
  #expect(rejecting == IndexStore.Marking(changed: 1, superseded: [a]))
  let reviewing = try store.setPlainlyReviewed([a, b], at: early, keepingNewer: true)
  #expect(reviewing == IndexStore.Marking(changed: 1, superseded: [a]))
  #expect(try store.reviewStates(of: [a, b]) == [a: .favorite, b: .reviewed])
  let plain = try store.mark([a], as: .rejected, at: early)
  #expect(plain == IndexStore.Marking(changed: 1, superseded: []))
}

@Test func marksSurviveTheFileBeingMovedOrDeleted() throws {
  let store = try temporaryStore()
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
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-store-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  try IndexStore(folder: folder).mark([AssetID(rawValue: "a")], as: .reviewed, at: Date())
  #expect(try IndexStore(folder: folder).reviewedIDs() == [AssetID(rawValue: "a")])
}

@Test func filesEditedInPlaceKeepTheirMarksInBatchesLargerThanOneStatement() throws {
  let store = try temporaryStore()
  let root = try store.rootID(for: "/lib")
  let count = 2 * IndexStore.upsertRows + 5
  try store.apply(batch(root, (0..<count).map { record(root, "p\($0).jpg", id: "old\($0)", at: Double($0)) }))
  let marked = (0..<count).filter { $0 % 3 == 0 }
  try store.mark(marked.map { AssetID(rawValue: "old\($0)") }, as: .favorite, at: Date())
  // Every file gets new content; odd ones are also another photo (another capture time).
  try store.apply(
    batch(
      root,
      (0..<count).map {
        record(root, "p\($0).jpg", id: "new\($0)", at: Double($0) + ($0 % 2 == 0 ? 0 : 0.5))
      }))
  let carried = marked.filter { $0 % 2 == 0 }.map { AssetID(rawValue: "new\($0)") }
  #expect(!carried.isEmpty)
  #expect(try store.favoriteIDs() == Set(marked.map { AssetID(rawValue: "old\($0)") } + carried))
}

@Test func aPathTwiceInOneBatchCarriesAMarkOnlyFromTheVersionJustBeforeIt() throws {
  let store = try temporaryStore()
  let root = try store.rootID(for: "/lib")
  try store.apply(batch(root, [record(root, "a.jpg", id: "first", at: 0)]))
  try store.mark([AssetID(rawValue: "first")], as: .reviewed, at: Date())
  // Another photo under the name, then one taken when the first was: it follows the second.
  let others = (0..<10).map { record(root, "o\($0).jpg", id: "o\($0)", at: 1) }
  try store.apply(
    batch(
      root,
      [record(root, "a.jpg", id: "second", at: 7)] + others + [record(root, "a.jpg", id: "third", at: 0)]))
  #expect(try store.reviewedIDs() == [AssetID(rawValue: "first")])
  #expect(try store.files(inRoot: root)["a.jpg"]?.assetId == "third")
}
