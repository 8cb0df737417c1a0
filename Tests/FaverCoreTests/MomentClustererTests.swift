import Foundation
import Testing

@testable import FaverCore

private let hour = 3600.0

private func sizes(_ result: MomentClusterer.Result) -> [Int] { result.moments.map(\.assets.count) }

@Test(
  arguments: [
    ([3600, 3 * 3600, 3 * 3600 - 0.001], [2, 2]),  // exactly the threshold cuts, just under does not
    ([8 * 3600, 60], [1, 2]),
    ([], [1]),
  ] as [([Double], [Int])])
func fixedGapCutsAtTheThreshold(gaps: [Double], expected: [Int]) {
  let result = MomentClusterer(mode: .fixed(gap: 3 * hour)).moments(in: Asset.fixtures(gaps: gaps))
  #expect(sizes(result) == expected)
  #expect(result.threshold == 3 * hour)
}

@Test func emptyLibraryHasNoMoments() {
  #expect(MomentClusterer(mode: .smart).moments(in: []).moments.isEmpty)
}

@Test func everyBoundaryRecordsItsReason() {
  let result = MomentClusterer(mode: .fixed(gap: hour)).moments(in: Asset.fixtures(gaps: [2 * hour]))
  let expected: [Moment.Boundary] = [.first, .timeGap(gap: 2 * hour, threshold: hour)]
  #expect(result.moments.map(\.boundary) == expected)
  #expect(result.moments[1].boundary.explanation == "gap 2h 0m >= threshold 1h 0m")
}

private let hours: [Double] = (1...20).map { Double($0) * 3600 }

@Test(
  arguments: [
    ([Double](repeating: 600, count: 7), 3 * 3600),  // 7 gaps: too few, the 3 h fallback
    ([Double](repeating: 600, count: 9) + [59.999], 30 * 60),  // p90 of 10 min, clamped up to 30 min
    (Array(hours.prefix(10)), 9 * 3600),  // nearest rank: ceil(0.9 × 10) = 9th
    (hours, 18 * 3600),
    ([Double](repeating: 72 * 3600, count: 10), 48 * 3600),  // clamped down to 48 h
    ([Double](repeating: 30 * 60, count: 8), 30 * 60),
    ([Double](repeating: 48 * 3600, count: 8), 48 * 3600),
  ] as [([Double], Double)])
func smartThresholdIsTheClampedNinetiethPercentile(gaps: [Double], threshold: Double) {
  #expect(MomentClusterer(mode: .smart).threshold(for: gaps) == threshold)
}

@Test func smartThresholdLeavesOutGapsUnderAMinuteAndInsideBursts() {
  // Eight 2 h gaps between bursts of three photos 1 s apart, plus 50 s gaps that do not count.
  var gaps: [Double] = []
  for _ in 0..<8 { gaps += [1, 1, 50, 2 * hour] }
  let result = MomentClusterer(mode: .smart).moments(in: Asset.fixtures(gaps: gaps))
  #expect(result.threshold == 2 * hour)
  #expect(sizes(result) == Array(repeating: 4, count: 8) + [1])
}

private func placed(_ index: Int, at seconds: Double, _ lat: Double?, _ lon: Double?) -> Asset {
  let coordinate = lat.flatMap { la in lon.map { Coordinate(latitude: la, longitude: $0) } }
  return .fixture(index, at: seconds, coordinate: coordinate)
}

@Test(arguments: [
  (300.0, 0.0100, 2),  // 5 min and ~1.11 km: cut
  (299.999, 0.0100, 1),  // just under 5 min: no cut
  (300.0, 0.0089, 1),  // ~0.99 km: no cut
])
func movingFarEnoughStartsAMoment(gap: Double, degrees: Double, count: Int) {
  let assets = [placed(0, at: 0, 45, 7), placed(1, at: gap, 45 + degrees, 7)]
  #expect(MomentClusterer(mode: .fixed(gap: 3 * hour)).moments(in: assets).moments.count == count)
}

@Test func distanceCutsRecordMetresAndGap() throws {
  let assets = [placed(0, at: 0, 0, 0.5), placed(1, at: 600, 0, 0.52)]
  let boundary = try #require(MomentClusterer().moments(in: assets).moments.last?.boundary)
  guard case .distance(let meters, let gap) = boundary else {
    Issue.record("expected a distance boundary, got \(boundary)")
    return
  }
  #expect(abs(meters - 2224) < 5 && gap == 600)
}

