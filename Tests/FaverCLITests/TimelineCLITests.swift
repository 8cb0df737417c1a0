import FaverTestSupport
import Foundation
import Testing

/// A JPEG from `make`/`model` taken at `taken` (EXIF text), with `offset` when the camera wrote one.
private func photo(_ taken: String, offset: String?, make: String, model: String) -> [UInt8] {
  var builder = ExifBuilder()
  builder.original(taken, offset: offset)
  builder.ifd0[0x010F] = .ascii(make)
  builder.ifd0[0x0110] = .ascii(model)
  return builder.jpeg()
}

/// A store beside a temporary library.
private struct Work {
  let tree: TemporaryTree
  let store: String

  init() throws {
    tree = try TemporaryTree()
    store = tree.root.path + "-store"
  }

  func remove() { try? FileManager.default.removeItem(atPath: store) }

  @discardableResult
  func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try faver(arguments + ["--store", store])
    try #require(result.status == 0, "faver \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  /// `faver assets --json`, by path relative to the library.
  func assets() throws -> [String: [String: Any]] {
    let listing = try #require(
      try JSONSerialization.jsonObject(with: Data(run(["assets", "--json"]).utf8)) as? [[String: Any]])
    var byPath: [String: [String: Any]] = [:]
    for asset in listing {
      guard let path = asset["path"] as? String else { continue }
      byPath[String(path.dropFirst(tree.path.count + 1))] = asset
    }
    return byPath
  }

  /// The manifest, each burst's asset objects beside their ids (see `ManifestAssets`).
  func manifest() throws -> [String: Any] {
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(run(["clusters", "--json"]).utf8)) as? [String: Any])
    let listing = try #require(
      try JSONSerialization.jsonObject(with: Data(run(["assets", "--json"]).utf8)) as? [[String: Any]])
    return ManifestAssets.expanded(manifest, listing: listing)
  }
}

/// A phone that records its offset and a DSLR whose clock was never set to summer time (an hour
/// behind), shooting the same scenes in turns, 20 seconds apart: two shots each at three scenes
/// of one day (a single scene is too little to suggest a shift on).
private func sameSceneTwoCameras(in work: Work) throws {
  let scenes = [(10, 0), (12, 37), (16, 11)]
  for shot in 0..<6 {
    let (hour, minute) = scenes[shot / 2]
    let second = shot % 2 * 20
    let phone = String(format: "2024:05:12 %02d:%02d:%02d", hour, minute, second)
    let dslr = String(format: "2024:05:12 %02d:%02d:%02d", hour - 1, minute, second + 5)
    try work.tree.write(
      "phone/IMG_\(shot).jpg", photo(phone, offset: "+02:00", make: "Apple", model: "iPhone 15"))
    try work.tree.write(
      "dslr/DSC_\(shot).jpg", photo(dslr, offset: nil, make: "Canon", model: "Canon EOS R6"))
  }
}

@Test func aWallClockOnlyPhotoIsPlacedByTheLibrarysZoneAndSaysSo() throws {
  let work = try Work()
  defer { work.remove() }
  try sameSceneTwoCameras(in: work)
  try work.run(["index", work.tree.path])
  let assets = try work.assets()
  let dslr = try #require(assets["dslr/DSC_0.jpg"])
  // The file said 09:00:05 with no zone: faver places it in the zone the phone was in, +02:00.
  #expect(dslr["takenAt"] as? String == "2024-05-12T09:00:05")
  #expect(dslr["instant"] as? String == "2024-05-12T07:00:05Z")
  #expect(dslr["offsetSource"] as? String == "library")
  let phone = try #require(assets["phone/IMG_0.jpg"])
  #expect(phone["instant"] as? String == "2024-05-12T08:00:00Z")
  #expect(phone["offsetSource"] as? String == "file")
  let explained = try work.run(["clusters", "--explain"])
  #expect(explained.contains("6 by the offset in the file"))
  #expect(explained.contains("6 inferred from the zones the library's other cameras were in then"))
}

