import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverMetadata

@Test(
  arguments: [
    ("IMG_20230512_143012.jpg", "2023-05-12T14:30:12"),
    ("VID_20230512_143012.mp4", "2023-05-12T14:30:12"),
    ("PXL_20230512_143012345.jpg", "2023-05-12T14:30:12+00:00"),  // Pixel names are UTC
    ("PXL_20230512_143012345.MP.jpg", "2023-05-12T14:30:12+00:00"),
    ("IMG_20180725_163423.jpg", "2018-07-25T16:34:23"),  // an older Pixel's name: local time
    ("20230512_143012.heic", "2023-05-12T14:30:12"),
    ("Screenshot_2023-05-12-14-30-12.png", "2023-05-12T14:30:12"),
    ("Screenshot 2023-05-12 at 14.30.12.png", nil),  // two separators before the time
    ("IMG_20231312_143012.jpg", nil),  // month 13
    ("IMG_20230512_253012.jpg", nil),  // hour 25
    ("IMG_1234.JPG", nil),
    ("DSC_12345678_123456.jpg", nil),  // not a date
    ("", nil),
  ] as [(String, String?)])
func datesInWellKnownNamesAreRead(name: String, expected: String?) {
  let date = FileNameDate.parse(name)
  let time = date.map { CaptureTime(wallClock: $0.wallClock, utcOffset: $0.utcOffset, source: .fileName) }
  #expect(time?.iso8601 == expected)
  #expect(date?.hasTime ?? true)
}

@Test func whatsAppNamesGiveTheDayOnly() throws {
  let date = try #require(FileNameDate.parse("IMG-20230512-WA0001.jpg"))
  #expect(date.hasTime == false)
  #expect(date.wallClock == CivilDateTime(year: 2023, month: 5, day: 12, hour: 0, minute: 0, second: 0))
  #expect(FileNameDate.parse("IMG-20230512-XX0001.jpg") == nil)
}

private let reader = MetadataReader(timeZone: TimeZone(secondsFromGMT: 3600)!)
private let noExif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 1, 2, 3, 0xFF, 0xD9]

private func read(name: String, modified: Date, bytes: [UInt8] = noExif) throws -> CaptureTime? {
  try reader.read(MemoryByteSource(bytes), head: bytes, modified: modified, name: name)?.captureTime
}

@Test func aNameWithATimeIsUsedWhenTheMetadataHasNone() throws {
  let time = try read(name: "IMG_20230512_143012.jpg", modified: Date(timeIntervalSince1970: 1_700_000_000))
  #expect(time?.source == .fileName && time?.iso8601 == "2023-05-12T14:30:12")
}

@Test func exifWinsOverTheName() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  let time = try read(name: "IMG_20230512_143012.jpg", modified: Date(), bytes: builder.jpeg())
  #expect(time?.source == .exifOriginal)
}

@Test(arguments: [
  // Either way the name dated it: a modification time the name confirms is not a copy's.
  (1_683_900_000.0, TimeSource.fileName, "2023-05-12T15:00:00+01:00"),  // mtime on that day
  (1_700_000_000.0, TimeSource.fileName, "2023-05-12T00:00:00"),  // mtime months later
  (1_683_846_000.0, TimeSource.fileName, "2023-05-12T00:00:00+01:00"),  // local midnight
  (1_683_845_999.0, TimeSource.fileName, "2023-05-12T00:00:00"),  // a second before it
])
func aDayOnlyNameKeepsTheModificationTimeOnThatDay(
  modified: Double, source: TimeSource, expected: String
) throws {
  let time = try read(name: "IMG-20230512-WA0001.jpg", modified: Date(timeIntervalSince1970: modified))
  #expect(time?.source == source && time?.iso8601 == expected)
}
