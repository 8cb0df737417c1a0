import FaverCore
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverMetadata

private func time(_ packet: String) -> CaptureTime? {
  XMPDates.captureTime(in: Array(packet.utf8), source: .xmp)
}

private func description(_ body: String, namespaces: String) -> String {
  "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
    + "<rdf:Description rdf:about=\"\" \(namespaces) \(body)</rdf:Description></rdf:RDF></x:xmpmeta>"
}

@Test func anAttributeUnderAnyPrefixBoundToTheNamespaceIsRead() {
  let packet = description(
    "e:DateTimeOriginal=\"2021-03-04T05:06:07.25+02:00\">",
    namespaces: "xmlns:e=\"http://ns.adobe.com/exif/1.0/\"")
  #expect(time(packet)?.iso8601 == "2021-03-04T05:06:07.250+02:00")
}

@Test func anElementIsReadAndTheOrderIsExifPhotoshopXmp() {
  let namespaces =
    "xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:photoshop=\"http://ns.adobe.com/photoshop/1.0/\""
  let both = description(
    "><xmp:CreateDate>2020-01-01T10:00:00Z</xmp:CreateDate>"
      + "<photoshop:DateCreated>2019-02-03T04:05</photoshop:DateCreated>",
    namespaces: namespaces)
  #expect(time(both)?.iso8601 == "2019-02-03T04:05:00")
  let createOnly = description(
    "><xmp:CreateDate>2020-01-01T10:00:00Z</xmp:CreateDate>", namespaces: namespaces)
  #expect(time(createOnly)?.iso8601 == "2020-01-01T10:00:00+00:00")
}

@Test func aPrefixBoundToAnotherNamespaceOrADateWithoutATimeIsNotRead() {
  let wrong = description(
    "exif:DateTimeOriginal=\"2021-03-04T05:06:07\">", namespaces: "xmlns:exif=\"http://example.com/exif/\"")
  #expect(time(wrong) == nil)
  let dayOnly = description(
    "photoshop:DateCreated=\"2021-03-04\">",
    namespaces: "xmlns:photoshop=\"http://ns.adobe.com/photoshop/1.0/\"")
  #expect(time(dayOnly) == nil)
}

/// A SampleLibrary photo stripped of every tag by exiftool, then given only the tags of
/// `arguments`, read by `MetadataReader`.
func readExiftoolFixture(_ sample: String, _ arguments: [String]) throws -> FileMetadata? {
  let tree = try TemporaryTree()
  let path = tree.root.appendingPathComponent("fixture." + (sample as NSString).pathExtension).path
  try FileManager.default.copyItem(atPath: SampleLibraryFile.path(sample), toPath: path)
  try Exiftool.run(["-overwrite_original", "-all=", path])
  try Exiftool.run(["-overwrite_original"] + arguments + [path])
  let source = try FileByteSource(path: path)
  let head = try source.read(at: 0, count: AssetID.headLength)
  return try MetadataReader(timeZone: TimeZone(secondsFromGMT: 3600)!)
    .read(source, head: head, modified: Date(timeIntervalSince1970: 1_000_000_000))
}

@Test(.enabled(if: Exiftool.shouldRun)) func aJPEGWithOnlyAnXMPDateIsReadToTheSecond() throws {
  let metadata = try readExiftoolFixture(
    "2024/05/IMG_0101.jpg", ["-XMP:DateTimeOriginal=2021:03:04 05:06:07.25+02:00"])
  #expect(metadata?.captureTime.iso8601 == "2021-03-04T05:06:07.250+02:00")
  #expect(metadata?.captureTime.source == .xmp)
}

@Test(.enabled(if: Exiftool.shouldRun)) func aPNGWithOnlyXMPIsRead() throws {
  let metadata = try readExiftoolFixture(
    "2024/06/Screenshot_20240615-061203.png", ["-XMP:CreateDate=2022:07:08 09:10:11-05:00"])
  #expect(metadata?.captureTime.iso8601 == "2022-07-08T09:10:11-05:00")
  #expect(metadata?.captureTime.source == .xmp)
}

@Test(
  .enabled(if: Exiftool.shouldRun),
  arguments: ["2024/07/scan_0002.tif", "2023/12/IMG_2003.avif", "2024/05/IMG_0105.HEIC"])
func aTIFFOrHEIFWithOnlyAnXMPDateIsRead(sample: String) throws {
  // exiftool cannot delete a TIFF's IFD0, so its ModifyDate goes on its own.
  let metadata = try readExiftoolFixture(
    sample, ["-IFD0:ModifyDate=", "-XMP:DateTimeOriginal=2021:03:04 05:06:07+02:00"])
  #expect(metadata?.captureTime.iso8601 == "2021-03-04T05:06:07+02:00")
  #expect(metadata?.captureTime.source == .xmp)
}