@Test func aClockShiftMovesExactlyThatCamerasPhotosSurvivesRefreshAndTouchesNoFile() throws {
  let work = try Work()
  defer { work.remove() }
  try sameSceneTwoCameras(in: work)
  try work.run(["index", work.tree.path])
  let before = try work.tree.snapshot()
  let original = try work.assets()

  // The library sees the DSLR an hour off the phone, scene after scene, and says so.
  let cameras = try #require(
    try JSONSerialization.jsonObject(with: Data(work.run(["clock", "--json"]).utf8)) as? [[String: Any]])
  #expect(cameras.compactMap { $0["name"] as? String } == ["Apple iPhone 15", "Canon EOS R6"])
  let dslr = try #require(cameras.first { $0["name"] as? String == "Canon EOS R6" })
  #expect(dslr["photos"] as? Int == 6)
  #expect(dslr["first"] as? String == "2024-05-12T09:00:05")
  #expect(dslr["last"] as? String == "2024-05-12T15:11:25")
  #expect(dslr["shiftSeconds"] as? Int == 0)
  let suggested = try #require(dslr["suggestedShiftSeconds"] as? Int)
  #expect(abs(suggested - 3600) <= 10)
  // Three scenes of one day: too few runs and events for a quarter hour, but the shots coincide.
  #expect(
    (dslr["evidence"] as? String)?.hasPrefix("6 shots of 3 runs match Apple iPhone 15's photos") == true)
  #expect(dslr["suggestionPrecisionSeconds"] as? Int == 1)
  #expect(dslr["neverSet"] as? Bool == false)
  let counts = try #require(dslr["evidenceCounts"] as? [String: Int])
  #expect(counts["shots"] == 6 && counts["shotRuns"] == 3 && counts["runs"] == 0)
  #expect(cameras.first?["suggestedShiftSeconds"] is NSNull)

  #expect(
    try work.run(["clock", "--camera", "canon eos r6", "--shift", "+1h"]).contains("6 photos moved by +1h"))
  var shifted = try work.assets()
  for (path, asset) in shifted {
    let was = try #require(original[path])
    // What the file said never changes; only the DSLR's instant moves, by exactly an hour.
    #expect(asset["takenAt"] as? String == was["takenAt"] as? String)
    if path.hasPrefix("dslr/") {
      #expect(asset["clockShiftSeconds"] as? Int == 3600)
      #expect(asset["instant"] as? String != was["instant"] as? String)
    } else {
      #expect(asset["instant"] as? String == was["instant"] as? String)
      #expect(asset["clockShiftSeconds"] as? Int == 0)
    }
  }
  #expect(shifted["dslr/DSC_0.jpg"]?["instant"] as? String == "2024-05-12T08:00:05Z")
  // The manifest follows: each DSLR shot now comes 5 s after the phone's.
  let order = try work.manifest()["moments"].flatMap { $0 as? [[String: Any]] }?
    .flatMap { $0["assetsToReview"] as? [[String: Any]] ?? [] }
    .flatMap { $0["assets"] as? [[String: Any]] ?? [] }
    .compactMap { ($0["path"] as? String)?.split(separator: "/").suffix(2).joined(separator: "/") }
  #expect(order?.prefix(4) == ["phone/IMG_0.jpg", "dslr/DSC_0.jpg", "phone/IMG_1.jpg", "dslr/DSC_1.jpg"])

  // A refresh keeps it; the photos are byte-identical; --clear puts them back.
  try work.run(["refresh"])
  shifted = try work.assets()
  #expect(shifted["dslr/DSC_5.jpg"]?["clockShiftSeconds"] as? Int == 3600)
  #expect(try work.tree.snapshot() == before)
  try work.run(["clock", "--camera", "Canon EOS R6", "--clear"])
  #expect(try work.assets()["dslr/DSC_0.jpg"]?["instant"] as? String == "2024-05-12T07:00:05Z")
}

