import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

@Test func appleIdentifiersAreStoredAndReadBack() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore(folder: folder)
  let root = try store.rootID(for: "/photos")
  let time = CaptureTime(
    instant: Date(timeIntervalSince1970: 1_700_000_000), utcOffset: 0, source: .exifOriginal)
  func record(_ path: String, _ identifier: String?, _ burst: String?) -> FileRecord {
    FileRecord(
      rootId: root, path: path, assetId: AssetID(size: 10, head: Array(path.utf8)), format: "heif",
      kind: .photo, stamp: FileStamp(size: 10, mtimeNs: 0, device: 1, inode: 2), captureTime: time,
      coordinate: nil, make: nil, model: nil, problem: nil, contentIdentifier: identifier, burstID: burst)
  }
  var changes = IndexChanges(rootId: root)
  changes.media = [record("a.heic", "LIVE-1", "BURST-1"), record("b.jpg", nil, nil)]
  try store.apply(changes)
  #expect(try store.unpairedAssets().first { $0.path == "a.heic" }?.burstID == "BURST-1")
  let files = try store.files(inRoot: root)
  #expect(files["a.heic"]?.contentIdentifier == "LIVE-1" && files["a.heic"]?.burstID == "BURST-1")
  #expect(files["b.jpg"]?.contentIdentifier == nil && files["b.jpg"]?.burstID == nil)
}

@Test func migrationsRunInOrder() throws {
  let names = IndexStore.migrator.migrations
  #expect(
    names == [
      "v1: roots and files", "v2: non-media files", "v3: review", "v4: apple identifiers",
      "v5: forget non-media files", "v6: drop the rootId indexes their (rootId, path) keys cover",
      "v7: drop the takenAt and contentIdentifier indexes no query uses", "v8: rejected",
      "v9: video duration", "v10: files dated by name or modification time",
      "v11: offset source, serial number, clock corrections", "v12: review queue",
      "v13: moments in columns, the listing order", "v14: paired devices", "v15: mark times",
      "v16: photo signals", "v17: review generation", "v18: queue gaps",
      "v19: the row of a queued item's file", "v20: file changes since the queue",
      "v21: queue positions with holes", "v22: moment counts in an index", "v23: wall clocks by time",
      "v24: files by Live Photo and burst identifier", "v25: the fingerprint of each moment's items",
      "v26: clock changes since the queue", "v27: files edited in place", "v28: files edited back and forth",
      "v29: the queue per moment",
    ])
}

@Test func aLivePhotoIsOneAssetWithItsVideoAsCompanion() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore(folder: folder)
  let root = try store.rootID(for: "/photos")
  func record(_ path: String, _ kind: MediaKind, at seconds: Double, _ identifier: String?) -> FileRecord {
    FileRecord(
      rootId: root, path: path, assetId: AssetID(size: 10, head: Array(path.utf8)), format: "heif",
      kind: kind, stamp: FileStamp(size: 10, mtimeNs: 0, device: 1, inode: 2),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds), utcOffset: 0, source: .exifOriginal),
      coordinate: nil, make: nil, model: nil, problem: nil, contentIdentifier: identifier)
  }
  var changes = IndexChanges(rootId: root)
  changes.media = [
    record("IMG_1.HEIC", .photo, at: 0, "LIVE-1"), record("export/live.mov", .video, at: -1, "LIVE-1"),
    record("IMG_2.JPG", .photo, at: 10, nil), record("IMG_2.MOV", .video, at: 11.5, nil),
    record("IMG_3.JPG", .photo, at: 20, nil), record("IMG_3.MOV", .video, at: 23, nil),
    record("IMG_4.MOV", .video, at: 30, "LIVE-4"),
  ]
  try store.apply(changes)
  let assets = QueuePlanner.paired(try store.unpairedAssets())
  #expect(assets.map(\.path) == ["IMG_1.HEIC", "IMG_2.JPG", "IMG_3.JPG", "IMG_3.MOV", "IMG_4.MOV"])
  #expect(
    assets[0].companion
      == Asset.Companion(
        id: AssetID(size: 10, head: Array("export/live.mov".utf8)), root: "/photos", path: "export/live.mov"))
  #expect(assets[1].companion?.path == "IMG_2.MOV")
  #expect(assets.dropFirst(2).allSatisfy { $0.companion == nil })
  #expect(assets.last?.kind == .video)
}
