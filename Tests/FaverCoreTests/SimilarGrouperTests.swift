import FaverCore
import Foundation
import Testing

/// A shot for `SimilarGrouper`: `seconds` into the day, in moment 0 unless said, its own burst
/// unless said, with signals when `hash` is given.
private func shot(
  _ name: String, _ seconds: Double, hash: UInt64? = nil, burst: Int? = nil, moment: Int = 0,
  sharpness: Double = 10, clipped: Double = 0, width: Int = 4000
) -> SimilarGrouper.Candidate {
  SimilarGrouper.Candidate(
    id: AssetID(rawValue: name), moment: moment, burst: burst ?? Int(seconds * 1000),
    instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds),
    signals: hash.map {
      PhotoSignals(
        hash: $0, sharpness: sharpness, shadows: clipped, highlights: 0, width: width, height: width * 3 / 4)
    })
}

/// A hash `bits` bits away from `base`.
private func near(_ base: UInt64, bits: Int) -> UInt64 { base ^ ((1 << UInt64(bits)) - 1) }

private let scene: UInt64 = 0x0F0F_3C3C_F0F0_A5A5
private let otherScene: UInt64 = ~scene

@Suite struct SimilarGrouperTests {
  @Test func aBurstIsAlwaysOneGroupEvenWithoutSignals() {
    let groups = SimilarGrouper().groups(in: [
      shot("a", 0, burst: 1), shot("b", 1, burst: 1), shot("c", 2, burst: 1),
    ])
    #expect(groups.map(\.assetIDs.count) == [3])
    #expect(groups.first?.id == "b-a")
    #expect(groups.first?.suggested == nil)
  }

  @Test(arguments: [
    (SimilarGrouper.defaultDistance, 60.0, true),  // the distance itself joins
    (SimilarGrouper.defaultDistance + 1, 60.0, false),  // one bit more does not
    (3, 180.0, true),  // the window itself joins
    (3, 181.0, false),  // a second past it does not
  ])
  func shotsJoinWithinTheWindowAndTheDistance(bits: Int, gap: Double, joined: Bool) {
    let groups = SimilarGrouper().groups(in: [
      shot("a", 0, hash: scene), shot("b", gap, hash: near(scene, bits: bits)),
    ])
    #expect(groups.count == (joined ? 1 : 0))
    if joined { #expect(groups.first?.id == "g-a") }
  }

  @Test func theWindowCountsFromTheGroupsLastShot() {
    // Three retakes two minutes apart chain into one group; an unrelated shot between them does
    // not join and does not break the chain.
    let groups = SimilarGrouper().groups(in: [
      shot("a", 0, hash: scene), shot("x", 60, hash: otherScene), shot("b", 120, hash: near(scene, bits: 2)),
      shot("c", 240, hash: near(scene, bits: 4)),
    ])
    #expect(groups.map(\.assetIDs) == [["a", "b", "c"].map(AssetID.init(rawValue:))])
  }

  @Test func momentsAreNeverCrossed() {
    let groups = SimilarGrouper().groups(in: [
      shot("a", 0, hash: scene), shot("b", 10, hash: scene, moment: 1),
    ])
    #expect(groups.isEmpty)
  }

  @Test func aBurstAndItsRetakeAreOneGroupInCaptureOrder() {
    let groups = SimilarGrouper().groups(in: [
      shot("a", 0, hash: scene, burst: 1), shot("b", 0.5, hash: near(scene, bits: 1), burst: 1),
      shot("v", 30), shot("c", 50, hash: near(scene, bits: 3), burst: 2),
    ])
    #expect(groups.map(\.assetIDs) == [["a", "b", "c"].map(AssetID.init(rawValue:))])
    #expect(groups.first?.decisionsSaved == 2)
    #expect(SimilarGroup.decisions(items: 4, groups: groups) == 2)
  }

  @Test func theSharpestIsSuggestedAndTheBlurredCounted() {
    let groups = SimilarGrouper().groups(in: [
      shot("a", 0, hash: scene, burst: 1, sharpness: 4), shot("b", 1, hash: scene, burst: 1, sharpness: 12),
      shot("c", 2, hash: scene, burst: 1, sharpness: 11), shot("d", 3, hash: scene, burst: 1, sharpness: 5),
    ])
    #expect(groups.first?.suggested == AssetID(rawValue: "b"))
    #expect(groups.first?.reason == "sharpest; 2 others blurred")
  }

  @Test func equallySharpShotsAreDecidedByExposureThenSize() {
    let byExposure = Suggestion([
      (AssetID(rawValue: "a"), signals(sharpness: 10, clipped: 0.2)),
      (AssetID(rawValue: "b"), signals(sharpness: 10.2, clipped: 0.01)),
    ])
    #expect(byExposure?.id == AssetID(rawValue: "b"))
    #expect(byExposure?.reason == "as sharp as 1 other, best exposed")
    let bySize = Suggestion([
      (AssetID(rawValue: "a"), signals(sharpness: 10, width: 2000)),
      (AssetID(rawValue: "b"), signals(sharpness: 9.8, width: 4000)),
    ])
    #expect(bySize?.id == AssetID(rawValue: "b"))
    #expect(bySize?.reason == "as sharp and as well exposed as 1 other, largest")
    let equal = Suggestion([
      (AssetID(rawValue: "a"), signals(sharpness: 10)), (AssetID(rawValue: "b"), signals(sharpness: 10)),
    ])
    #expect(equal?.id == AssetID(rawValue: "a"))
    #expect(Suggestion([]) == nil)
  }

  @Test func theJSONHasTheDocumentedKeys() throws {
    let group = SimilarGroup(
      id: "g-a", assetIDs: [AssetID(rawValue: "a"), AssetID(rawValue: "b")],
      suggested: AssetID(rawValue: "b"),
      reason: "sharpest")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(group), as: UTF8.self)
        == #"{"assetIds":["a","b"],"id":"g-a","reason":"sharpest","suggested":"b"}"#)
  }

  private func signals(sharpness: Double, clipped: Double = 0, width: Int = 4000) -> PhotoSignals {
    PhotoSignals(
      hash: scene, sharpness: sharpness, shadows: clipped, highlights: 0, width: width, height: 3000)
  }
}
