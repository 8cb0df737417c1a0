public import Foundation

/// When a photo was taken, and how we know.
///
/// `instant` is the instant faver orders by. As read from the file it is UTC when the file gives
/// the offset, else the wall clock read as UTC; `Timeline` then places it: a camera's clock
/// correction (`clockShift`) and an inferred offset (`inferredOffset`) move it, while `iso8601`
/// still prints what the file said.
public struct CaptureTime: Hashable, Codable, Sendable {
  // The fields are declared widest first, so the one-byte ones share a word: 48 bytes, not 56
  // (an `Asset` holds one, and a library a million).

  /// The instant faver uses (see the type's notes).
  public var instant: Date
  /// Seconds a clock correction (`faver clock`) added to the camera's wall clock; `instant`
  /// already has it applied.
  public var clockShift: Int = 0
  /// Seconds east of UTC, as the file (or its GPS stamps) said; nil when it does not say.
  public var utcOffset: Int?
  /// The offset `Timeline` inferred for a wall-clock-only time (`offsetSource` `sameCamera` or
  /// `library`); `instant` already has it applied.
  public var inferredOffset: Int? = nil
  public var source: TimeSource
  /// Whether the source gave fractions of a second (EXIF SubSecTime…).
  public var hasSubseconds: Bool
  /// How the offset that places `instant` is known.
  public var offsetSource: OffsetSource
  /// No capture date at all: a modification time that is only when the file was copied (see
  /// `Timeline`). Such an asset goes to the "Undated" moment at the end.
  public var isUndated = false

  public init(
    instant: Date, utcOffset: Int?, source: TimeSource, hasSubseconds: Bool = false,
    offsetSource: OffsetSource? = nil
  ) {
    self.instant = instant
    self.utcOffset = utcOffset
    self.source = source
    self.hasSubseconds = hasSubseconds
    self.offsetSource = offsetSource ?? (utcOffset == nil ? .none : .file)
  }

  /// A camera's wall-clock reading, with its fraction of a second and offset when known.
  public init(
    wallClock: CivilDateTime, fraction: Double? = nil, utcOffset: Int?, source: TimeSource,
    offsetSource: OffsetSource? = nil
  ) {
    let wall = Double(wallClock.secondsSince1970) + (fraction ?? 0)
    self.init(
      instant: Date(timeIntervalSince1970: wall - Double(utcOffset ?? 0)),
      utcOffset: utcOffset, source: source, hasSubseconds: fraction != nil, offsetSource: offsetSource)
  }

  /// The offset that places `instant`: the file's, else the inferred one, else none (0).
  public var placingOffset: Int { utcOffset ?? inferredOffset ?? 0 }

  /// The wall clock as the file said it, in seconds since 1970 read as UTC (before any clock
  /// correction).
  public var fileWallClock: Double {
    instant.timeIntervalSince1970 + Double(placingOffset - clockShift)
  }

  /// Whether the offset is known (from the file, its GPS stamps, or inferred): `instant` is UTC.
  public var isPlaced: Bool { offsetSource != .none }

  /// The time as the camera's clock showed it, in milliseconds since 1970 read as UTC.
  public var wallClockMilliseconds: Int64 { Int64((fileWallClock * 1000).rounded()) }

  /// The instant faver uses, in UTC: `2024-05-12T12:30:12.345Z` (milliseconds only when the file
  /// recorded sub-seconds). For a time nothing places (`offsetSource` `none`), the wall clock
  /// read as UTC.
  public var instantISO8601: String {
    let ms = Int64((instant.timeIntervalSince1970 * 1000).rounded())
    return Self.written(milliseconds: ms, hasSubseconds: hasSubseconds, ending: .utc)
      ?? paddedInstantISO8601
  }

  /// `instantISO8601` for any year, by padding each field's decimal text.
  var paddedInstantISO8601: String {
    let ms = Int64((instant.timeIntervalSince1970 * 1000).rounded())
    let civil = CivilDateTime(secondsSince1970: ms.floorDivided(by: 1000))
    var text =
      "\(pad(civil.year, 4))-\(pad(civil.month))-\(pad(civil.day))"
      + "T\(pad(civil.hour)):\(pad(civil.minute)):\(pad(civil.second))"
    if hasSubseconds { text += "." + pad(Int(ms - ms.floorDivided(by: 1000) * 1000), 3) }
    return text + "Z"
  }

  /// ISO 8601 wall-clock time: `2024-05-12T14:30:12.345+02:00`, with milliseconds only when the
  /// file recorded sub-seconds and the offset only when it recorded one.
  public var iso8601: String {
    Self.written(
      milliseconds: wallClockMilliseconds, hasSubseconds: hasSubseconds,
      ending: utcOffset.map { .offset(seconds: $0) } ?? .none)
      ?? paddedISO8601
  }

