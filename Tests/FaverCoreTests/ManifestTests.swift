import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let schemaURL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("schemas/manifest.schema.json")

private func manifest() -> Manifest {
  var assets = Asset.fixtures(gaps: [1, 60, 5 * 3600, 60, 600])
  assets[5].coordinate = Coordinate(latitude: 10, longitude: 10)
  assets[4].coordinate = Coordinate(latitude: 10, longitude: 10.1)
  assets[2].companion = Asset.Companion(
    id: AssetID(rawValue: "00000000000000aa"), root: "/lib", path: "p2.mov")
  let clustering = MomentClusterer(mode: .smart).moments(in: assets)
  let queue = ReviewQueue(moments: clustering.moments, reviewed: [assets[0].id])
  // A named place, a country alone, and (the third moment) none.
  let places = [
    clustering.moments[0].id: lisbon,
    clustering.moments[1].id: Place(
      name: nil, admin1: nil, country: "Algeria", countryCode: "DZ", latitude: 26, longitude: 2.5),
  ]
  return Manifest(clustering: clustering, queue: queue, generatedAt: epoch, places: places)
}

private let lisbon = Place(
  name: "Lisbon", admin1: "Lisbon", country: "Portugal", countryCode: "PT", latitude: 38.71667,
  longitude: -9.13333)

private func violations(of value: Any, against schema: [String: Any]) -> [String] {
  JSONSchemaCheck.violations(of: value, against: schema)
}

@Test func encodedManifestMatchesTheCommittedSchema() throws {
  let schema = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
  let json = try JSONSerialization.jsonObject(with: manifest().encoded())
  #expect(violations(of: json, against: schema) == [])
}

@Test func momentsSayWhenWhereAndHowMuch() throws {
  let manifest = manifest()
  #expect(manifest.schemaVersion == 5)
  #expect(manifest.moments.map(\.summary.photos) == [3, 2, 1])
  #expect(manifest.moments.map(\.summary.videos) == [0, 0, 0])
  // epoch is 2023-11-14T22:13:20Z, a Tuesday; the files say UTC.
  #expect(
    manifest.moments.map(\.summary.title) == [
      "Tue 14 Nov 2023 · Lisbon, Portugal", "Wed 15 Nov 2023 · Algeria", "Wed 15 Nov 2023",
    ])
  #expect(manifest.moments.map(\.summary.place) == [lisbon, manifest.moments[1].summary.place, nil])
  let json = try #require(try JSONSerialization.jsonObject(with: manifest.encoded()) as? [String: Any])
  let moments = try #require(json["moments"] as? [[String: Any]])
  #expect(moments[2]["place"] is NSNull)
  let place = try #require(moments[1]["place"] as? [String: Any])
  #expect(place["name"] is NSNull && place["admin1"] is NSNull && place["country"] as? String == "Algeria")
}

@Test func theValidatorCatchesAPlaceWithoutItsCountryAndATitleWithoutItsDate() throws {
  let schema = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
  var json = try #require(try JSONSerialization.jsonObject(with: manifest().encoded()) as? [String: Any])
  var moments = try #require(json["moments"] as? [[String: Any]])
  var place = try #require(moments[0]["place"] as? [String: Any])
  place["countryCode"] = "Portugal"
  moments[0]["place"] = place
  moments[1]["title"] = "15/11/2023"
  json["moments"] = moments
  let found = violations(of: json, against: schema)
  #expect(found.count == 2)
  #expect(found.first == "$.moments[0].place: matches 0 of oneOf, not 1")
  #expect(found.last?.hasPrefix("$.moments[1].title: 15/11/2023 does not match") == true)
}

@Test func theValidatorCatchesAMissingKey() throws {
  let schema = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
  var json = try #require(try JSONSerialization.jsonObject(with: manifest().encoded()) as? [String: Any])
  json["progress"] = nil
  #expect(violations(of: json, against: schema) == ["$: missing progress"])
}

