import FaverTestSupport
import Foundation
import Testing

/// A QuickTime movie holding only `ftyp` and a `moov` with an `mvhd` created at `unixSeconds` (UTC),
/// `seconds` long.
private func movie(createdAt unixSeconds: Int, seconds: Int = 3) -> [UInt8] {
  func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
  func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    be32(8 + payload.count) + Array(type.utf8) + payload
  }
  let quickTime = unixSeconds + 2_082_844_800  // seconds since 1904
  let mvhd =
    [0, 0, 0, 0] + be32(quickTime) + be32(quickTime) + be32(600) + be32(600 * seconds)
    + [UInt8](repeating: 0, count: 80)
  return box("ftyp", Array("qt  ".utf8) + be32(0) + Array("qt  ".utf8)) + box("moov", box("mvhd", mvhd))
}

private func photo(_ date: String) -> [UInt8] {
  var exif = ExifBuilder()
  exif.original(date, offset: "+00:00")
  return exif.jpeg()
}

/// Indexes `tree` into a store beside it and lists its assets (`assets --json`); the caller removes
/// the store.
private func indexAndList(_ tree: TemporaryTree) throws -> (store: String, listing: [[String: Any]]) {
  let store = tree.root.path + "-store"
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let listing = try #require(
    try jsonObject(try faver(["assets", "--json", "--store", store]).stdout) as? [[String: Any]])
  return (store, listing)
}

private func jsonObject(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8))
}

@Test func aLivePhotoIsListedQueuedAndMarkedAsOneAsset() throws {
  let tree = try TemporaryTree()
  let base = 1_715_524_212  // 2024-05-12T14:30:12Z
  try tree.write("DCIM/IMG_0001.JPG", photo("2024:05:12 14:30:12"))
  try tree.write("DCIM/IMG_0001.MOV", movie(createdAt: base - 1))  // the video starts 1 s before
  try tree.write("DCIM/IMG_0002.JPG", photo("2024:05:12 14:40:00"))
  try tree.write("DCIM/IMG_0002.MOV", movie(createdAt: base + 588 + 5))  // 5 s off: its own asset
  let (store, listing) = try indexAndList(tree)
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(
    listing.compactMap(relativePath) == ["DCIM/IMG_0001.JPG", "DCIM/IMG_0002.JPG", "DCIM/IMG_0002.MOV"])
  let companion = try #require(listing.first?["companion"] as? [String: String])
  #expect(companion["path"] == tree.path + "/DCIM/IMG_0001.MOV" && companion["root"] == tree.path)
  #expect(companion["id"]?.count == 16)
  #expect(!listing.contains { $0["id"] as? String == companion["id"] })
  #expect(listing.dropFirst().allSatisfy { $0["companion"] is NSNull })

  let manifest = try #require(
    try jsonObject(try faver(["clusters", "--json", "--store", store]).stdout) as? [String: Any])
  let moments = try #require(
    ManifestAssets.expanded(manifest, listing: listing)["moments"] as? [[String: Any]])
  let entries = moments.flatMap { ($0["assetsToReview"] as? [[String: Any]]) ?? [] }
    .flatMap { ($0["assets"] as? [[String: Any]]) ?? [] }
  #expect(entries.count == 3)
  #expect(
    entries.compactMap { ($0["companion"] as? [String: String])?["path"] } == [
      tree.path + "/DCIM/IMG_0001.MOV"
    ])

  let next = try #require(
    try jsonObject(try faver(["next", "--json", "--store", store]).stdout) as? [String: Any])
  let shown = try #require(next["asset"] as? [String: Any])
  #expect((shown["companion"] as? [String: String])?["path"] == tree.path + "/DCIM/IMG_0001.MOV")
  let id = try #require(shown["id"] as? String)
  #expect(try faver(["mark", id, "--reviewed", "--store", store]).status == 0)
  #expect(try faver(["status", "--store", store]).stdout.hasPrefix("1/3 reviewed"))
}

/// SampleLibrary's Live Photo carries the identifiers exiftool wrote (the HEIC's Apple maker note
/// MediaGroupUUID, the MOV's `com.apple.quicktime.content.identifier`): they pair the two files
/// even in different folders under unrelated names, where the name rule cannot.
@Test func aLivePhotoPairsByContentIdentifierWhateverTheNames() throws {
  let spec = try #require(SampleFile.all.first { $0.companion != nil })
  let video = try #require(spec.companion)
  let tree = try TemporaryTree()
  for (from, to) in [(spec.path, "Camera/still.heic"), (video, "Movies/clip.mov")] {
    try tree.write(to, Array(try Data(contentsOf: Paths.sampleLibrary.appendingPathComponent(from))))
  }
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let listing = try faver(["assets", "--json", "--store", store])
  let assets = try JSONDecoder().decode([ListedAsset].self, from: Data(listing.stdout.utf8))
  #expect(assets.map(\.relativePath) == ["Camera/still.heic"])
  #expect(assets.first?.companion?.relativePath == "Movies/clip.mov")
}

@Test func aLongVideoThatSharesAStillsNameIsAVideoOfItsOwn() throws {
  let tree = try TemporaryTree()
  let base = 1_715_524_212  // 2024-05-12 14:30:12 UTC
  try tree.write("DCIM/IMG_0001.JPG", photo("2024:05:12 14:30:12"))
  try tree.write("DCIM/IMG_0001.MP4", movie(createdAt: base, seconds: 95))  // same name, same second
  try tree.write("DCIM/IMG_0002.JPG", photo("2024:05:12 14:40:00"))
  try tree.write("DCIM/IMG_0002.MOV", movie(createdAt: base + 588, seconds: 3))
  let (store, listing) = try indexAndList(tree)
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(
    listing.compactMap(relativePath) == ["DCIM/IMG_0001.JPG", "DCIM/IMG_0001.MP4", "DCIM/IMG_0002.JPG"])
  #expect(listing[0]["companion"] is NSNull)
  #expect((listing[2]["companion"] as? [String: Any]).flatMap(relativePath) == "DCIM/IMG_0002.MOV")
}
