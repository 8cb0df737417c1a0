import Foundation
import Testing

/// exiftool's reading of one file (`-G1 -n -json`: tags named `Group:Tag`, numbers signed and
/// refs applied), and what faver must print for it.
private struct ExiftoolReading {
  var tags: [String: Any]

  var sourceFile: String { text("SourceFile") ?? "" }
  /// The format exiftool recognised (from the content; `DNG` also from the extension).
  var fileType: String? { text("File:FileTypeExtension") }

  /// A tag's value as exiftool printed it; numbers (SubSec digits, coordinates) as written.
  func text(_ tag: String) -> String? {
    if let string = tags[tag] as? String { return string }
    return (tags[tag] as? NSNumber)?.stringValue
  }

  /// The EXIF stamps in faver's order: (timeSource, date, sub-seconds, offset).
  static let exifStamps = [
    ("exifOriginal", "ExifIFD:DateTimeOriginal", "ExifIFD:SubSecTimeOriginal", "ExifIFD:OffsetTimeOriginal"),
    ("exifDigitized", "ExifIFD:CreateDate", "ExifIFD:SubSecTimeDigitized", "ExifIFD:OffsetTimeDigitized"),
    ("exifDateTime", "IFD0:ModifyDate", "ExifIFD:SubSecTime", "ExifIFD:OffsetTime"),
  ]

  /// What faver must print, or nil when exiftool has no usable date (faver then falls back to
  /// the file name or modification time). `takenAt` is exact, except for an `mvhd` time, an
  /// instant that faver prints in the machine's zone.
  var expected: (takenAt: String, timeSource: String)? {
    for (source, dateTag, subSecTag, offsetTag) in Self.exifStamps {
      guard let date = text(dateTag), let wallClock = Self.wallClock(date) else { continue }
      let offset = text(offsetTag) ?? gpsOffset(wallClock: wallClock)
      return (wallClock + Self.milliseconds(text(subSecTag)) + (offset ?? ""), source)
    }
    // Apple's `com.apple.quicktime.creationdate`: local time with its offset (`…14:52:06+02:00`).
    if let date = text("Keys:CreationDate"), let wallClock = Self.wallClock(date) {
      let rest = date.dropFirst(19)
      let fraction = rest.hasPrefix(".") ? String(rest.dropFirst().prefix { $0.isNumber }) : nil
      let offset = rest.drop { $0 == "." || $0.isNumber }
      return (wallClock + Self.milliseconds(fraction) + (offset == "Z" ? "+00:00" : offset), "quickTime")
    }
    // The `mvhd` creation time, UTC; exiftool prints it unconverted (no `-api QuickTimeUTC`).
    if let date = text("QuickTime:CreateDate"), let wallClock = Self.wallClock(date),
      let instant = ISO8601DateFormatter().date(from: wallClock + "Z")
    {
      return (inLocalZone(instant), "quickTime")
    }
    return nil
  }

  /// `2024:05:12 14:30:12…` as `2024-05-12T14:30:12`; nil when zeroed or too short.
  static func wallClock(_ date: String) -> String? {
    guard date.count >= 19, !date.hasPrefix("0000") else { return nil }
    var chars = Array(date.prefix(19))
    (chars[4], chars[7], chars[10]) = ("-", "-", "T")
    return String(chars)
  }

  /// SubSec digits as faver prints them: `75` is `.750`, `070` is `.070`.
  static func milliseconds(_ digits: String?) -> String {
    guard let digits, !digits.isEmpty, let fraction = Double("0." + digits) else { return "" }
    return String(format: ".%03d", Int((fraction * 1000).rounded()))
  }

  /// Without an offset tag, faver takes the offset between the wall clock and exiftool's
  /// `Composite:GPSDateTime` (UTC), rounded to 15 minutes, when it is within 14 hours.
  func gpsOffset(wallClock: String) -> String? {
    guard let gps = text("Composite:GPSDateTime"), let utcClock = Self.wallClock(gps),
      let utc = ISO8601DateFormatter().date(from: utcClock + "Z"),
      let wall = ISO8601DateFormatter().date(from: wallClock + "Z")
    else { return nil }
    let quarters = Int((wall.timeIntervalSince(utc) / 900).rounded())
    guard abs(quarters) <= 14 * 4 else { return nil }
    let minutes = abs(quarters) * 15
    return (quarters < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
  }

  /// The position faver must report: none when absent, exactly (0, 0) or out of range.
  var expectedPosition: (latitude: Double, longitude: Double)? {
    guard let lat = (tags["Composite:GPSLatitude"] as? NSNumber)?.doubleValue,
      let lon = (tags["Composite:GPSLongitude"] as? NSNumber)?.doubleValue,
      abs(lat) <= 90, abs(lon) <= 180, lat != 0 || lon != 0
    else { return nil }
    return (lat, lon)
  }
}

private var exiftool: URL? { Paths.which("exiftool") }

/// Every file faver indexes in SampleLibrary, of every format, against exiftool: capture time
/// (exact, offset included) and GPS. Live Photo videos, which faver lists only as their still's
/// companion, are read from the same files indexed on their own.
@Test(
  .enabled(
    if: exiftool != nil || ProcessInfo.processInfo.environment["CI"] != nil, "exiftool is not installed"))
func sampleLibraryAgreesWithExiftool() throws {
  let tool = try #require(exiftool, "CI must install exiftool (libimage-exiftool-perl)")
  let sample = IndexedSample.shared
  let assets = sample.everyFile
  #expect(assets.count == SampleFile.all.filter(\.indexed).count)
  #expect(sample.companions.count == sample.assets.values.filter { $0.companion != nil }.count)
  let byPath = Dictionary(
    uniqueKeysWithValues: assets.map {
      (Paths.sampleLibrary.appendingPathComponent($0.relativePath).path, $0)
    })
  let tags = [
    "-File:FileTypeExtension", "-EXIF:all", "-QuickTime:CreateDate", "-Keys:CreationDate",
    "-Composite:GPSLatitude", "-Composite:GPSLongitude", "-Composite:GPSDateTime",
  ]
  let result = try run(tool, ["-G1", "-n", "-json"] + tags + byPath.keys.sorted())
  let objects = try #require(
    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
  let readings = objects.map(ExiftoolReading.init)
  #expect(readings.count == byPath.count)
  #expect(
    Set(readings.compactMap(\.fileType)).isSuperset(of: [
      "JPG", "PNG", "HEIC", "AVIF", "WEBP", "TIF", "DNG", "MOV", "MP4",
    ]))
  for reading in readings {
    let asset = try #require(byPath[reading.sourceFile], "\(reading.sourceFile)")
    if let expected = reading.expected {
      #expect(asset.takenAt == expected.takenAt, "\(asset.path)")
      #expect(asset.timeSource == expected.timeSource, "\(asset.path)")
    } else {
      #expect(["fileName", "fileModified"].contains(asset.timeSource), "\(asset.path)")
    }
    if let position = reading.expectedPosition {
      #expect(
        abs((asset.latitude ?? .nan) - position.latitude) < 1e-6
          && abs((asset.longitude ?? .nan) - position.longitude) < 1e-6, "\(asset.path)")
    } else {
      #expect(asset.latitude == nil && asset.longitude == nil, "\(asset.path)")
    }
  }
}
