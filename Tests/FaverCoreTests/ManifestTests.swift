import FaverTestSupport
import Foundation
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
  return Manifest(clustering: clustering, queue: queue, generatedAt: epoch)
}

private func violations(of value: Any, against schema: [String: Any]) -> [String] {
  JSONSchemaCheck.violations(of: value, against: schema)
}

@Test func encodedManifestMatchesTheCommittedSchema() throws {
  let schema = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
  let json = try JSONSerialization.jsonObject(with: manifest().encoded())
  #expect(violations(of: json, against: schema) == [])
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
    manifest.moments[0].assetsToReview.map { $0.assets.map(\.path) } == [["/lib/p1.jpg"], ["/lib/p2.jpg"]])
  #expect(manifest.moments[0].assetsToReview[0].burstId == "b-0000000000000000")
  #expect(manifest.generatedAt == "2023-11-14T22:13:20Z")
  let text = String(decoding: try manifest.encoded(), as: UTF8.self)
  #expect(
    text.range(of: "\"generatedAt\"")?.lowerBound ?? text.endIndex
      < text.range(of: "\"mode\"")?.lowerBound ?? text.startIndex)
}

@Test func aLivePhotoNamesItsVideoAndOtherAssetsLeaveTheKeyOut() throws {
  let assets = manifest().moments.flatMap(\.assetsToReview).flatMap(\.assets)
  #expect(
    assets.first { $0.path == "/lib/p2.jpg" }?.companion
      == Manifest.CompanionEntry(assetId: "00000000000000aa", path: "/lib/p2.mov"))
  #expect(assets.filter { $0.companion != nil }.count == 1)
  let json = try #require(try JSONSerialization.jsonObject(with: manifest().encoded()) as? [String: Any])
  let moments = try #require(json["moments"] as? [[String: Any]])
  let entries = moments.flatMap { ($0["assetsToReview"] as? [[String: Any]]) ?? [] }
    .flatMap { ($0["assets"] as? [[String: Any]]) ?? [] }
  #expect(entries.count == assets.count)
  #expect(entries.filter { $0.keys.contains("companion") }.count == 1)
}
