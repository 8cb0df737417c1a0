import FaverKit
import Foundation
import Testing

@testable import faver

private let hour = 3600.0

/// Photos separated by `gaps` seconds.
private func photos(gaps: [Double]) -> [Asset] {
  var time = 1_700_000_000.0
  return ([0] + gaps).enumerated().map { index, gap in
    time += gap
    return Asset(
      id: AssetID(rawValue: String(format: "%016d", index)), root: "/lib", path: "p\(index).jpg",
      kind: .photo,
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: time), utcOffset: 0, source: .exifOriginal, hasSubseconds: true))
  }
}

@Test func aBoundaryExplainsItsNumbers() {
  let result = MomentClusterer(mode: .fixed(gap: hour)).moments(in: photos(gaps: [2 * hour]))
  #expect(
    Explanation.boundary(result.moments[1].boundary) == "gap 2h 0m (7200 s) >= threshold 1h 0m (3600 s)")
  #expect(
    Explanation.boundary(.distance(meters: 2222, gap: 600))
      == "moved 2.22 km (> 1 km) in 10m 0s (600 s >= 5m 0s)")
}

@Test func theThresholdExplainsItself() {
  let fallback = MomentClusterer(mode: .smart).moments(in: photos(gaps: [600, 600]))
  #expect(
    Explanation.threshold(of: fallback)
      == "threshold 3h 0m (10800 s), the fallback: 2 gaps of 1m 0s or more, fewer than 8 to learn from")
  let up = MomentClusterer(mode: .smart).moments(in: photos(gaps: Array(repeating: 600, count: 10)))
  #expect(
    Explanation.threshold(of: up)
      == "threshold 30m 0s (1800 s): 90th percentile of 10 gaps of 1m 0s or more (nearest rank 9) "
      + "is 10m 0s (600 s), clamped up to 30m 0s")
  let fixed = MomentClusterer(mode: .fixed(gap: 8 * hour)).moments(in: photos(gaps: [1]))
  #expect(Explanation.threshold(of: fixed) == "threshold 8h 0m (28800 s), fixed")
}

private let spokenDurations: [(Double, String)] = [
  (59.9, "59s"), (60, "1m 0s"), (3599, "59m 59s"), (3600, "1h 0m"), (172_800, "48h 0m"),
  (172_860, "2d 0h"), (12_020_400, "139d 3h"),
]

@Test(arguments: spokenDurations)
func durationsReadAsAPersonWouldSayThem(seconds: Double, text: String) {
  #expect(Explanation.duration(seconds) == text)
}