@Test func manifestListsMomentsToReviewWithReasonsAndBursts() throws {
  let manifest = manifest()
  #expect(manifest.progress == ReviewProgress(reviewed: 1, total: 6))
  #expect(manifest.moments.map(\.boundary.reason) == ["first", "timeGap", "distance"])
  #expect(
    manifest.moments[0].assetsToReview.map(\.assetIds) == [["0000000000000001"], ["0000000000000002"]])
  #expect(manifest.moments[0].assetsToReview[0].burstId == "b-0000000000000000")
  #expect(manifest.generatedAt == "2023-11-14T22:13:20Z")
  let text = String(decoding: try manifest.encoded(), as: UTF8.self)
  #expect(
    text.range(of: "\"generatedAt\"")?.lowerBound ?? text.endIndex
      < text.range(of: "\"mode\"")?.lowerBound ?? text.startIndex)
}

/// Bursts name their assets by id only (schema 5): the detail is one `faver assets --json` or API
/// call away, and a million assets make a manifest a sixth of the size.
@Test func burstsListTheIdsOfTheirAssetsLeftToReview() throws {
  let json = try #require(try JSONSerialization.jsonObject(with: manifest().encoded()) as? [String: Any])
  let moments = try #require(json["moments"] as? [[String: Any]])
  let bursts = moments.flatMap { ($0["assetsToReview"] as? [[String: Any]]) ?? [] }
  #expect(bursts.allSatisfy { $0.keys.sorted() == ["assetIds", "burstId"] })
  // The first photo was reviewed; the Live Photo (p2 and its video) is one asset.
  #expect(
    bursts.flatMap { $0["assetIds"] as? [String] ?? [] }
      == (1...5).map { "000000000000000\($0)" })
}

private func foundationJSON(_ manifest: Manifest) throws -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return try encoder.encode(manifest)
}

@Test func theJSONIsByteForByteWhatJSONEncoderWrites() throws {
  var manifest = manifest()
  #expect(try manifest.encoded() == foundationJSON(manifest))
  manifest.moments[0].assetsToReview[0].assetIds[0] =
    "/photos/\"quoted\" \\ back/slash\n\r\t\u{8}\u{c}\u{0}\u{1}\u{1f}\u{7f} é 😀 \u{2028}"
  manifest.moments[0].summary.id = ""
  manifest.moments[1].boundary = Manifest.BoundaryEntry(.distance(meters: 1234.5678, gap: 0.1 + 0.2))
  manifest.moments[2].boundary = Manifest.BoundaryEntry(.timeGap(gap: 1e-7, threshold: 1e21))
  manifest.moments[2].summary.place = Place(
    name: "Sant Julià de \"Lòria\"\n", admin1: nil, country: "Andorra", countryCode: "AD", latitude: -0.0,
    longitude: 1e-7)
  manifest.moments[2].summary.title = "Undated · \u{1}"
  manifest.thresholdSeconds = -0.0
  manifest.schemaVersion = 3  // an older manifest decoded and written again says what it is
  manifest.progress = ReviewProgress(reviewed: -1, total: Int.max)
  #expect(try manifest.encoded() == foundationJSON(manifest))
  manifest.moments[0].assetsToReview = []
  manifest.moments[1].assetsToReview[0].assetIds = []
  #expect(try manifest.encoded() == foundationJSON(manifest))
  manifest.moments = []
  #expect(try manifest.encoded() == foundationJSON(manifest))
}

