import FaverCore
import FaverStore
import Foundation
import SeededRandom
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

/// `assets --json` as the command writes it: each asset written from its row as it is read.
private func streamedListing(_ library: Library) throws -> Data {
  var data = Data()
  let writer = AssetListing.ArrayWriter(bufferSize: 256) { data.append(contentsOf: $0) }
  try library.writeAssets(to: writer)
  try writer.finish()
  return data
}

/// What `JSONEncoder` makes of each asset `forEachAsset` hands over.
private func encodedListing(_ library: Library) throws -> Data {
  var listed: [AssetListing] = []
  try library.forEachAsset { listed.append(AssetListing($0)) }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return try encoder.encode(listed)
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
  #expect(listing == (try encodedListing(library)))
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

/// Texts with what JSON escapes, what UTF-8 spells in several bytes, and a NUL (read back up to
/// it, as the store reads any text).
private let oddTexts = [
  "plain", "", "with \"quotes\"", "back\\slash", "new\nline\r\ttab\u{1}\u{1f}\u{7f}", "é e\u{301}",
  "😀 \u{2028}\u{FFFD}", "nul\u{0}after", "/slashes/", "Ünïcødé/ファイル",
]

/// A library of random files with every optional value set or unknown: odd names in roots with
/// and without a trailing slash, cameras, problems, places (one coordinate alone included),
/// offsets, sub-seconds, files of one second, copies, Live Photos, raw pairs and marks.
private func randomLibrary(seed: UInt64, count: Int) throws -> Library {
  var random = SeededGenerator(seed: seed)
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("faver-listing-random-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let library = Library(store: try IndexStore(), folder: folder)
  let store = try library.store
  let roots = [
    try store.rootID(for: "/lib"), try store.rootID(for: "/"), try store.rootID(for: "/odd \"root\" é\\x"),
    // A slash that ends a grapheme of two scalars (U+0600 prepends to what follows): not a
    // trailing slash to `String.hasSuffix`.
    try store.rootID(for: "/prepend \u{600}/"),
  ]
  func odd() -> String { oddTexts.randomElement(using: &random) ?? "" }
  func maybe(_ text: String) -> String? { Bool.random(using: &random) ? text : nil }
  var changes = roots.map { IndexChanges(rootId: $0) }
  var ids: [String] = []
  for index in 0..<count {
    let root = Int.random(in: 0..<roots.count, using: &random)
    let id =
      Int.random(in: 0..<6, using: &random) == 0 && !ids.isEmpty
      ? ids.randomElement(using: &random) ?? "" : "id\(index)"
    ids.append(id)
    let seconds =
      Double(Int.random(in: 0..<(count / 2), using: &random)) * [1, 1.25].randomElement(using: &random)!
    let offset = [nil, 0, 3600, -16_200].randomElement(using: &random) ?? nil
    let kind: MediaKind = Int.random(in: 0..<5, using: &random) == 0 ? .video : .photo
    let stem = "\(odd())\(index)"
    let pair = Int.random(in: 0..<6, using: &random)
    var place: Coordinate?
    if Bool.random(using: &random) {
      place = Coordinate(latitude: .random(in: -80...80, using: &random), longitude: 2.5)
    }
    var record = FileRecord(
      rootId: roots[root], path: "\(odd())/\(stem).\(kind == .photo ? "jpg" : "mov")",
      assetId: AssetID(rawValue: id),
      format: kind == .photo ? "jpeg" : "quicktime", kind: kind,
      stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds), utcOffset: offset,
        source: offset == nil
          ? [.fileModified, .fileName, .exifOriginal].randomElement(using: &random)! : .exifOriginal,
        hasSubseconds: Bool.random(using: &random),
        offsetSource: offset == nil ? nil : [.file, .gpsTime].randomElement(using: &random)),
      coordinate: place, make: maybe(odd()), model: maybe(odd()), problem: maybe(odd()),
      contentIdentifier: pair == 0 ? "live\(index)" : nil)
    if Int.random(in: 0..<8, using: &random) == 0 { record.longitude = nil }  // a latitude alone
    changes[root].media.append(record)
    // Its Live Photo video, or its raw file, beside it.
    if pair == 0 || pair == 1 {
      var other = record
      other.assetId = "\(id)-\(pair == 0 ? "video" : "raw")"
      other.path = record.path.dropLast(4) + (pair == 0 ? ".MOV" : ".CR3")
      (other.kind, other.format) = pair == 0 ? (MediaKind.video, "quicktime") : (MediaKind.photo, "raw")
      other.takenAt += pair == 0 ? 0.5 : 0
      changes[root].media.append(other)
    }
  }
  for change in changes { try store.apply(change) }
  var marked = Set<String>()
  for id in ids.shuffled(using: &random).prefix(count / 4) + ["id1-video", "id2-raw"]
  where marked.insert(id).inserted {
    let mark = [ReviewMark.reviewed, .favorite, .rejected].randomElement(using: &random) ?? .reviewed
    try? library.mark([AssetID(rawValue: id)], as: mark, at: Date(timeIntervalSince1970: 1_800_000_000))
  }
  return library
}

@Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
func theListingWrittenFromRowsIsWhatJSONEncoderMakesOfEachAsset(seed: UInt64) throws {
  let library = try randomLibrary(seed: seed, count: 200)
  defer { try? FileManager.default.removeItem(at: library.folder) }
  let written = try streamedListing(library)
  let encoded = try encodedListing(library)
  #expect(written == encoded)
  // The library held what the test is for.
  let text = String(decoding: encoded, as: UTF8.self)
  for needle in [
    #"\"quotes\""#, #"\u0001"#, "😀", #""make" : null"#, #""latitude" : null"#, #""favorite" : true"#,
  ] {
    #expect(text.contains(needle), "\(needle)")
  }
  #expect(text.contains(#""companion" : {"#) && text.contains(#""raw" : {"#))
  #expect(text.contains("\u{600}//"))
  #expect(text.contains("\"duplicates\" : [\n      \""))
}
