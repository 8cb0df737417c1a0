import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverMetadata

/// The real-file corpus beside the checkout (`../shared/corpus`), with exiftool's readings.
enum Corpus {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus")
  static var isPresent: Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent("expected.json").path)
  }

  struct Entry: Decodable, Sendable, CustomTestStringConvertible {
    struct Exif: Decodable, Sendable {
      var datetimeOriginal: String?
      var subsecTimeOriginal: String?
      var offsetTimeOriginal: String?
      var offsetTime: String?
      var createDate: String?
      var modifyDate: String?
      var gpsLatitude: Double?
      var gpsLongitude: Double?
      var gpsDatestamp: String?
      var gpsTimestamp: String?
    }
    struct QuickTime: Decodable, Sendable {
      var createDateUtc: String?
      var keysCreationDate: String?
      var gpsLatitude: Double?
      var gpsLongitude: Double?
      var contentIdentifier: String?
    }
    var file: String
    var fileType: String?
    var exif: Exif
    var quicktime: QuickTime?
    var appleContentIdentifier: String?
    var readerDisagreements: [String]
    var testDescription: String { file }
  }

  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  /// The entries of one file type; by default only those every reader agrees on.
  static func entries(type: String, includingDisagreements: Bool = false) -> [Entry] {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
      let all = try? Corpus.decoder.decode([Entry].self, from: data)
    else { return [] }
    return all.filter {
      $0.fileType == type && (includingDisagreements || $0.readerDisagreements.isEmpty)
    }
  }
}

/// What faver must report for a corpus file, derived from exiftool's values.
struct ExpectedReading {
  var wallClock: String?  // "YYYY-MM-DDTHH:MM:SS", nil when no EXIF date is usable
  var source: TimeSource
  var fraction: Double?
  var offset: String?
  var position: (Double, Double)?

  init(_ exif: Corpus.Entry.Exif) {
    let stamps: [(String?, TimeSource)] = [
      (exif.datetimeOriginal, .exifOriginal), (exif.createDate, .exifDigitized),
      (exif.modifyDate, .exifDateTime),
    ]
    let usable = stamps.first { $0.0.flatMap(ExifText.dateTime) != nil }
    if let (text, source) = usable, let text {
      var chars = Array(text.prefix(19))
      (chars[4], chars[7], chars[10]) = ("-", "-", "T")
      wallClock = String(chars)
      self.source = source
      fraction = source == .exifOriginal ? exif.subsecTimeOriginal.flatMap(ExifText.fraction) : nil
      let offsetText =
        source == .exifOriginal ? exif.offsetTimeOriginal : source == .exifDateTime ? exif.offsetTime : nil
      offset = (offsetText.flatMap(ExifText.utcOffset) ?? Self.gpsOffset(exif, wallClock: text))
        .map(CaptureTime.offsetText)
    } else {
      source = .fileModified
    }
    if let lat = exif.gpsLatitude, let lon = exif.gpsLongitude,
      case .success = Coordinate.validated(latitude: lat, longitude: lon)
    {
      position = (lat, lon)
    }
  }
}

extension ExpectedReading {
  /// The offset exiftool's GPS stamps imply: wall clock minus GPS time, in quarter hours, ±14 h.
  static func gpsOffset(_ exif: Corpus.Entry.Exif, wallClock text: String) -> Int? {
    guard let date = exif.gpsDatestamp, let time = exif.gpsTimestamp,
      let utc = ExifText.dateTime(date + " " + time.prefix(8)), let wall = ExifText.dateTime(text)
    else { return nil }
    let fraction = Double("0" + time.dropFirst(8)) ?? 0
    let quarters = ((Double(wall.secondsSince1970 - utc.secondsSince1970) - fraction) / 900).rounded()
    return abs(quarters) <= 56 ? Int(quarters) * 900 : nil
  }
}

@Test(
  .enabled(if: Corpus.isPresent, "../shared/corpus is not beside the checkout"),
  arguments: Corpus.entries(type: "JPEG"))
func realJPEGsReadAsExiftoolReadsThem(entry: Corpus.Entry) throws {
  try expectExiftoolReading(entry)
}

@Test(
  .enabled(if: Corpus.isPresent, "../shared/corpus is not beside the checkout"),
  arguments: ["HEIC", "HEIF", "AVIF"].flatMap { Corpus.entries(type: $0) })
func realHEIFsReadAsExiftoolReadsThem(entry: Corpus.Entry) throws {
  try expectExiftoolReading(entry)
}

@Test(
  .enabled(if: Corpus.isPresent, "../shared/corpus is not beside the checkout"),
  arguments: ["PNG", "Extended WEBP", "WEBP", "TIFF", "DNG", "CR2", "NEF", "RW2", "IIQ", "ARW", "ORF", "PEF"]
    .flatMap { Corpus.entries(type: $0) })
func realPNGWebPAndTIFFsReadAsExiftoolReadsThem(entry: Corpus.Entry) throws {
  try expectExiftoolReading(entry)
}

@Test(
  .enabled(if: Corpus.isPresent, "../shared/corpus is not beside the checkout"),
  arguments: ["RAF", "MRW", "X3F", "CRW"].flatMap { Corpus.entries(type: $0, includingDisagreements: true) })
