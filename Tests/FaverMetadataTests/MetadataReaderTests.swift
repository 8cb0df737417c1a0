import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverMetadata

private let reader = MetadataReader(timeZone: TimeZone(secondsFromGMT: 3600)!)
private let modified = Date(timeIntervalSince1970: 1_700_000_000.75)

private func read(_ bytes: [UInt8]) throws -> FileMetadata? {
  try reader.read(MemoryByteSource(bytes), head: Array(bytes.prefix(65_536)), modified: modified)
}

@Test func aGoodJPEGHasNoProblem() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12", subSec: "120", offset: "+02:00")
  let metadata = try #require(try read(builder.jpeg()))
  #expect(metadata.captureTime.iso8601 == "2024-05-12T14:30:12.120+02:00")
  #expect(metadata.problemSummary == nil)
  #expect(metadata.kind == .photo)
}

@Test func withoutExifTheModificationTimeIsUsedWithTheLocalOffset() throws {
  let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 1, 2, 3, 0xFF, 0xD9]
  let metadata = try #require(try read(bytes))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.captureTime.iso8601 == "2023-11-14T23:13:20+01:00")
  #expect(metadata.problems.isEmpty)
}

@Test func corruptExifFallsBackAndSaysSo() throws {
  var bytes = ExifBuilder().jpeg()
  bytes[12...15] = [0x58, 0x58, 0x58, 0x58]  // the TIFF byte-order mark
  let metadata = try #require(try read(bytes))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.problems == [.corruptExif])
}

@Test(arguments: [false, true])
func anIFDThatClaimsMoreEntriesThanTheBlockHoldsIsCorrupt(bigEndian: Bool) throws {
  // As scripts/bench's corrupt variant: IFD0 claims 0x7FFF entries, the block ends after 40 bytes.
  var builder = ExifBuilder(bigEndian: bigEndian)
  builder.ifd0[0x010F] = .ascii("Canon")
  builder.ifd0[0x0110] = .ascii("Canon EOS 5D Mark IV")
  builder.original("2024:05:12 14:30:12")
  var block = Array(builder.block().prefix(6 + 40))
  (block[14], block[15]) = bigEndian ? (0x7F, 0xFF) : (0xFF, 0x7F)
  let jpeg = [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(block.count + 2)] + block + [0xFF, 0xD9]
  let metadata = try #require(try read(jpeg))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.problems == [.corruptExif])
}

@Test func aTruncatedJPEGKeepsItsTimeAndSaysSo() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  let metadata = try #require(try read(Array(builder.jpeg(scanBytes: 500).dropLast(100))))
  #expect(metadata.captureTime.source == .exifOriginal)
  #expect(metadata.problems == [.truncated])
}

@Test func anOutOfRangePositionIsDroppedAndReported() throws {
  var builder = ExifBuilder()
  builder.position(lat: (95, 0, 0), latRef: "N", lon: (10, 0, 0), lonRef: "E")
  let metadata = try #require(try read(builder.jpeg()))
  #expect(metadata.coordinate == nil)
  #expect(metadata.problems == [.gpsOutOfRange])
}

@Test func textIsNotMedia() throws {
  #expect(try read(Array("just some notes\n".utf8)) == nil)
}

@Test func eachContainerHandsItsExifToTheSameReading() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12", offset: "+02:00")
  let tiff = Array(builder.block().dropFirst(6))
  let files = [
    BoxBuilder.heif(exif: builder.block()), ContainerBuilder.png(exif: tiff),
    ContainerBuilder.webp(exif: tiff), tiff,
  ]
  let formats = try files.map { try #require(try read($0)).format }
  #expect(formats == [.heif, .png, .webp, .tiff])
  for file in files {
    let metadata = try #require(try read(file))
    #expect(metadata.captureTime.iso8601 == "2024-05-12T14:30:12+02:00")
    #expect(metadata.problems.isEmpty)
  }
}

@Test func aCutHEIFFallsBackAndSaysSo() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  let metadata = try #require(try read(Array(BoxBuilder.heif(exif: builder.block()).dropLast(3))))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.problems == [.damagedContainer])
}

