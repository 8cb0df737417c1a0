import FaverCore
import FaverTestSupport
import Foundation
import GRDB
import Testing

@testable import FaverStore

private func changes(_ root: Int64, media: [FileRecord]) -> IndexChanges {
  var changes = IndexChanges(rootId: root)
  changes.media = media
  return changes
}

private func record(_ rootId: Int64, _ path: String, taken: Double, size: Int64 = 100) -> FileRecord {
  FileRecord(
    rootId: rootId, path: path, assetId: AssetID(size: size, head: Array(path.utf8)), format: "jpeg",
    kind: .photo,
    stamp: FileStamp(size: size, mtimeNs: 1, device: 2, inode: 3),
    captureTime: CaptureTime(
      instant: Date(timeIntervalSince1970: taken), utcOffset: 3600, source: .exifOriginal),
    coordinate: Coordinate(latitude: 45.5, longitude: -73.5), make: "Canon", model: nil, problem: nil)
}

@Test func aNewStoreCreatesItsFolderAndIndex() throws {
  let temporary = try TemporaryStore()
  #expect(
    FileManager.default.fileExists(atPath: temporary.folder.appendingPathComponent(IndexStore.fileName).path))
  #expect(try temporary.store.unpairedAssets().isEmpty)
}

@Test func rootsAreRegisteredOnce() throws {
  let temporary = try TemporaryStore()
  let first = try temporary.store.rootID(for: "/photos")
  #expect(try temporary.store.rootID(for: "/photos") == first)
  #expect(try temporary.store.rootID(for: "/more") != first)
  #expect(try temporary.store.roots().count == 2)
}

@Test func filesRoundTripIntoAssetsInCaptureOrder() throws {
  let temporary = try TemporaryStore()
  let root = try temporary.store.rootID(for: "/photos")
  try temporary.store.apply(
    changes(root, media: [record(root, "b.jpg", taken: 20), record(root, "a.jpg", taken: 10)]))
  let assets = try temporary.store.unpairedAssets()
  #expect(assets.map(\.path) == ["a.jpg", "b.jpg"])
  #expect(assets[0].root == "/photos")
  #expect(assets[0].captureTime.utcOffset == 3600)
  #expect(assets[0].coordinate == Coordinate(latitude: 45.5, longitude: -73.5))
  #expect(assets[0].make == "Canon" && assets[0].model == nil)
}

@Test func updatesReplaceAndRemovalsForget() throws {
  let temporary = try TemporaryStore()
  let root = try temporary.store.rootID(for: "/photos")
  try temporary.store.apply(
    changes(root, media: [record(root, "a.jpg", taken: 10), record(root, "b.jpg", taken: 20)]))
  var removal = changes(root, media: [record(root, "a.jpg", taken: 30, size: 200)])
  removal.removed = ["b.jpg"]
  try temporary.store.apply(removal)
  let known = try temporary.store.files(inRoot: root)
  #expect(known.keys.sorted() == ["a.jpg"])
  #expect(known["a.jpg"]?.size == 200)
}

@Test func aFileMovesBetweenMediaAndNonMedia() throws {
  let temporary = try TemporaryStore()
  let root = try temporary.store.rootID(for: "/photos")
  var batch = changes(root, media: [])
  batch.nonMedia = [("a.jpg", FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1))]
  try temporary.store.apply(batch)
  #expect(try temporary.store.known(inRoot: root).nonMedia.paths.sorted() == ["a.jpg"])
  try temporary.store.apply(changes(root, media: [record(root, "a.jpg", taken: 10)]))
  let known = try temporary.store.known(inRoot: root)
  #expect(known.nonMedia.isEmpty && known.media.paths.sorted() == ["a.jpg"])
}

@Test func reopeningKeepsTheData() throws {
  let temporary = try TemporaryStore()
  let root = try temporary.store.rootID(for: "/photos")
  try temporary.store.apply(changes(root, media: [record(root, "a.jpg", taken: 10)]))
  let reopened = try IndexStore(folder: temporary.folder)
  #expect(try reopened.unpairedAssets().map(\.path) == ["a.jpg"])
}

