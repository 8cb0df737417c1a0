import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let adaptive = MomentClusterer(mode: .adaptive)

/// Where moments start, by the index of their first photo.
private func starts(_ result: MomentClusterer.Result) -> [Int] {
  result.moments.compactMap { $0.assets.first.flatMap { Int($0.id.rawValue) } }
}

@Test func aGapLargeAgainstItsNeighboursCutsAndAnEvenRhythmDoesNot() {
  // Forty shots two minutes apart, a 90-minute break, forty more: one cut, at the break.
  let gaps = Array(repeating: 120.0, count: 39) + [5400] + Array(repeating: 120.0, count: 39)
  let result = adaptive.moments(in: Asset.fixtures(gaps: gaps))
  #expect(starts(result) == [0, 40])
  guard case .localGap(let gap, let mean?) = result.moments[1].boundary else {
    Issue.record("expected a local gap, got \(result.moments[1].boundary)")
    return
  }
  #expect(gap == 5400)
  #expect(abs(mean - 120) < 1)
  // The same 90 minutes among gaps of an hour says nothing: no cut at all.
  #expect(
    starts(adaptive.moments(in: Asset.fixtures(gaps: Array(repeating: 3600, count: 20) + [5400]))) == [0])
}

@Test func aGapUnderTheShortestNeverCutsAndADayWithoutPhotosAlwaysDoes() {
  // Bursts a second apart, then a 10-minute pause: large against its neighbours, yet too short.
  let gaps = Array(repeating: 4.0, count: 30) + [600] + Array(repeating: 4.0, count: 30)
  #expect(starts(adaptive.moments(in: Asset.fixtures(gaps: gaps))) == [0])
  // Gaps of 20 hours between photos: none stands out, but a day and more always cuts.
  let days: [Double] = [20 * 3600.0, 20 * 3600, 25 * 3600, 20 * 3600]
  #expect(starts(adaptive.moments(in: Asset.fixtures(gaps: days))) == [0, 3])
}

/// A walk or a drive: a photo every `gap` seconds, `kilometers` apart, heading north.
private func track(from start: Int, at seconds: Double, count: Int, gap: Double, kilometers: Double)
  -> [Asset]
{
  (0..<count).map { step in
    .fixture(
      start + step, at: seconds + Double(step) * gap,
      coordinate: Coordinate(latitude: 45 + Double(step) * kilometers / 111, longitude: 7))
  }
}

@Test func aHikeIsOneMomentAndADriveToTheNextTownIsTwo() {
  // A hike: thirty photos 20 minutes apart, 1.3 km between them (smart cuts at every one).
  let hike = track(from: 0, at: 0, count: 30, gap: 1200, kilometers: 1.3)
  #expect(starts(adaptive.moments(in: hike)) == [0])
  #expect(MomentClusterer(mode: .smart).moments(in: hike).moments.count > 20)
  // A morning in one town, a 25-minute drive 30 km north, a morning in the next.
  let first = track(from: 0, at: 0, count: 20, gap: 120, kilometers: 0.02)
  let lastPlace = first.last?.coordinate?.latitude ?? 45
  let second = (0..<20).map { step in
    Asset.fixture(
      20 + step, at: 19 * 120 + 1500 + Double(step) * 120,
      coordinate: Coordinate(latitude: lastPlace + (30 + Double(step) * 0.02) / 111, longitude: 7))
  }
  let result = adaptive.moments(in: first + second)
  #expect(starts(result) == [0, 20])
  guard case .localMove(let meters, _, let mean?) = result.moments[1].boundary else {
    Issue.record("expected a local move, got \(result.moments[1].boundary)")
    return
  }
  #expect(abs(meters - 30_000) < 200)
  #expect(mean < 100)
}

@Test(arguments: 0..<10)
func adaptiveNeverSplitsABurstAndKeepsEveryAssetOnce(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &+ 17)
  var time = 0.0
  var assets: [Asset] = []
  for index in 0..<400 {
    time +=
      Double.random(in: 0..<1, using: &random) < 0.3
      ? .random(in: 0.2...2.9, using: &random)
      : exp(.random(in: log(5.0)...log(3 * 86_400.0), using: &random))
    assets.append(.fixture(index, at: time))
  }
  let result = adaptive.moments(in: assets)
  let bursts = BurstDetector().bursts(in: assets)
  let momentOf = Dictionary(
    uniqueKeysWithValues: result.moments.enumerated().flatMap { index, moment in
      moment.assets.map { ($0.id, index) }
    })
  #expect(momentOf.count == assets.count)
  for burst in bursts {
    #expect(Set(burst.assets.compactMap { momentOf[$0.id] }).count == 1)
  }
}

@Test func aLongMoveWithNoOtherStepToCompareWithCutsAsSmartWould() {
  // A DSLR without GPS mixed with a phone: the only two photos with GPS are 300 km and 2 h apart.
  var assets = Asset.fixtures(
    gaps: Array(repeating: 300, count: 20) + [7200] + Array(repeating: 300, count: 20))
  assets[20].coordinate = Coordinate(latitude: 45, longitude: 7)
  assets[21].coordinate = Coordinate(latitude: 47.7, longitude: 7)
  let result = adaptive.moments(in: assets)
  #expect(starts(result) == [0, 21])
  if case .localMove(let meters, _, nil) = result.moments[1].boundary {
    #expect(meters > 290_000)
  } else {
    Issue.record("expected a move with nothing to compare with, got \(result.moments[1].boundary)")
  }
}
