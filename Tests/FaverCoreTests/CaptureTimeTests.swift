import Foundation
import Testing

@testable import FaverCore

private func wallClock(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> CivilDateTime {
  CivilDateTime(year: y, month: m, day: d, hour: h, minute: mi, second: s)!
}

@Test(
  arguments: [
    (0.345, 7200, "2024-05-12T14:30:12.345+02:00"),
    (nil, 7200, "2024-05-12T14:30:12+02:00"),
    (0.5, -14_400, "2024-05-12T14:30:12.500-04:00"),
    (0.0549, -16_200, "2024-05-12T14:30:12.055-04:30"),
    (0.9996, 0, "2024-05-12T14:30:13.000+00:00"),  // rounding carries into the next second
  ] as [(Double?, Int, String)])
func iso8601KeepsTheCamerasWallClock(fraction: Double?, offset: Int, expected: String) {
  let time = CaptureTime(
    wallClock: wallClock(2024, 5, 12, 14, 30, 12), fraction: fraction, utcOffset: offset,
    source: .exifOriginal)
  #expect(time.iso8601 == expected)
}

@Test func withoutAnOffsetTheWallClockIsReadAsUTCAndPrintedBare() {
  let time = CaptureTime(wallClock: wallClock(2015, 12, 5, 0, 59, 26), utcOffset: nil, source: .exifOriginal)
  #expect(time.iso8601 == "2015-12-05T00:59:26")
  #expect(time.instant == Date(timeIntervalSince1970: 1_449_277_166))
}

@Test func theOffsetPlacesTheInstantInUTC() {
  let paris = CaptureTime(wallClock: wallClock(2024, 5, 12, 14, 0, 0), utcOffset: 7200, source: .exifOriginal)
  let newYork = CaptureTime(
    wallClock: wallClock(2024, 5, 12, 8, 0, 0), utcOffset: -14_400, source: .exifOriginal)
  #expect(paris.instant == newYork.instant)
}

@Test func aTimeBefore1970FormatsCorrectly() {
  let time = CaptureTime(
    wallClock: wallClock(1969, 7, 20, 20, 17, 40), fraction: 0.25, utcOffset: nil, source: .exifOriginal)
  #expect(time.iso8601 == "1969-07-20T20:17:40.250")
}

@Test func theDigitByDigitTextIsThePaddedOne() {
  let offsets: [Int?] = [nil, 0, 3600, -18_000, 19_800, -45, 50_400, -50_400, 359_999, 360_000]
  var instants: [Double] = [0, -1, -0.0005, 1e-3, 253_402_300_799.999, 253_402_300_800, -62_167_219_200]
  instants += (0..<20_000).map { -7e10 + Double($0) * 18_123_457.123 }  // years 1 to 11,000
  var mismatches: [String] = []
  for seconds in instants {
    for offset in offsets {
      for subseconds in [false, true] {
        let time = CaptureTime(
          instant: Date(timeIntervalSince1970: seconds), utcOffset: offset, source: .exifOriginal,
          hasSubseconds: subseconds)
        if time.iso8601 != time.paddedISO8601 { mismatches.append(time.paddedISO8601) }
        if time.instantISO8601 != time.paddedInstantISO8601 { mismatches.append(time.paddedInstantISO8601) }
      }
    }
  }
  #expect(mismatches.isEmpty)
}