  /// What follows the time of day.
  private enum Ending {
    case none, utc
    case offset(seconds: Int)
  }

  /// The text of `iso8601` and `instantISO8601` written digit by digit (a manifest and a listing
  /// hold one per asset, and interpolating padded strings cost more than the clustering); nil
  /// for a year or an offset of more digits than the text has room for.
  private static func written(milliseconds ms: Int64, hasSubseconds: Bool, ending: Ending) -> String? {
    let civil = CivilDateTime(secondsSince1970: ms.floorDivided(by: 1000))
    guard fits(civil, ending: ending) else { return nil }
    return String(unsafeUninitializedCapacity: maximumWritten) { text in
      guard let start = text.baseAddress else { return 0 }
      return write(civil, milliseconds: ms, hasSubseconds: hasSubseconds, ending: ending, at: start)
    }
  }

  /// `iso8601` as a JSON string, written straight into `json`'s buffer.
  package func writeISO8601(to json: PrettyJSON) {
    let ms = wallClockMilliseconds
    let civil = CivilDateTime(secondsSince1970: ms.floorDivided(by: 1000))
    let ending = utcOffset.map { Ending.offset(seconds: $0) } ?? .none
    guard Self.fits(civil, ending: ending) else { return json.value(paddedISO8601) }
    json.quotedASCII(maximum: Self.maximumWritten) {
      Self.write(civil, milliseconds: ms, hasSubseconds: hasSubseconds, ending: ending, at: $0)
    }
  }

  /// `instantISO8601` as a JSON string, written straight into `json`'s buffer.
  package func writeInstantISO8601(to json: PrettyJSON) {
    let ms = Int64((instant.timeIntervalSince1970 * 1000).rounded())
    let civil = CivilDateTime(secondsSince1970: ms.floorDivided(by: 1000))
    guard Self.fits(civil, ending: .utc) else { return json.value(paddedInstantISO8601) }
    json.quotedASCII(maximum: Self.maximumWritten) {
      Self.write(civil, milliseconds: ms, hasSubseconds: hasSubseconds, ending: .utc, at: $0)
    }
  }

  /// The longest text `write` puts: `2024-05-12T14:30:12.345+02:00`.
  private static let maximumWritten = 29

  /// Whether the year and the offset have as many digits as the text has room for.
  private static func fits(_ civil: CivilDateTime, ending: Ending) -> Bool {
    guard (0...9999).contains(civil.year) else { return false }
    if case .offset(let seconds) = ending, abs(seconds) / 60 >= 100 * 60 { return false }
    return true
  }

  /// Writes the text of `civil` (the second of `ms`) at `text` (room for `maximumWritten` bytes)
  /// and returns its length; the time must `fit`.
  private static func write(
    _ civil: CivilDateTime, milliseconds ms: Int64, hasSubseconds: Bool, ending: Ending,
    at text: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var end = 0
    func put(_ byte: UInt8) {
      text[end] = byte
      end += 1
    }
    func put(_ value: Int, digits: Int) {
      var rest = value
      for index in stride(from: end + digits - 1, through: end, by: -1) {
        text[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
        rest /= 10
      }
      end += digits
    }
    put(civil.year, digits: 4)
    put(45)
    put(civil.month, digits: 2)
    put(45)
    put(civil.day, digits: 2)
    put(84)
    put(civil.hour, digits: 2)
    put(58)
    put(civil.minute, digits: 2)
    put(58)
    put(civil.second, digits: 2)
    if hasSubseconds {
      put(46)
      put(Int(ms - ms.floorDivided(by: 1000) * 1000), digits: 3)
    }
    switch ending {
    case .none: break
    case .utc: put(90)
    case .offset(let seconds):
      let minutes = abs(seconds) / 60
      put(seconds < 0 ? 45 : 43)
      put(minutes / 60, digits: 2)
      put(58)
      put(minutes % 60, digits: 2)
    }
    return end
  }

  /// `iso8601` for any year and offset, by padding each field's decimal text.
  var paddedISO8601: String {
    let ms = wallClockMilliseconds
    let civil = CivilDateTime(secondsSince1970: ms.floorDivided(by: 1000))
    var text =
      "\(pad(civil.year, 4))-\(pad(civil.month))-\(pad(civil.day))"
      + "T\(pad(civil.hour)):\(pad(civil.minute)):\(pad(civil.second))"
    if hasSubseconds { text += "." + pad(Int(ms - ms.floorDivided(by: 1000) * 1000), 3) }
    if let utcOffset { text += Self.offsetText(utcOffset) }
    return text
  }

  /// `+02:00`, `-04:30`, `+00:00`.
  public static func offsetText(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + pad(minutes / 60) + ":" + pad(minutes % 60)
  }
}

private func pad(_ value: Int, _ width: Int = 2) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
