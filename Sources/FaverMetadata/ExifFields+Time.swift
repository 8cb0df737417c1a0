import FaverCore

extension ExifFields {
  /// The first usable capture time: original, then digitized, then IFD0 DateTime, each with
  /// its own sub-second and offset tags. Zeroed or impossible dates count as missing. Without
  /// an offset tag, the offset the GPS date and time stamps imply is used (`gpsOffset`).
  public var captureTime: CaptureTime? {
    let candidates: [(Stamp, TimeSource)] = [
      (original, .exifOriginal), (digitized, .exifDigitized), (modified, .exifDateTime),
    ]
    for (stamp, source) in candidates {
      guard let text = stamp.dateTime, let wallClock = ExifText.dateTime(text) else { continue }
      return CaptureTime(
        wallClock: wallClock, fraction: stamp.subSeconds.flatMap(ExifText.fraction),
        utcOffset: stamp.offset.flatMap(ExifText.utcOffset) ?? gpsOffset(for: wallClock),
        source: source)
    }
    return nil
  }

  /// The offset between a camera's wall clock and the GPS (UTC) date and time stamps, rounded
  /// to 15 minutes; nil without both stamps or when they are more than 14 hours apart (the
  /// GPS fix is then from another moment, or a clock is wrong).
  public func gpsOffset(for wallClock: CivilDateTime) -> Int? {
    guard let gpsDate, let gpsTime, gpsTime.count == 3,
      let day = ExifText.dateTime(gpsDate.prefix(10) + " 00:00:00"),
      gpsTime.allSatisfy({ $0.isFinite && $0 >= 0 }), gpsTime[0] < 24, gpsTime[1] < 60, gpsTime[2] < 61
    else { return nil }
    let utc = Double(day.secondsSince1970) + gpsTime[0] * 3600 + gpsTime[1] * 60 + gpsTime[2]
    let quarters = ((Double(wallClock.secondsSince1970) - utc) / 900).rounded()
    guard abs(quarters) <= 14 * 4 else { return nil }
    return Int(quarters) * 900
  }

  /// The recorded GPS position: nil when none is recorded, a rejection when it is unusable.
  public var coordinate: Result<Coordinate, Coordinate.Rejection>? {
    guard let latitude, let longitude, !latitude.isEmpty, !longitude.isEmpty else { return nil }
    func degrees(_ dms: [Double], negative: Bool) -> Double {
      let value = dms[0] + (dms.count > 1 ? dms[1] / 60 : 0) + (dms.count > 2 ? dms[2] / 3600 : 0)
      return negative ? -value : value
    }
    return Coordinate.validated(
      latitude: degrees(latitude, negative: latitudeRef?.uppercased().hasPrefix("S") == true),
      longitude: degrees(longitude, negative: longitudeRef?.uppercased().hasPrefix("W") == true))
  }
}

/// Parsers for EXIF's textual date, sub-second and offset values.
public enum ExifText {
  /// `YYYY:MM:DD HH:MM:SS` (also with `-` in the date or `T` before the time); nil when blank,
  /// zeroed or out of range.
  public static func dateTime(_ text: String) -> CivilDateTime? {
    let chars = Array(text.utf8)
    guard chars.count >= 19 else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        guard (48...57).contains(chars[index]) else { return nil }
        value = value * 10 + Int(chars[index] - 48)
      }
      return value
    }
    let separators: [(Int, Set<UInt8>)] = [
      (4, [58, 45]), (7, [58, 45]), (10, [32, 84]), (13, [58]), (16, [58]),
    ]
    guard separators.allSatisfy({ $0.1.contains(chars[$0.0]) }),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    return CivilDateTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  }

  /// SubSecTime digits as a fraction: `"054"` is 0.054 s. Nil when there are no leading digits.
  public static func fraction(_ text: String) -> Double? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return nil }
    return Double("0." + digits)
  }

  /// `+02:00`, `-04:30`, `+0200` or `Z` as seconds east of UTC; nil when blank or invalid.
  public static func utcOffset(_ text: String) -> Int? {
    if text == "Z" { return 0 }
    let chars = Array(text.utf8)
    guard chars.count >= 5, chars[0] == 43 || chars[0] == 45 else { return nil }
    let digits = chars.dropFirst().filter { $0 != 58 }
    guard digits.count == 4, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
    let hours = Int(digits[1] - 48) + Int(digits[0] - 48) * 10
    let minutes = Int(digits[3] - 48) + Int(digits[2] - 48) * 10
    guard hours <= 14, minutes < 60 else { return nil }
    return (chars[0] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
  }
}
