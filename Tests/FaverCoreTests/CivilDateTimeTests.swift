import Testing

@testable import FaverCore

@Test(arguments: [
  (1970, 1, 1, 0, 0, 0, Int64(0)),
  (2000, 2, 29, 12, 0, 0, Int64(951_825_600)),
  (1969, 12, 31, 23, 59, 59, Int64(-1)),
  (2024, 5, 12, 14, 30, 12, Int64(1_715_524_212)),
  (1826, 1, 1, 0, 0, 0, Int64(-4_544_208_000)),
])
func secondsSince1970RoundTrips(y: Int, m: Int, d: Int, h: Int, mi: Int, s: Int, expected: Int64) throws {
  let civil = try #require(CivilDateTime(year: y, month: m, day: d, hour: h, minute: mi, second: s))
  #expect(civil.secondsSince1970 == expected)
  #expect(CivilDateTime(secondsSince1970: expected) == civil)
}

@Test(arguments: [
  (0, 0, 0, 0, 0, 0),  // "0000:00:00 00:00:00"
  (2023, 2, 29, 0, 0, 0),  // not a leap year
  (1900, 2, 29, 0, 0, 0),  // centuries are not leap years…
  (2024, 13, 1, 0, 0, 0),
  (2024, 4, 31, 0, 0, 0),
  (2024, 1, 1, 24, 0, 0),
  (2024, 1, 1, 0, 60, 0),
  (2024, 1, 1, 0, 0, 60),
  (1825, 12, 31, 0, 0, 0),  // before photography
  (2201, 1, 1, 0, 0, 0),
])
func impossibleDatesAreRejected(y: Int, m: Int, d: Int, h: Int, mi: Int, s: Int) {
  #expect(CivilDateTime(year: y, month: m, day: d, hour: h, minute: mi, second: s) == nil)
}

@Test func leapDayOf2000IsAccepted() {
  // …but every 400th year is.
  #expect(CivilDateTime(year: 2000, month: 2, day: 29, hour: 0, minute: 0, second: 0) != nil)
}

@Test func everyDayOfFourCenturiesRoundTrips() {
  for days in stride(from: -60_000, to: 90_000, by: 1) {
    let seconds = Int64(days) * 86_400 + 3_723
    #expect(CivilDateTime(secondsSince1970: seconds).secondsSince1970 == seconds)
  }
}