@Test func anUnwritableStoreFolderIsAClearError() throws {
  #expect {
    try IndexStore(folder: URL(fileURLWithPath: "/proc/faver-cannot-be-here"))
  } throws: { error in
    guard let error = error as? StoreError, case .cannotCreateFolder = error else { return false }
    return error.description.contains("--store")
  }
}

@Test func aCopiedFileIsOneAssetAtItsFirstPathByRootThenBytes() throws {
  let temporary = try TemporaryStore()
  let first = try temporary.store.rootID(for: "/photos")
  let second = try temporary.store.rootID(for: "/backup")
  func copy(_ root: Int64, _ path: String, id: String, taken: Double) -> FileRecord {
    var file = record(root, path, taken: taken)
    file.assetId = id
    return file
  }
  // Copies taken at different times (a file name date, a modification time): the copy chosen is
  // the first by root, then by the bytes of its path ("Z" < "a" < "é"), not the earliest.
  try temporary.store.apply(changes(second, media: [copy(second, "a.jpg", id: "x", taken: 1)]))
  try temporary.store.apply(
    changes(
      first,
      media: [
        copy(first, "é.jpg", id: "x", taken: 2), copy(first, "a.jpg", id: "x", taken: 5),
        copy(first, "Z.jpg", id: "y", taken: 4), copy(first, "b.jpg", id: "y", taken: 3),
        copy(first, "c.jpg", id: "z", taken: 0),
      ]))
  let assets = try temporary.store.unpairedAssets()
  #expect(assets.map { "\($0.root)/\($0.path)" } == ["/photos/c.jpg", "/photos/Z.jpg", "/photos/a.jpg"])
}

@Test func onlyTheIndexesQueriesUseAreKept() throws {
  let temporary = try TemporaryStore()
  let indexes = try temporary.store.database.read { db in
    try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
  }
  #expect(
    indexes.sorted() == [
      "file_burstID", "file_contentIdentifier", "file_on_assetId", "file_wallClock_takenAt",
      "queueMoment_counts", "queueMoment_length", "queueMoment_on_firstBurst", "queueMoment_on_firstPosition",
      "queueMoment_on_low", "queueMoment_on_momentId", "queueMoment_pending",
    ])
}

@Test func batchesLargerThanOneStatementInsertAndThenUpdateEveryFile() throws {
  let temporary = try TemporaryStore()
  let root = try temporary.store.rootID(for: "/photos")
  let count = 2 * IndexStore.upsertRows + 5
  let first = (0..<count).map { record(root, "p\($0).jpg", taken: Double($0)) }
  try temporary.store.apply(changes(root, media: first))
  let ids = try temporary.store.database.read {
    try Int64.fetchAll($0, sql: "SELECT id FROM file ORDER BY path")
  }
  #expect(try temporary.store.unpairedAssets().map(\.path) == first.map(\.path))
  // The same paths again, changed: updated in place, row ids kept, nothing added.
  let second = (0..<count).map { record(root, "p\($0).jpg", taken: Double(1000 - $0), size: 7) }
  try temporary.store.apply(changes(root, media: second))
  let files = try temporary.store.files(inRoot: root)
  #expect(files.count == count && files.values.allSatisfy { $0.size == 7 })
  #expect(try temporary.store.unpairedAssets().map(\.path) == second.reversed().map(\.path))
  #expect(
    try temporary.store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM file ORDER BY path") }
      == ids)
}

@Test func aPathWrittenAsMediaAndThenAsNonMediaInOneBatchEndsNonMedia() throws {
  let temporary = try TemporaryStore()
  let root = try temporary.store.rootID(for: "/photos")
  var batch = changes(root, media: [record(root, "a.jpg", taken: 10), record(root, "b.jpg", taken: 20)])
  batch.nonMedia = [("a.jpg", FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1))]
  try temporary.store.apply(batch)
  let known = try temporary.store.known(inRoot: root)
  #expect(Set(known.media.paths) == ["b.jpg"])
  #expect(Set(known.nonMedia.paths) == ["a.jpg"])
}