@Test func aClockShiftOverASpanMovesOnlyThePhotosItCovers() throws {
  let work = try Work()
  defer { work.remove() }
  try sameSceneTwoCameras(in: work)
  try work.run(["index", work.tree.path])
  try work.run([
    "clock", "--camera", "Canon EOS R6", "--shift", "-3m", "--from", "2024-05-12T11:37:10", "--to",
    "2024-05-12",
  ])
  let assets = try work.assets()
  // 09:00:05 … 11:37:05 are before the span; 11:37:25 … 15:11:25 in it.
  #expect(
    (0..<6).map { assets["dslr/DSC_\($0).jpg"]?["clockShiftSeconds"] as? Int } == [0, 0, 0, -180, -180, -180])
}

@Test(arguments: [
  ["clock", "--shift", "+1h"], ["clock", "--camera", "Canon EOS R6"],
  ["clock", "--camera", "X", "--shift", "1x"],
  ["clock", "--camera", "X", "--shift", "+1h", "--clear"],
  ["clock", "--camera", "X", "--shift", "1h", "--from", "May"],
  ["clock", "--camera", "X", "--shift", "9300000000000000"], ["clock", "--camera", "X", "--shift", "1h2H"],
])
func clockUsageErrorsSayWhatToWrite(arguments: [String]) throws {
  let result = try faver(arguments + ["--store", "/nonexistent-faver-store"])
  #expect(result.status == 64)
  #expect(!result.stderr.isEmpty)
}

@Test func anUnknownCameraIsNamedWithTheOnesThereAre() throws {
  let work = try Work()
  defer { work.remove() }
  try sameSceneTwoCameras(in: work)
  try work.run(["index", work.tree.path])
  let result = try faver(["clock", "--camera", "Nikon D750", "--shift", "+1h", "--store", work.store])
  #expect(result.status != 0)
  #expect(result.stderr.contains("\"Nikon D750\"") && result.stderr.contains("\"Canon EOS R6\""))
}

@Test func aCopyOfUndatedFilesIsUndatedLastAndNeverABurst() throws {
  let work = try Work()
  defer { work.remove() }
  try sameSceneTwoCameras(in: work)
  // Files with no date at all, written a moment ago in two folders: a copy, not a moment of today.
  for name in ["scans/a.jpg", "scans/b.jpg", "scans/c.jpg", "old/d.jpg", "old/e.jpg"] {
    try work.tree.write(name, [0xFF, 0xD8, 0xFF, 0xD9] + Array(name.utf8))
  }
  try work.run(["index", work.tree.path])
  let manifest = try work.manifest()
  let moments = try #require(manifest["moments"] as? [[String: Any]])
  let last = try #require(moments.last)
  #expect((last["boundary"] as? [String: Any])?["reason"] as? String == "undated")
  let groups = try #require(last["assetsToReview"] as? [[String: Any]])
  let paths = groups.flatMap { $0["assets"] as? [[String: Any]] ?? [] }.compactMap { $0["path"] as? String }
  // In folder order, one burst each.
  #expect(
    paths.map { String($0.dropFirst(work.tree.path.count + 1)) } == [
      "old/d.jpg", "old/e.jpg", "scans/a.jpg", "scans/b.jpg", "scans/c.jpg",
    ])
  #expect(groups.allSatisfy { ($0["assets"] as? [Any])?.count == 1 })
  for asset in groups.flatMap({ $0["assets"] as? [[String: Any]] ?? [] }) {
    #expect((asset["problem"] as? String)?.contains("undated") == true)
  }
  // No burst anywhere holds a time taken from a modification date.
  for moment in moments {
    for group in moment["assetsToReview"] as? [[String: Any]] ?? [] {
      let assets = group["assets"] as? [[String: Any]] ?? []
      #expect(assets.count == 1 || assets.allSatisfy { $0["timeSource"] as? String != "fileModified" })
    }
  }
}

