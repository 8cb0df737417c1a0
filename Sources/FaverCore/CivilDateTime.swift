/// A calendar date and wall-clock time with no time zone, as a camera writes it.
///
/// All arithmetic is proleptic Gregorian, done with integers so it is exact and fast.
public struct CivilDateTime: Hashable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  /// The earliest and latest years accepted as a real capture date.
  public static let plausibleYears = 1826...2200

  /// Returns nil unless every field is in range (so `0000:00:00 00:00:00` is no date at all).
  public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    guard Self.plausibleYears.contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
    (self.hour, self.minute, self.second) = (hour, minute, second)
  }

  /// The civil time `seconds` after 1970-01-01T00:00:00.
  public init(secondsSince1970 seconds: Int64) {
    let days = Int(seconds.floorDivided(by: 86_400))
    let secondOfDay = Int(seconds - Int64(days) * 86_400)
    let (y, m, d) = Self.civil(fromDays: days)
    (year, month, day) = (y, m, d)
    (hour, minute, second) = (secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
  }

  /// Seconds from 1970-01-01T00:00:00 to this wall-clock time, read as if it were UTC.
  public var secondsSince1970: Int64 {
    Int64(Self.days(year: year, month: month, day: day)) * 86_400
      + Int64(hour * 3600 + minute * 60 + second)
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The inverse of `days(year:month:day:)`.
  static func civil(fromDays days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int64 {
  func floorDivided(by divisor: Int64) -> Int64 {
    let q = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
  }
}
