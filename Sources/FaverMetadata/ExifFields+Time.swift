package import FaverCore

extension ExifFields {
  /// The first usable capture time: original, then digitized, then IFD0 DateTime, each with
  /// its own sub-second and offset tags. Zeroed or impossible dates count as missing. Without
  /// an offset tag, the offset the GPS date and time stamps imply is used (`gpsOffset`).
  package var captureTime: CaptureTime? {
    time(original, .exifOriginal) ?? time(digitized, .exifDigitized) ?? time(modified, .exifDateTime)
  }

  private func time(_ stamp: Stamp, _ source: TimeSource) -> CaptureTime? {
    guard let text = stamp.dateTime, let wallClock = ExifText.dateTime(text) else { return nil }
    let fraction = stamp.subSeconds.flatMap(ExifText.fraction)
    if let offset = stamp.offset.flatMap(ExifText.utcOffset) {
      return CaptureTime(wallClock: wallClock, fraction: fraction, utcOffset: offset, source: source)
    }
    let gps = gpsOffset(for: wallClock)
    return CaptureTime(
      wallClock: wallClock, fraction: fraction, utcOffset: gps, source: source,
      offsetSource: gps == nil ? OffsetSource.none : .gpsTime)
  }

  /// The offset between a camera's wall clock and the GPS (UTC) date and time stamps, rounded
  /// to 15 minutes; nil without both stamps or when they are more than 14 hours apart (the
  /// GPS fix is then from another moment, or a clock is wrong).
  package func gpsOffset(for wallClock: CivilDateTime) -> Int? {
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
  package var coordinate: Result<Coordinate, Coordinate.Rejection>? {
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
package enum ExifText {
  /// `YYYY:MM:DD HH:MM:SS` (also with `-` in the date or `T` before the time); nil when blank,
  /// zeroed or out of range.
  package static func dateTime(_ text: String) -> CivilDateTime? {
    var text = text
    return text.withUTF8 { chars in
      guard chars.count >= 19 else { return nil }
      func number(_ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
          guard (48...57).contains(chars[index]) else { return nil }
          value = value * 10 + Int(chars[index] - 48)
        }
        return value
      }
      func isDateSeparator(_ byte: UInt8) -> Bool { byte == 58 || byte == 45 }  // : -
      guard isDateSeparator(chars[4]), isDateSeparator(chars[7]), chars[10] == 32 || chars[10] == 84,
        chars[13] == 58, chars[16] == 58,
        let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
        let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
      else { return nil }
      return CivilDateTime(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
  }

  /// SubSecTime digits as a fraction: `"054"` is 0.054 s. Nil when there are no leading digits.
  package static func fraction(_ text: String) -> Double? {
    let utf8 = text.utf8
    let count = utf8.prefix { (48...57).contains($0) }.count
    let digits: Substring
    if let next = utf8.dropFirst(count).first, next >= 0x80 {
      // A combining mark may join the last digit into a non-ASCII character: go character-wise.
      digits = text.prefix { $0.isASCII && $0.isNumber }
    } else {
      digits = text.prefix(count)  // ASCII digits, one character each
    }
    guard !digits.isEmpty else { return nil }
    // Up to 15 digits the integer and the power of ten are exact doubles, so their quotient is
    // the correctly rounded decimal, as parsing "0.<digits>" gives, without a string.
    guard digits.utf8.count <= 15 else { return Double("0." + digits) }
    let value = digits.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
    return Double(value) / Self.powersOfTen[digits.utf8.count]
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

  /// `+02:00`, `-04:30`, `+0200` or `Z` as seconds east of UTC; nil when blank or invalid.
  package static func utcOffset(_ text: String) -> Int? {
    if text == "Z" { return 0 }
    var text = text
    return text.withUTF8 { chars in
      guard chars.count >= 5, chars[0] == 43 || chars[0] == 45 else { return nil }
      var digits: (Int, Int, Int, Int) = (0, 0, 0, 0)
      var count = 0
      for byte in chars.dropFirst() where byte != 58 {  // colons anywhere are skipped
        guard count < 4, (48...57).contains(byte) else { return nil }
        let digit = Int(byte - 48)
        switch count {
        case 0: digits.0 = digit
        case 1: digits.1 = digit
        case 2: digits.2 = digit
        default: digits.3 = digit
        }
        count += 1
      }
      guard count == 4 else { return nil }
      let hours = digits.0 * 10 + digits.1
      let minutes = digits.2 * 10 + digits.3
      guard hours <= 14, minutes < 60 else { return nil }
      return (chars[0] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
  }
}
