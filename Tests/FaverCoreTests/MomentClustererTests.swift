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
  #expect(MomentClusterer(mode: .smart).threshold(for: gaps).seconds == threshold)
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
func movingFarEnoughStartsAMomentInSmartMode(gap: Double, degrees: Double, count: Int) {
  let assets = [placed(0, at: 0, 45, 7), placed(1, at: gap, 45 + degrees, 7)]
  #expect(MomentClusterer(mode: .smart).moments(in: assets).moments.count == count)
  // Fixed mode cuts on time alone.
  #expect(MomentClusterer(mode: .fixed(gap: 3 * hour)).moments(in: assets).moments.count == 1)
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

@Test(
  arguments: [
    (60.0, 2 * hour),  // exactly a minute counts: 8 gaps, the 90th percentile is 2 h
    (59.999, 3 * hour),  // just under does not: 7 gaps, too few, the 3 h fallback
  ] as [(Double, Double)])
func aGapOfExactlyAMinuteCountsTowardsTheSmartThreshold(short: Double, threshold: Double) {
  let gaps = [Double](repeating: 2 * hour, count: 7) + [short]
  let result = MomentClusterer(mode: .smart).moments(in: Asset.fixtures(gaps: gaps))
  #expect(result.threshold == threshold)
}

@Test(
  arguments: [
    // Nine 10-minute gaps put the 90th percentile at 10 min, clamped up to 30 min.
    ([Double](repeating: 600, count: 9), 30 * 60, 2),
    ([Double](repeating: 600, count: 9), 30 * 60 - 0.001, 1),
    // Ten 72-hour gaps put it at 72 h, clamped down to 48 h.
    ([Double](repeating: 72 * hour, count: 10), 48 * hour, 12),
    ([Double](repeating: 72 * hour, count: 10), 48 * hour - 0.001, 11),
  ] as [([Double], Double, Int)])
func aGapOfExactlyTheClampedThresholdCuts(gaps: [Double], last: Double, moments: Int) {
  let result = MomentClusterer(mode: .smart).moments(in: Asset.fixtures(gaps: gaps + [last]))
  #expect(result.moments.count == moments)
  #expect(result.threshold == (gaps[0] < hour ? 30 * 60 : 48 * hour))
}

@Test(arguments: [(999.9, 1), (1000.1, 2)] as [(Double, Int)])
func movingMoreThanOneKilometreCuts(meters: Double, count: Int) {
  // Along a meridian the great circle is the latitude difference.
  let degrees = meters / 6_371_008.8 * 180 / .pi
  let assets = [placed(0, at: 0, 45, 7), placed(1, at: 300, 45 + degrees, 7)]
  #expect(MomentClusterer(mode: .smart).moments(in: assets).moments.count == count)
}

@Test func onePhotoIsOneMomentInEveryMode() {
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let result = MomentClusterer(mode: mode).moments(in: [.fixture(0, at: 0)])
    #expect(result.moments.map(\.boundary) == [.first])
  }
  #expect(MomentClusterer(mode: .smart).moments(in: []).basis == .fallback(counted: 0))
}

@Test func crossingTheDateLineCountsTheRealGapNotTheWallClocks() throws {
  // Fiji (+12:00) at 23:30, then American Samoa (-11:00) at 01:45 the same calendar day: the wall
  // clock went back almost a day, the photos are 1 h 15 m apart.
  func taken(_ index: Int, day: Int, hour: Int, minute: Int, offset: Int, longitude: Double) throws -> Asset {
    let civil = try #require(
      CivilDateTime(year: 2024, month: 5, day: day, hour: hour, minute: minute, second: 0))
    var asset = placed(index, at: 0, -17, longitude)
    asset.captureTime = CaptureTime(wallClock: civil, utcOffset: offset, source: .exifOriginal)
    return asset
  }
  let assets = [
    try taken(0, day: 12, hour: 23, minute: 30, offset: 12 * 3600, longitude: 178.4),
    try taken(1, day: 12, hour: 1, minute: 45, offset: -11 * 3600, longitude: -171.8),
  ]
  let result = MomentClusterer(mode: .fixed(gap: 3 * hour)).moments(in: assets)
  #expect(result.moments.count == 1)
  #expect(result.moments[0].assets.map(\.path) == ["p0.jpg", "p1.jpg"])
  // In smart mode the 1,000 km flight cuts.
  let smart = MomentClusterer(mode: .smart).moments(in: assets).moments
  guard case .distance(let meters, let gap) = smart.last?.boundary else {
    Issue.record("expected a distance cut, got \(String(describing: smart.last?.boundary))")
    return
  }
  #expect(gap == 75 * 60 && meters > 900_000 && meters < 1_200_000)
}

@Test func theDistanceRuleComparesThePhotoJustBefore() {
  // A long Apple burst spans a photo taken elsewhere; the next photo is compared with the
  // latest one, which has no position, so only time counts.
  let assets = [
    Asset.fixture(0, at: 0, coordinate: Coordinate(latitude: 45, longitude: 7), burstID: "A"),
    .fixture(1, at: 600, burstID: "A"),
    placed(2, at: 1200, 46, 7),
  ]
  #expect(MomentClusterer(mode: .smart).moments(in: assets).moments.count == 1)
}
