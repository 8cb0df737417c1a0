import FaverTestSupport
import Testing

@testable import FaverMetadata

private func structure(_ bytes: [UInt8], headLength: Int = 65_536) throws -> JPEGStructure {
  try JPEGStructure.read(from: MemoryByteSource(bytes), head: Array(bytes.prefix(headLength)))
}

private var sample: [UInt8] {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  return builder.jpeg()
}

@Test func theExifSegmentIsFound() throws {
  let result = try structure(sample)
  #expect(result.exif?.starts(with: ExifBlock.header) == true)
  #expect(!result.isTruncated && !result.isMalformed)
}

@Test(arguments: [8, 64])
func theExifSegmentIsFoundBeyondTheBytesInMemory(headLength: Int) throws {
  // An APP0 of 1000 bytes first: the reader goes back to the source for the rest.
  let app0: [UInt8] = [0xFF, 0xE0] + be16(1002) + [UInt8](repeating: 0x20, count: 1000)
  let bytes = Array(sample.prefix(2)) + app0 + sample.dropFirst(2)
  #expect(try structure(bytes, headLength: headLength).exif != nil)
}

@Test func aFileCutInItsImageDataIsTruncated() throws {
  let cut = Array(sample.dropLast(10))
  let result = try structure(cut)
  #expect(result.isTruncated)
  #expect(result.exif != nil)
}

@Test func aFileCutInItsHeaderIsTruncated() throws {
  #expect(try structure(Array(sample.prefix(30))).isTruncated)
}

@Test func dataAfterTheEndMarkerIsNotTruncation() throws {
  #expect(try !structure(sample + Array("trailer written by a phone".utf8)).isTruncated)
}

@Test func aLongVideoTrailerAfterTheEndMarkerIsNotTruncation() throws {
  // Motion photos append an MP4 of megabytes after the JPEG's end-of-image marker.
  var generator = SeededGenerator(seed: 3)
  let video =
    Array("\0\0\0\u{18}ftypmp42".utf8)
    + (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
  #expect(try !structure(sample + video).isTruncated)
}

@Test func aScanCutAfterItsLastStuffedByteIsTruncated() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  let bytes = builder.jpeg(scanBytes: 10_000)
  for cut in [100, 777, 5_000, 9_000] {
    #expect(try structure(Array(bytes.prefix(bytes.count - cut))).isTruncated, "cut \(cut)")
  }
}

@Test func garbageAfterTheStartMarkerIsMalformed() throws {
  let result = try structure([0xFF, 0xD8, 0x12, 0x34] + [UInt8](repeating: 0, count: 40) + [0xFF, 0xD9])
  #expect(result.isMalformed && result.exif == nil)
}

@Test func aJPEGWithoutExifHasNone() throws {
  let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xDA, 0, 2, 1, 2, 3, 0xFF, 0xD9]
  let result = try structure(bytes)
  #expect(result.exif == nil && !result.isTruncated && !result.isMalformed)
}

@Test func everyPrefixOfAJPEGIsSurvived() throws {
  for length in 0...sample.count {
    _ = try structure(Array(sample.prefix(length)))
  }
}