@Test func aVideoWithoutTimesTakesTheDateInItsName() throws {
  let movie = BoxBuilder.ftyp("mp42", ["isom"]) + BoxBuilder.box("moov", [])
  let metadata = try #require(
    try reader.read(MemoryByteSource(movie), head: movie, modified: modified, name: "VID_20230512_143012.mp4")
  )
  #expect(metadata.kind == .video)
  #expect(metadata.captureTime.source == .fileName)
  #expect(metadata.captureTime.iso8601 == "2023-05-12T14:30:12")
}

@Test func aBlockPastLibexifsLimitIsStillRead() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12", offset: "+02:00")
  builder.padding = 70_000
  let png = ContainerBuilder.png(exif: Array(builder.block().dropFirst(6)))
  let metadata = try #require(try read(png))
  #expect(metadata.captureTime.iso8601 == "2024-05-12T14:30:12+02:00")
}

@Test func everyFormatButCRWIsReadThroughItsContainer() {
  // Canon's CIFF holds no EXIF: a CRW's date comes from its name or modification time.
  let unread = MediaFormat.allCases.filter { MetadataReader.containerReader(for: $0) == nil }
  #expect(unread == [.crw])
}

@Test(arguments: [
  (9_223_372_800.0, "2262-04-12T01:00:00+01:00"),  // past what nanoseconds in an Int64 hold
  (-9_224_000_000.0, "1677-09-13T18:46:40+01:00"),  // before it
  (-11_676_096_000.0, "1600-01-01T01:00:00+01:00"),
  (253_402_300_800.0, "10000-01-01T01:00:00+01:00"),
])
func aModificationTimeOfAnyYearGivesACaptureTime(seconds: Double, expected: String) throws {
  let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 1, 2, 3, 0xFF, 0xD9]
  let metadata = try #require(
    try reader.read(MemoryByteSource(bytes), head: bytes, modified: Date(timeIntervalSince1970: seconds)))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.captureTime.iso8601 == expected)
}

@Test(arguments: [1e18, -1e18, 9.3e15, .greatestFiniteMagnitude, .nan])
func aModificationTimeBeyondAnyCalendarIsTakenAtTheLimit(seconds: Double) {
  let time = reader.fileTime(Date(timeIntervalSince1970: seconds))
  let limit = MetadataReader.fileTimeLimit
  #expect(time.instant.timeIntervalSince1970 == (seconds.isNaN ? 0 : seconds < 0 ? -limit : limit))
  #expect(!time.iso8601.isEmpty)  // milliseconds and a civil date computed without a trap
}

@Test func theSidecarIsReadOnlyForAFileWithoutADateAndBeforeItsName() throws {
  var dated = ExifBuilder()
  dated.original("2017:01:01 12:00:00")
  let sidecar = Array(
    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:Description xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:CreateDate=\"2019-04-05T06:07:08Z\"/></x:xmpmeta>"
      .utf8)
  var calls = 0
  let datedJPEG = dated.jpeg()
  let fromFile = try reader.read(
    MemoryByteSource(datedJPEG), head: datedJPEG, modified: modified, name: "IMG_20230512_143012.jpg",
    sidecar: {
      calls += 1
      return sidecar
    })
  #expect(fromFile?.captureTime.source == .exifOriginal)
  #expect(calls == 0)
  let undated = ExifBuilder().jpeg()
  let fromSidecar = try reader.read(
    MemoryByteSource(undated), head: undated, modified: modified, name: "IMG_20230512_143012.jpg",
    sidecar: {
      calls += 1
      return sidecar
    })
  #expect(fromSidecar?.captureTime.iso8601 == "2019-04-05T06:07:08+00:00")
  #expect(fromSidecar?.captureTime.source == .sidecar)
  #expect(calls == 1)
}

@Test func anIPTCDateWithoutItsTimeIsNotACaptureTime() {
  func app13(_ datasets: [UInt8]) -> [UInt8] {
    IPTCDates.header + Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + be32(datasets.count) + datasets
      + (datasets.count % 2 == 1 ? [0] : [])
  }
  func dataset(_ number: UInt8, _ text: String) -> [UInt8] {
    [0x1C, 2, number] + be16(text.utf8.count) + Array(text.utf8)
  }
  #expect(IPTCDates.captureTime(inAPP13: app13(dataset(55, "20200102"))) == nil)
  let both = IPTCDates.captureTime(inAPP13: app13(dataset(55, "20200102") + dataset(60, "030405-0330")))
  #expect(both?.iso8601 == "2020-01-02T03:04:05-03:30")
  #expect(both?.source == .iptc)
}

private func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
