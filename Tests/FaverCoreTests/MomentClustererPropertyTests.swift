import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let hour = 3600.0

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

@Test(arguments: 0..<25)
func everyBoundaryFollowsTheRulesAndNoneIsMissing(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &* 104_729)
  var time = 0.0
  let assets = (0..<Int.random(in: 1..<250, using: &random)).map { index in
    time += [0.5, 3, 61, 299, 301, 1800, 2 * hour, 9 * hour, 49 * hour].randomElement(using: &random) ?? 1
    return Asset.fixture(
      index, at: time,
      coordinate: Bool.random(using: &random)
        ? Coordinate(latitude: 45 + .random(in: 0...0.02, using: &random), longitude: 7) : nil,
      make: Bool.random(using: &random) ? "Apple" : nil, model: "iPhone")
  }
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let result = MomentClusterer(mode: mode).moments(in: assets.shuffled(using: &random))
    #expect((30 * 60...48 * hour).contains(result.threshold) || mode != .smart)
    let items = result.moments.flatMap(\.bursts)
    var latest = items[0].assets.last ?? items[0].assets[0]
    var index = 0
    for (number, moment) in result.moments.enumerated() {
      for (position, item) in moment.bursts.enumerated() {
        defer {
          if let last = item.assets.last, Asset.captureOrder(latest, last) { latest = last }
          index += 1
        }
        guard index > 0 else { continue }
        let gap = max(0, item.start.seconds(since: latest.captureTime.instant))
        let meters = latest.coordinate.flatMap { from in item.assets[0].coordinate.map(from.distance) }
        let moved = mode == .smart && gap >= 5 * 60 && (meters ?? 0) > 1000
        if position > 0 {
          #expect(gap < result.threshold && !moved, "moment \(number) should have been cut")
        } else if gap >= result.threshold {
          #expect(moment.boundary == .timeGap(gap: gap, threshold: result.threshold))
        } else {
          #expect(moved && moment.boundary == .distance(meters: meters ?? 0, gap: gap))
        }
      }
    }
  }
}

@Test(arguments: 0..<15)
func momentIDsStayWhilePhotosAreAddedInsideOrAfterThem(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &+ 77)
  var time = 0.0
  let assets = (0..<120).map { index in
    time += [0.5, 30, 600, 2 * hour, 9 * hour].randomElement(using: &random) ?? 1
    return Asset.fixture(index, at: time)
  }
  for mode in MomentClusterer.Mode.presets {
    let before = MomentClusterer(mode: mode).moments(in: assets).moments
    var more = assets
    for extra in 0..<20 {
      // Inside a moment, after its first photo; or a day after the last one.
      let moment = before.randomElement(using: &random) ?? before[0]
      let (start, end) = (moment.start.timeIntervalSince(epoch), moment.end.timeIntervalSince(epoch))
      let at =
        Bool.random(using: &random)
        ? Double.random(in: start...end, using: &random) : time + 24 * hour + Double(extra)
      more.append(.fixture(1000 + extra, at: at))
    }
    let after = MomentClusterer(mode: mode).moments(in: more.shuffled(using: &random)).moments
    #expect(Set(before.map(\.id)).isSubset(of: after.map(\.id)))
    #expect(Set(after.map(\.id)).count == after.count)
  }
}