func realRawsWithTheirOwnContainersReadAsExiftoolReadsThem(entry: Corpus.Entry) throws {
  // Disagreements included: exiv2 reads no EXIF from X3F previews, which exiftool does read.
  #expect(entry.readerDisagreements.allSatisfy { $0.hasPrefix("exiv2:") })
  try expectExiftoolReading(entry)
  let source = try FileByteSource(path: Corpus.folder.appendingPathComponent(entry.file).path)
  let metadata = try #require(
    try MetadataReader().read(source, head: try source.read(at: 0, count: 65_536), modified: Date()))
  #expect(metadata.format.rawValue == entry.fileType?.lowercased())
  #expect(metadata.problems.isEmpty)
}

@Test(.enabled(if: Corpus.isPresent)) func theCorpusHoldsOneFileOfEachOwnContainerRaw() {
  let counts = ["RAF", "MRW", "X3F", "CRW"].map {
    Corpus.entries(type: $0, includingDisagreements: true).count
  }
  #expect(counts == [1, 1, 2, 1])
}

@Test(.enabled(if: Corpus.isPresent, "../shared/corpus is not beside the checkout"))
func theCorpusCR3ReadsAsExiftoolReadsIt() throws {
  // Left out of `entries(type:)` because exiv2 cannot read CR3 dates; exiftool can.
  let source = try FileByteSource(
    path: Corpus.folder.appendingPathComponent("exiftool-t-images/CanonRaw.cr3").path)
  let metadata = try #require(
    try MetadataReader().read(source, head: try source.read(at: 0, count: 65_536), modified: Date()))
  #expect(metadata.format == .cr3)
  #expect(metadata.captureTime.iso8601 == "2018-02-21T12:08:56.210+00:00")
  #expect(metadata.captureTime.source == .exifOriginal)
  #expect(metadata.problems.isEmpty)
}

@Test(
  .enabled(if: Corpus.isPresent, "../shared/corpus is not beside the checkout"),
  arguments: ["MOV", "MP4", "M4V", "3GP"].flatMap { Corpus.entries(type: $0) })
func realVideosReadAsExiftoolReadsThem(entry: Corpus.Entry) throws {
  let source = try FileByteSource(path: Corpus.folder.appendingPathComponent(entry.file).path)
  let reader = MetadataReader(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
  let metadata = try #require(
    try reader.read(source, head: try source.read(at: 0, count: 65_536), modified: Date()))
  #expect(metadata.kind == .video)
  #expect(metadata.contentIdentifier == entry.quicktime?.contentIdentifier)
  let movie = try #require(entry.quicktime)
  let time = metadata.captureTime
  if let local = movie.keysCreationDate {
    // exiftool: `2015:01:19 12:45:11-08:00`.
    var chars = Array(local)
    (chars[4], chars[7], chars[10]) = ("-", "-", "T")
    #expect(time.iso8601 == String(chars))
    #expect(time.source == .quickTime)
  } else if let utc = movie.createDateUtc, let civil = ExifText.dateTime(utc) {
    #expect(Int64(time.instant.timeIntervalSince1970) == civil.secondsSince1970)
    #expect(time.utcOffset == 9 * 3600)  // the reader's zone: the file gives no offset
    #expect(time.source == .quickTime)
  } else {
    #expect(time.source == .fileModified)
  }
  if let lat = movie.gpsLatitude, let lon = movie.gpsLongitude {
    let coordinate = try #require(metadata.coordinate)
    #expect(abs(coordinate.latitude - lat) < 1e-5 && abs(coordinate.longitude - lon) < 1e-5)
  } else {
    #expect(metadata.coordinate == nil)
  }
}

/// Reads a corpus file and compares its capture time and position with exiftool's EXIF values.
func expectExiftoolReading(_ entry: Corpus.Entry) throws {
  let path = Corpus.folder.appendingPathComponent(entry.file).path
  let source = try FileByteSource(path: path)
  let metadata = try #require(
    try MetadataReader().read(source, head: try source.read(at: 0, count: 65_536), modified: Date()))
  let expected = ExpectedReading(entry.exif)
  #expect(metadata.contentIdentifier == entry.appleContentIdentifier)
  let time = metadata.captureTime
  if expected.source == .fileModified {
    // Without an EXIF date, XMP, IPTC or PNG-text dates come next (DateSourcesCorpusTests checks
    // them against exiftool).
    #expect([.fileModified, .xmp, .iptc, .pngText].contains(time.source))
  } else {
    #expect(time.source == expected.source)
  }
  if let wallClock = expected.wallClock {
    #expect(time.iso8601.hasPrefix(wallClock))
    if let offset = expected.offset {
      #expect(time.iso8601.hasSuffix(offset))
    } else {
      #expect(time.utcOffset == nil)
    }
    if let fraction = expected.fraction {
      let ms = time.wallClockMilliseconds % 1000
      #expect(abs(Double(ms) / 1000 - fraction) < 0.001)
    }
  }
  if let (lat, lon) = expected.position {
    let coordinate = try #require(metadata.coordinate)
    #expect(abs(coordinate.latitude - lat) < 1e-5 && abs(coordinate.longitude - lon) < 1e-5)
  } else {
    #expect(metadata.coordinate == nil)
  }
}

@Test(.enabled(if: Corpus.isPresent)) func theCorpusHoldsTheJPEGsItsREADMEPromises() {
  #expect(Corpus.entries(type: "JPEG").count >= 140)
}
