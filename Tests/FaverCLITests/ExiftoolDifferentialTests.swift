import Foundation
import Testing

/// exiftool's reading of one file (`-json -n`: numbers signed, refs applied).
private struct ExiftoolReading: Decodable {
  var sourceFile: String
  var dateTimeOriginal: String?
  var createDate: String?
  var modifyDate: String?
  var subSecTimeOriginal: Lossless?
  var subSecTimeDigitized: Lossless?
  var subSecTime: Lossless?
  var offsetTimeOriginal: String?
  var offsetTimeDigitized: String?
  var offsetTime: String?
  var gpsLatitude: Double?
  var gpsLongitude: Double?

  enum CodingKeys: String, CodingKey {
    case sourceFile = "SourceFile"
    case dateTimeOriginal = "DateTimeOriginal"
    case createDate = "CreateDate"
    case modifyDate = "ModifyDate"
    case subSecTimeOriginal = "SubSecTimeOriginal"
    case subSecTimeDigitized = "SubSecTimeDigitized"
    case subSecTime = "SubSecTime"
    case offsetTimeOriginal = "OffsetTimeOriginal"
    case offsetTimeDigitized = "OffsetTimeDigitized"
    case offsetTime = "OffsetTime"
    case gpsLatitude = "GPSLatitude"
    case gpsLongitude = "GPSLongitude"
  }

  /// exiftool prints SubSec digits as a number or a string: keep the digits as written.
  struct Lossless: Decodable {
    var text: String
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        text = string
      } else {
        text = String(try container.decode(Int.self))
      }
    }
  }

  /// `takenAt` as faver must print it, or nil when exiftool has no usable EXIF date.
  var expectedTakenAt: String? {
    let stamps: [(String?, Lossless?, String?)] = [
      (dateTimeOriginal, subSecTimeOriginal, offsetTimeOriginal),
      (createDate, subSecTimeDigitized, offsetTimeDigitized),
      (modifyDate, subSecTime, offsetTime),
    ]
    for (date, subSec, offset) in stamps {
      guard let date, date.count >= 19, !date.hasPrefix("0000") else { continue }
      var chars = Array(date.prefix(19))
      (chars[4], chars[7], chars[10]) = ("-", "-", "T")
      var text = String(chars)
      if let digits = subSec?.text, let fraction = Double("0." + digits) {
        text += String(format: ".%03d", Int((fraction * 1000).rounded()))
      }
      if let offset, offset.count == 6 { text += offset }
      return text
    }
    return nil
  }
}

private var exiftool: URL? { Paths.which("exiftool") }

@Test(
  .enabled(
    if: exiftool != nil || ProcessInfo.processInfo.environment["CI"] != nil, "exiftool is not installed"))
func sampleLibraryAgreesWithExiftool() throws {
  let tool = try #require(exiftool, "CI must install exiftool (libimage-exiftool-perl)")
  let assets = IndexedSample.shared.assets.values.filter { $0.kind == "photo" }
  try #require(assets.count >= 20)
  let files = assets.map { $0.root + "/" + $0.path }
  let result = try run(tool, ["-json", "-n", "-EXIF:all", "-GPSLatitude", "-GPSLongitude"] + files)
  let readings = try JSONDecoder().decode([ExiftoolReading].self, from: Data(result.stdout.utf8))
  #expect(readings.count == files.count)
  let byPath = Dictionary(uniqueKeysWithValues: assets.map { ($0.root + "/" + $0.path, $0) })
  for reading in readings {
    let asset = try #require(byPath[reading.sourceFile])
    if let expected = reading.expectedTakenAt {
      #expect(asset.takenAt == expected, "\(asset.path)")
    } else {
      #expect(asset.timeSource == "fileModified", "\(asset.path)")
    }
    if let lat = reading.gpsLatitude, let lon = reading.gpsLongitude, abs(lat) <= 90, abs(lon) <= 180,
      lat != 0 || lon != 0
    {
      #expect(
        abs((asset.latitude ?? .nan) - lat) < 1e-6 && abs((asset.longitude ?? .nan) - lon) < 1e-6,
        "\(asset.path)")
    } else {
      #expect(asset.latitude == nil && asset.longitude == nil, "\(asset.path)")
    }
  }
}