@Test func aLoneModificationTimeIsPlacedAndFlaggedButJoinsNoBurst() throws {
  let work = try Work()
  defer { work.remove() }
  // Two undated files a second apart, in one folder with no dated photo: placed at their times.
  let when = Date(timeIntervalSince1970: 1_700_000_000)
  for (index, name) in ["misc/one.jpg", "misc/two.jpg"].enumerated() {
    try work.tree.write(name, [0xFF, 0xD8, 0xFF, 0xD9] + Array(name.utf8))
    try FileManager.default.setAttributes(
      [.modificationDate: when.addingTimeInterval(Double(index))], ofItemAtPath: work.tree.path + "/" + name)
  }
  try work.run(["index", work.tree.path])
  let assets = try work.assets()
  for name in ["misc/one.jpg", "misc/two.jpg"] {
    let asset = try #require(assets[name])
    #expect(asset["timeSource"] as? String == "fileModified")
    #expect((asset["problem"] as? String)?.contains("placed at its modification time") == true)
  }
  let moments = try #require(try work.manifest()["moments"] as? [[String: Any]])
  #expect(moments.count == 1)
  #expect((moments[0]["boundary"] as? [String: Any])?["reason"] as? String == "first")
  // A second apart, but never one burst.
  #expect((moments[0]["assetsToReview"] as? [Any])?.count == 2)
}

@Test func theSuggestionIsTheWholeShiftToGiveCorrectionsIncluded() throws {
  let work = try Work()
  defer { work.remove() }
  try sameSceneTwoCameras(in: work)
  try work.run(["index", work.tree.path])
  func suggestion() throws -> Int? {
    let cameras = try #require(
      try JSONSerialization.jsonObject(with: Data(work.run(["clock", "--json"]).utf8)) as? [[String: Any]])
    return cameras.first { $0["name"] as? String == "Canon EOS R6" }?["suggestedShiftSeconds"] as? Int
  }
  // Half put right: what is still missing plus what is there, so following it sets the whole hour.
  try work.run(["clock", "--camera", "Canon EOS R6", "--shift", "+30m"])
  let whole = try #require(try suggestion())
  #expect(abs(whole - 3600) <= 10)
  try work.run(["clock", "--camera", "Canon EOS R6", "--shift", "\(whole)"])
  #expect(try suggestion() == nil)
}

@Test func aShiftSaysWhatItDidToEveryPhotoAndKeepsGPSPlacedOnesInARealZone() throws {
  let work = try Work()
  defer { work.remove() }
  // A phone whose photos carry GPS time stamps (no offset tag: the zone comes from them, +11:00),
  // and two without.
  for shot in 0..<3 {
    var builder = ExifBuilder()
    builder.original(String(format: "2024:01:20 14:%02d:00", shot))
    builder.ifd0[0x010F] = .ascii("samsung")
    builder.ifd0[0x0110] = .ascii("SM-G930F")
    if shot < 2 {
      builder.gps[0x001D] = .ascii("2024:01:20")
      builder.gps[0x0007] = .rationals([(3, 1), (UInt32(shot), UInt32(1)), (0, 1)])
    }
    try work.tree.write("phone/IMG_\(shot).jpg", builder.jpeg(scanBytes: 100 + shot))
  }
  try work.run(["index", work.tree.path])
  let before = try work.assets()
  #expect(before["phone/IMG_0.jpg"]?["offsetSource"] as? String == "gpsTime")

  let said = try work.run(["clock", "--camera", "samsung SM-G930F", "--shift", "-2h30m30s"])
  #expect(said.contains("1 photo moved by -2h30m30s"))
  #expect(said.contains("2 photos placed by their GPS time keep their instant"))
  let after = try work.assets()
  for name in ["IMG_0.jpg", "IMG_1.jpg"] {
    let asset = try #require(after["phone/" + name])
    // The instant stays what the GPS said; the zone is a zone, to the quarter hour.
    #expect(asset["instant"] as? String == before["phone/" + name]?["instant"] as? String)
    #expect((asset["takenAt"] as? String)?.hasSuffix("+08:30") == true, "\(asset)")
  }
}