/// A moment's similar groups, suggested or not yet, and none: written as `JSONEncoder` writes
/// them, and as the schema says.
@Test func groupsAreWrittenAsJSONEncoderWritesThemAndTheSchemaSays() throws {
  var manifest = manifest()
  let ids = manifest.moments[0].assetsToReview.flatMap(\.assetIds).map(AssetID.init(rawValue:))
  manifest.moments[0].groups = [
    SimilarGroup(
      id: "g-" + ids[0].rawValue, assetIDs: [ids[0], ids[1]], suggested: ids[1],
      reason: "sharpest; 1 other \"blurred\""),
    SimilarGroup(id: "b-x", assetIDs: [ids[0], ids[1]]),
  ]
  manifest.moments[1].groups = []
  let encoded = try manifest.encoded()
  #expect(try encoded == foundationJSON(manifest))
  let schema = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
  #expect(violations(of: try JSONSerialization.jsonObject(with: encoded), against: schema) == [])
  #expect(try JSONDecoder().decode(Manifest.self, from: encoded) == manifest)
  let text = String(decoding: encoded, as: UTF8.self)
  #expect(text.contains("\"suggested\" : null"))
  #expect(text.contains("\"suggested\" : \"\(ids[1].rawValue)\""))
}

@Test func theJSONOfARandomLibraryIsWhatJSONEncoderWrites() throws {
  var random = SeededGenerator(seed: 7)
  var assets = Asset.fixtures(
    gaps: (0..<400).map { _ in [0.5, 2, 90, 4000, 30_000].randomElement(using: &random) ?? 1 })
  for index in assets.indices where Bool.random(using: &random) {
    assets[index].coordinate = Coordinate(
      latitude: .random(in: -80...80, using: &random), longitude: .random(in: -179...179, using: &random))
    assets[index].captureTime.utcOffset = [nil, 3600, -16_200].randomElement(using: &random) ?? nil
    assets[index].captureTime.hasSubseconds = Bool.random(using: &random)
    assets[index].make = ["Canon", "Apple", "Fuji \"X\""].randomElement(using: &random)
    assets[index].model = [nil, "EOS R5", "iPhone 15 Pro"].randomElement(using: &random) ?? nil
    assets[index].problem = [nil, "corrupt EXIF"].randomElement(using: &random) ?? nil
    assets[index].duplicates = Array(
      ["/backup/a.jpg", "/old/b c.jpg"].prefix(.random(in: 0...2, using: &random)))
  }
  // Some Live Photos, a few of them reviewed through their video.
  for index in assets.indices where Int.random(in: 0..<5, using: &random) == 0 {
    assets[index].companion = Asset.Companion(
      id: AssetID(rawValue: "c\(index)"), root: "/lib", path: "clips/\(index).mov")
  }
  let clustering = MomentClusterer(mode: .smart).moments(in: assets)
  let reviewed = Set(
    assets.map { Int.random(in: 0..<8, using: &random) == 0 ? $0.companion?.id ?? $0.id : $0.id }
      .filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
  let queue = ReviewQueue(moments: clustering.moments, reviewed: reviewed)
  let manifest = Manifest(clustering: clustering, queue: queue, generatedAt: epoch)
  #expect(manifest.moments.count > 3)
  #expect(try manifest.encoded() == foundationJSON(manifest))
}

@Test func streamingGivesTheSameBytesABufferAtATime() throws {
  var manifest = manifest()
  // A value longer than a whole buffer, and escapes across buffer boundaries.
  manifest.moments[0].assetsToReview[0].assetIds[0] = String(repeating: "a\"\\é\n", count: 40)
  var chunks: [[UInt8]] = []
  try manifest.encode(bufferSize: 64) { chunks.append(Array($0)) }
  #expect(chunks.count > 10)
  #expect(Data(chunks.joined()) == (try manifest.encoded()))
  // Only a value that does not fit may make a buffer larger than asked.
  #expect(chunks.dropLast().filter { $0.count > 64 }.count <= 1)
}

@Test func aFailingSinkStopsTheStreamAndItsErrorIsThrown() throws {
  struct Full: Error {}
  var calls = 0
  #expect(throws: Full.self) {
    try manifest().encode(bufferSize: 64) { _ in
      calls += 1
      throw Full()
    }
  }
  #expect(calls == 1)
}
