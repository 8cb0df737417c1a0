import FaverCore
import FaverFiles
import FaverPreview
import FaverStore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverKit

/// A photo of the shared corpus, upright, 48 × 80.
private let corpusPhoto = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("shared/corpus/exifr-fixtures/orientation/f1t.jpg")

/// A library on an in-memory store whose root is a temporary tree, and whose store folder (for
/// the preview cache) is beside it.
private struct PreviewSession {
  let tree: TemporaryTree
  let folder: URL
  let library: Library

  init() throws {
    tree = try TemporaryTree()
    folder = tree.root.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    library = Library(store: try IndexStore(), folder: folder)
  }

  /// Indexes `names` (files of the tree, there or not) as photos `id0`, `id1` … a second apart.
  func index(_ names: [String]) throws {
    let store = try library.store
    let root = try store.rootID(for: tree.path)
    var changes = IndexChanges(rootId: root)
    changes.media = names.enumerated().map { index, name in
      FileRecord(
        rootId: root, path: name, assetId: AssetID(rawValue: "id\(index)"), format: "jpeg", kind: .photo,
        stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
        captureTime: CaptureTime(
          instant: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)), utcOffset: 0,
          source: .exifOriginal),
        coordinate: nil, make: nil, model: nil, problem: nil)
    }
    try store.apply(changes)
  }

  func put(_ name: String, _ bytes: [UInt8]) throws { try tree.write(name, bytes) }
  var photo: [UInt8] { get throws { try [UInt8](Data(contentsOf: corpusPhoto)) } }
}

@Suite(.enabled(if: FileManager.default.fileExists(atPath: corpusPhoto.path), "../shared/corpus is absent"))
struct LibraryPreviewTests {
  @Test func aPreviewIsMadeOnceThenServedFromTheCache() throws {
    let session = try PreviewSession()
    try session.index(["a.jpg"])
    try session.put("a.jpg", session.photo)
    let first = try session.library.preview(of: AssetID(rawValue: "id0"), size: 40)
    #expect(first.failure == nil)
    #expect(first.file.path.hasPrefix(session.folder.appendingPathComponent("previews").path))
    // The photo gone, the cached preview still serves.
    try FileManager.default.removeItem(at: session.tree.root.appendingPathComponent("a.jpg"))
    #expect(try session.library.preview(of: AssetID(rawValue: "id0"), size: 40) == first)
  }

  @Test func aFileNotReadableNowIsTriedAgainOnTheNextView() throws {
    let session = try PreviewSession()
    try session.index(["later.jpg"])
    let missing = try session.library.preview(of: AssetID(rawValue: "id0"), size: 40)
    #expect(missing.failure?.hasPrefix("Cannot read") == true)
    try session.put("later.jpg", session.photo)
    #expect(try session.library.preview(of: AssetID(rawValue: "id0"), size: 40).failure == nil)
  }

  @Test func aDamagedFileIsRememberedUntilRetried() throws {
    let session = try PreviewSession()
    try session.index(["bad.jpg"])
    try session.put("bad.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: 500))
    let damaged = try session.library.preview(of: AssetID(rawValue: "id0"), size: 40)
    #expect(damaged.failure?.contains("damaged") == true)
    // Not decoded again: even a good file in its place is not looked at …
    try session.put("bad.jpg", session.photo)
    #expect(try session.library.preview(of: AssetID(rawValue: "id0"), size: 40).failure == damaged.failure)
    // … until asked to.
    let retried = try session.library.previews(of: [AssetID(rawValue: "id0")], size: 40, retry: true)
    #expect(retried.map(\.failure) == [nil])
  }

  /// A content that failed at one size fails at once at every other size: a hostile file costs
  /// its limits once, not once per size. Here the file is good again, and no size looks at it.
  @Test func aFailureAtOneSizeIsTheFailureAtEverySize() throws {
    let session = try PreviewSession()
    try session.index(["bad.jpg"])
    try session.put("bad.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: 500))
    let damaged = try session.library.preview(of: AssetID(rawValue: "id0"), size: 40)
    #expect(damaged.failure?.contains("damaged") == true)
    try session.put("bad.jpg", session.photo)
    let other = try session.library.preview(of: AssetID(rawValue: "id0"), size: 64)
    #expect(other.failure == damaged.failure)
    let retried = try session.library.previews(of: [AssetID(rawValue: "id0")], size: 64, retry: true)
    #expect(retried.map(\.failure) == [nil])
  }

  /// A worker killed from outside (twice: once more is tried at once) is not the file's fault:
  /// its placeholder is not remembered, and the next view decodes.
  @Test func aWorkerKilledFromOutsideIsNotRemembered() throws {
    #expect(PreviewRecord.mayPass(PreviewRecord.recorded(.killed(signal: 9))))
    #expect(!PreviewRecord.mayPass(PreviewRecord.recorded(.crashed(signal: 11))))
  }

  @Test func unknownIdsAreRefusedBeforeAnyWork() throws {
    let session = try PreviewSession()
    try session.index(["a.jpg"])
    try session.put("a.jpg", session.photo)
    #expect(throws: LibraryError.unknownAssets([AssetID(rawValue: "nope")])) {
      try session.library.previews(of: [AssetID(rawValue: "id0"), AssetID(rawValue: "nope")], size: 40)
    }
    #expect(!FileManager.default.fileExists(atPath: session.folder.appendingPathComponent("previews").path))
  }

  @Test func prefetchMakesTheNextAssetsOfTheQueueWithoutMovingTheCursor() throws {
    let session = try PreviewSession()
    try session.index(["a.jpg", "b.jpg", "c.jpg"])
    for name in ["a.jpg", "b.jpg", "c.jpg"] { try session.put(name, session.photo) }
    try session.library.mark([AssetID(rawValue: "id0")], as: .reviewed)
    let warmed = try session.library.prefetchPreviews(count: 5, size: 40)
    #expect(warmed.map(\.id.rawValue) == ["id1", "id2"])
    #expect(try session.library.cursor() == nil)
  }
}