@Test func crossingTheAntimeridianIsAShortHop() {
  let assets = [placed(0, at: 0, 0, 179.995), placed(1, at: 600, 0, -179.995)]
  #expect(MomentClusterer().moments(in: assets).moments.count == 2)  // ~1.11 km
  let near = [placed(0, at: 0, 0, 179.999), placed(1, at: 600, 0, -179.999)]
  #expect(MomentClusterer().moments(in: near).moments.count == 1)  // ~0.22 km, not 40,000 km
}

@Test func withoutGPSOnBothSidesOnlyTimeCounts() {
  let assets = [placed(0, at: 0, 45, 7), placed(1, at: 600, nil, nil), placed(2, at: 1200, 50, 7)]
  #expect(MomentClusterer().moments(in: assets).moments.count == 1)
}

@Test func aBurstIsNeverSplitEvenByAnHourLongAppleBurst() {
  let assets = [
    Asset.fixture(0, at: 0, burstID: "A"), .fixture(1, at: 2 * hour, burstID: "A"),
    .fixture(2, at: hour),
  ]
  let result = MomentClusterer(mode: .fixed(gap: 30 * 60)).moments(in: assets)
  #expect(sizes(result) == [3])
}

@Test func aLibraryOfOnlyBurstsKeepsEachBurstWhole() {
  var gaps: [Double] = []
  for _ in 0..<5 { gaps += [1, 1, 1, 4 * hour] }
  let result = MomentClusterer(mode: .smart).moments(in: Asset.fixtures(gaps: gaps))
  #expect(result.moments.map(\.bursts.count) == [1, 1, 1, 1, 1, 1])
  #expect(sizes(result) == [4, 4, 4, 4, 4, 1])
}

@Test func momentIDsAreStableWhenPhotosAreAddedLater() {
  let before = MomentClusterer().moments(in: Asset.fixtures(gaps: [10, 5 * hour, 10]))
  var more = Asset.fixtures(gaps: [10, 5 * hour, 10])
  more.append(.fixture(99, at: 5 * hour + 30))
  let after = MomentClusterer().moments(in: more)
  #expect(before.moments.map(\.id) == after.moments.map(\.id))
  #expect(before.moments.map(\.id) == ["m-0000000000000000", "m-0000000000000002"])
}

@Test(arguments: 0..<25)
func randomLibrariesKeepTheInvariants(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &* 7919)
  var time = 0.0
  let assets = (0..<Int.random(in: 0..<300, using: &random)).map { index in
    time += [0.5, 3, 30, 400, 2 * hour, 9 * hour].randomElement(using: &random) ?? 1
    let hasGPS = Bool.random(using: &random)
    return Asset.fixture(
      index, at: time, kind: Int.random(in: 0..<8, using: &random) == 0 ? .video : .photo,
      coordinate: hasGPS
        ? Coordinate(
          latitude: .random(in: -60...60, using: &random), longitude: .random(in: -180...180, using: &random))
        : nil,
      burstID: Int.random(in: 0..<12, using: &random) == 0 ? "B\(index % 5)" : nil)
  }
  let shuffled = assets.shuffled(using: &random)
  let bursts = BurstDetector().bursts(in: shuffled)
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let moments = MomentClusterer(mode: mode).moments(in: shuffled).moments
    let ids = moments.flatMap { $0.assets.map(\.id) }
    #expect(ids.count == assets.count && Set(ids) == Set(assets.map(\.id)))
    #expect(zip(moments, moments.dropFirst()).allSatisfy { $0.start <= $1.start })
    #expect(Set(moments.flatMap(\.bursts)) == Set(bursts))
    #expect(moments.allSatisfy { !$0.bursts.isEmpty })
  }
}

@Test func tiesAreOrderedByAssetIDWhateverTheInputOrder() {
  let assets = [
    Asset.fixture(2, at: 0, make: "B", model: "2"), .fixture(1, at: 0, make: "A", model: "1"),
    .fixture(3, at: 4 * hour),
  ]
  let result = MomentClusterer().moments(in: assets)
  #expect(result.moments.map { $0.assets.map(\.path) } == [["p1.jpg", "p2.jpg"], ["p3.jpg"]])
  #expect(result.moments.first?.bursts.count == 2)  // two cameras: two bursts, one moment
  #expect(MomentClusterer().moments(in: assets.reversed()) == result)
}
