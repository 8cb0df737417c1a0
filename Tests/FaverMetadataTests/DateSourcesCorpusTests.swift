import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverMetadata

/// A corpus photo without a usable EXIF date where exiftool reads an XMP or IPTC date, with the
/// time faver must give it.
struct NonExifDate: Sendable, CustomTestStringConvertible {
  var file: String
  var wallClock: String
  var offset: String?
  var source: TimeSource
  var testDescription: String { file }

  static let exifTags = ["ExifIFD:DateTimeOriginal", "ExifIFD:CreateDate", "IFD0:ModifyDate"]
  static let xmpTags = ["XMP-exif:DateTimeOriginal", "XMP-photoshop:DateCreated", "XMP-xmp:CreateDate"]

  /// exiftool's readings of the whole corpus, kept to the files this test is about.
  static let all: [NonExifDate] = {
    guard Corpus.isPresent, Exiftool.executable != nil,
      let output = try? Exiftool.run(
        ["-r", "-j", "-G1", "-File:MIMEType"]
          + (exifTags + xmpTags + ["IPTC:DateCreated", "IPTC:TimeCreated"]).map { "-" + $0 }
          + [Corpus.folder.path]),
      let objects = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
    else { return [] }
    return objects.compactMap { object in
      func text(_ tag: String) -> String? {
        (object[tag] as? String) ?? (object[tag] as? NSNumber)?.stringValue
      }
      // Photos only: a video's QuickTime dates come before XMP, a sidecar is no photo.
      guard let path = text("SourceFile"), text("File:MIMEType")?.hasPrefix("image/") == true,
        !exifTags.contains(where: { text($0).flatMap(ExifText.dateTime) != nil })
      else { return nil }
      let file = String(path.dropFirst(Corpus.folder.path.count + 1))
      for tag in xmpTags {
        if let value = text(tag), let reading = reading(file, value, .xmp) { return reading }
      }
      if let date = text("IPTC:DateCreated"), let time = text("IPTC:TimeCreated") {
        return reading(file, date + " " + time, .iptc)
      }
      return nil
    }
  }()

  /// `2018:07:25 16:34:23.5+02:00` (seconds, fraction and offset optional) as the wall clock
  /// `2018-07-25T16:34:23` and the offset; nil for a date without a time.
  static func reading(_ file: String, _ value: String, _ source: TimeSource) -> NonExifDate? {
    guard value.count >= 16 else { return nil }
    var chars = Array(value.prefix(19))
    if chars.count < 19 || !chars[16...].starts(with: [":"]) {
      chars = Array(chars.prefix(16)) + Array(":00")
    }
    (chars[4], chars[7], chars[10]) = ("-", "-", "T")
    let rest = value.dropFirst(value.count >= 19 && Array(value)[16] == ":" ? 19 : 16).drop {
      $0 == "." || $0.isNumber
    }
    let offset = rest.isEmpty ? nil : rest == "Z" ? "+00:00" : String(rest)
    return NonExifDate(file: file, wallClock: String(chars), offset: offset, source: source)
  }
}

@Test(.enabled(if: Corpus.isPresent && Exiftool.shouldRun), arguments: NonExifDate.all)
func aCorpusFileWithoutExifDatesTakesExiftoolsXMPOrIPTCDate(expected: NonExifDate) throws {
  let source = try FileByteSource(path: Corpus.folder.appendingPathComponent(expected.file).path)
  let metadata = try #require(
    try MetadataReader().read(source, head: try source.read(at: 0, count: 65_536), modified: Date()))
  #expect(metadata.captureTime.source == expected.source)
  #expect(metadata.captureTime.iso8601.hasPrefix(expected.wallClock))
  if let offset = expected.offset {
    #expect(metadata.captureTime.iso8601.hasSuffix(offset))
  } else {
    #expect(metadata.captureTime.utcOffset == nil)
  }
}

@Test(.enabled(if: Corpus.isPresent && Exiftool.shouldRun))
func theCorpusHoldsFilesDatedOnlyByXMPAndIPTC() {
  #expect(NonExifDate.all.contains { $0.source == .xmp })
  #expect(NonExifDate.all.contains { $0.source == .iptc })
}

/// The corpus's sidecars with exiftool's reading of their dates: the first of the three XMP
/// properties faver reads, nil when it reads none.
struct CorpusSidecar: Sendable, CustomTestStringConvertible {
  var file: String
  var expected: NonExifDate?
  var testDescription: String { file }

  static let all: [CorpusSidecar] = {
    let folder = Corpus.folder.appendingPathComponent("sidecars")
    guard Corpus.isPresent, Exiftool.executable != nil,
      let output = try? Exiftool.run(
        ["-r", "-j", "-G1", "-ext", "xmp"] + NonExifDate.xmpTags.map { "-" + $0 } + [folder.path]),
      let objects = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
    else { return [] }
    return objects.compactMap { object in
      guard let path = object["SourceFile"] as? String else { return nil }
      let file = String(path.dropFirst(Corpus.folder.path.count + 1))
      let value = NonExifDate.xmpTags.lazy.compactMap { object[$0] as? String }.first
      return CorpusSidecar(file: file, expected: value.flatMap { NonExifDate.reading(file, $0, .sidecar) })
    }
  }()
}

@Test(.enabled(if: Corpus.isPresent && Exiftool.shouldRun), arguments: CorpusSidecar.all)
func aCorpusSidecarGivesExiftoolsDate(sidecar: CorpusSidecar) throws {
  let bytes = Array(try Data(contentsOf: Corpus.folder.appendingPathComponent(sidecar.file)))
  let time = XMPDates.captureTime(in: bytes, source: .sidecar)
  if let expected = sidecar.expected {
    #expect(time?.iso8601.hasPrefix(expected.wallClock) == true)
    #expect(
      time.map {
        $0.iso8601.hasSuffix(expected.offset ?? "") && ($0.utcOffset == nil) == (expected.offset == nil)
      } == true)
  } else if sidecar.file.hasPrefix("sidecars/immich-test-assets/") {
    // UTF-16LE with a byte order mark: exiftool reads nothing from them; each holds
    // `xmp:CreateDate` of its name's year (the corpus README).
    let year = (sidecar.file as NSString).lastPathComponent.prefix(4)
    #expect(time?.iso8601 == "\(year)-09-27T14:35:33+02:00")
  } else {
    #expect(time == nil)
  }
}
