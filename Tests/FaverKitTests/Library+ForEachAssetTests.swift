import FaverCore
import FaverStore
import Foundation
import Testing

@testable import FaverKit

/// A library with every kind of item `assets --json` lists: a Live Photo (its video marked, not
/// its still), RAW+JPEG pairs (one marked through its raw file), a copy in a second root,
/// favorites, rejects and plain reviews, undated files, several files of one second in two roots,
/// and names with quotes, backslashes, newlines, control characters and non-ASCII text.
private func mixedLibrary() throws -> Library {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("faver-listing-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let library = Library(store: try IndexStore(), folder: folder)
  let store = try library.store
  let lib = try store.rootID(for: "/lib")
  let backup = try store.rootID(for: "/backup/\"old\" \\ copies")
  func record(
    _ root: Int64, _ path: String, _ id: String, at seconds: Double, kind: MediaKind = .photo,
    source: TimeSource = .exifOriginal, live: String? = nil, place: Coordinate? = nil, problem: String? = nil
  ) -> FileRecord {
    FileRecord(
      rootId: root, path: path, assetId: AssetID(rawValue: id), format: kind == .photo ? "jpeg" : "quicktime",
      kind: kind, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds),
        utcOffset: source == .fileModified ? nil : 3600,
        source: source, hasSubseconds: seconds != seconds.rounded()),
      coordinate: place, make: "Canon \"EOS\"", model: nil, problem: problem, contentIdentifier: live)
  }
  var main = IndexChanges(rootId: lib)
  main.media = [
    record(lib, "live/IMG_1.HEIC", "still", at: 0, live: "L1"),
    record(lib, "live/IMG_1.MOV", "video", at: 0.5, kind: .video, live: "L1"),
    record(lib, "raw/IMG_2.JPG", "jpeg2", at: 10), record(lib, "raw/IMG_2.CR3", "raw2", at: 10),
    record(lib, "raw/IMG_3.jpg", "jpeg3", at: 20.25), record(lib, "raw/IMG_3.nef", "raw3", at: 20.25),
    record(
      lib, "odd/\"quoted\" name.jpg", "quoted", at: 30, place: Coordinate(latitude: 48.85, longitude: 2.35)),
    record(lib, "odd/new\nline\r\ttab\u{1}\u{1f}\u{7f}.jpg", "control", at: 30),
    record(lib, "odd/back\\slash é e\u{301} 😀 \u{2028} \u{FFFD}.jpg", "unicode", at: 30),
    record(lib, "odd/zzz.jpg", "same-second", at: 30, problem: "corrupt EXIF \"here\"\n"),
    record(lib, "undated/a.jpg", "undated-a", at: 5000, source: .fileModified),
    record(lib, "undated/b.png", "undated-b", at: 5001, source: .fileModified),
    record(lib, "copied/c.jpg", "undated-c", at: 5002, source: .fileModified),
    record(lib, "dated/c.jpg", "fav", at: 100_000), record(lib, "dated/d.jpg", "rejected", at: 100_001),
    record(lib, "dated/e.jpg", "seen", at: 100_002), record(lib, "dated/f.jpg", "copied", at: 100_003),
  ]
  try store.apply(main)
  var copies = IndexChanges(rootId: backup)
  copies.media = [
    record(backup, "f.jpg", "copied", at: 100_003), record(backup, "a same second.jpg", "other-root", at: 30),
  ]
  try store.apply(copies)
  let at = Date(timeIntervalSince1970: 1_800_000_000)
  try library.mark([AssetID(rawValue: "video")], as: .favorite, at: at)
  try library.mark([AssetID(rawValue: "raw3")], as: .rejected, at: at)
  try library.mark([AssetID(rawValue: "fav")], as: .favorite, at: at)
  try library.mark([AssetID(rawValue: "rejected")], as: .rejected, at: at)
  try library.mark([AssetID(rawValue: "seen"), AssetID(rawValue: "undated-b")], as: .reviewed, at: at)
  return library
}

/// `assets --json` as the command writes it: each asset streamed as it is read.
private func streamedListing(_ library: Library) throws -> Data {
  var data = Data()
  let writer = AssetListing.ArrayWriter(bufferSize: 256) { data.append(contentsOf: $0) }
  try library.forEachAsset { try writer.write(AssetListing($0)) }
  try writer.finish()
  return data
}

@Test func theStreamedListingIsWhatJSONEncoderMakesOfEachAssetReadAlone() throws {
  let library = try mixedLibrary()
  defer { try? FileManager.default.removeItem(at: library.folder) }
  var listed: [Asset] = []
  try library.forEachAsset { listed.append($0) }
  // Every item once, each as the per-asset read of the saved queue makes it (its files, companions
  // and review state), in the order of the whole library placed in memory.
  #expect(listed == (try library.assets()))
  for asset in listed { #expect(try library.asset(asset.id) == asset) }
  #expect(listed.count == 15)
  #expect(Set(listed.map(\.id)).count == listed.count)
  let byID = Dictionary(uniqueKeysWithValues: listed.map { ($0.id.rawValue, $0) })
  #expect(byID["still"]?.companion?.absolutePath == "/lib/live/IMG_1.MOV")
  #expect(byID["still"]?.review == .favorite)  // marked through its video
  #expect(byID["jpeg2"]?.raw?.id == AssetID(rawValue: "raw2") && byID["jpeg2"]?.review == .unreviewed)
  #expect(byID["jpeg3"]?.raw?.path == "raw/IMG_3.nef" && byID["jpeg3"]?.review == .rejected)
  #expect(byID["copied"]?.duplicates == ["/backup/\"old\" \\ copies/f.jpg"])
  #expect(byID["copied"]?.root == "/lib")
  #expect(
    listed.filter(\.captureTime.isUndated).map(\.id.rawValue) == ["undated-a", "undated-b", "undated-c"])
  #expect(byID["seen"]?.review == .reviewed && byID["fav"]?.review == .favorite)
  #expect(byID["rejected"]?.review == .rejected && byID["undated-b"]?.review == .reviewed)
  // A second's files in order of root, then path (as bytes).
  let second = listed.filter { $0.captureTime.instant == byID["quoted"]?.captureTime.instant }
  #expect(second.map(\.id.rawValue) == ["quoted", "unicode", "control", "same-second", "other-root"])

  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  let listing = try streamedListing(library)
  #expect(listing == (try encoder.encode(listed.map(AssetListing.init))))
  #expect(String(decoding: listing, as: UTF8.self).contains(#"new\nline\r\ttab\u0001\u001f"#))
}

@Test func theReviewedOnlyListingHoldsTheMarkedItemsInTheSameOrder() throws {
  let library = try mixedLibrary()
  defer { try? FileManager.default.removeItem(at: library.folder) }
  var all: [Asset] = []
  try library.forEachAsset { all.append($0) }
  var reviewed: [Asset] = []
  try library.forEachAsset(reviewedOnly: true) { asset, _ in reviewed.append(asset) }
  #expect(reviewed == all.filter(\.review.isReviewed))
  #expect(reviewed.map(\.id.rawValue) == ["still", "jpeg3", "undated-b", "fav", "rejected", "seen"])
}