@Test(.enabled(if: Exiftool.shouldRun)) func aJPEGWithOnlyIPTCDatesIsRead() throws {
  let metadata = try readExiftoolFixture(
    "2024/05/IMG_0101.jpg", ["-IPTC:DateCreated=2020:01:02", "-IPTC:TimeCreated=03:04:05+05:30"])
  #expect(metadata?.captureTime.iso8601 == "2020-01-02T03:04:05+05:30")
  #expect(metadata?.captureTime.source == .iptc)
}

@Test(.enabled(if: Exiftool.shouldRun)) func xmpComesBeforeIPTCAndEXIFBeforeBoth() throws {
  let both = try readExiftoolFixture(
    "2024/05/IMG_0101.jpg",
    ["-IPTC:DateCreated=2020:01:02", "-IPTC:TimeCreated=03:04:05", "-XMP:CreateDate=2022:07:08 09:10:11"])
  #expect(both?.captureTime.source == .xmp)
  let exif = try readExiftoolFixture(
    "2024/05/IMG_0101.jpg",
    ["-EXIF:DateTimeOriginal=2019:01:01 00:00:00", "-XMP:CreateDate=2022:07:08 09:10:11"])
  #expect(exif?.captureTime.source == .exifOriginal)
}

/// The committed SampleLibrary.
enum SampleLibraryFile {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SampleLibrary")
  static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }
}

@Test(arguments: [
  "2021-03-04T05:06:0", "2021-03-04T05:06:", "2021-03-04T05:06:07.", "2021-03-04T05:06:07+2",
  "2021-13-04T05:06:07",
  "2021-03-04T05:06:07.5+02:00junk", "",
])
func aMalformedXMPDateIsNoTime(value: String) {
  let packet =
    "<x:xmpmeta xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"><r xmp:CreateDate=\"\(value)\"/></x:xmpmeta>"
  #expect(time(packet) == nil)
}

@Test func randomlyDamagedPacketsAndIPTCRecordsDoNotTrap() {
  let packet = Array(
    description(
      "exif:DateTimeOriginal=\"2021-03-04T05:06:07.25+02:00\"><xmp:CreateDate>2020-01-01T10:00Z</xmp:CreateDate>",
      namespaces: "xmlns:exif=\"http://ns.adobe.com/exif/1.0/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\""
    ).utf8)
  let iptc =
    IPTCDates.header + Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, 29]
    + [0x1C, 2, 55, 0, 8] + Array("20200102".utf8) + [0x1C, 2, 60, 0, 11] + Array("030405+0100".utf8)
  var random = SeededGenerator(seed: 5)
  for _ in 0..<5_000 {
    var (damagedPacket, damagedIPTC) = (packet, iptc)
    for _ in 0..<(1 + random.next() % 3) {
      damagedPacket[Int(random.next() % UInt64(packet.count))] = UInt8(truncatingIfNeeded: random.next())
      damagedIPTC[Int(random.next() % UInt64(iptc.count))] = UInt8(truncatingIfNeeded: random.next())
    }
    _ = XMPDates.captureTime(
      in: Array(damagedPacket.prefix(Int(random.next() % UInt64(packet.count + 1)))), source: .xmp)
    _ = IPTCDates.captureTime(inAPP13: Array(damagedIPTC.prefix(Int(random.next() % UInt64(iptc.count + 1)))))
  }
  #expect(IPTCDates.captureTime(inAPP13: iptc)?.iso8601 == "2020-01-02T03:04:05+01:00")
}

/// Hostile packets end, and give nothing: a namespace bound 100,000 times (one scan per binding
/// before), and 200,000 starts of a date element with no `>` after them (one scan to the end each).
@Test func hostilePacketsAreScannedOnce() {
  let bindings = Array(String(repeating: " xmlns:a=\"http://ns.adobe.com/exif/1.0/\"", count: 100_000).utf8)
  #expect(XMPDates.captureTime(in: bindings, source: .xmp) == nil)
  #expect(XMPDates.prefixes(in: bindings).values.map(\.count) == [1])
  let open = Array(
    ("<x xmlns:e=\"http://ns.adobe.com/exif/1.0/\""
      + String(repeating: "<e:DateTimeOriginal ", count: 200_000)).utf8)
  #expect(XMPDates.captureTime(in: open, source: .xmp) == nil)
}
