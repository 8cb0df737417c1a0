import FaverTestSupport
import SeededRandom
import Testing

@testable import FaverMetadata

private func structure(_ bytes: [UInt8], headLength: Int = 65_536) throws -> ContainedExif {
  try JPEGStructure.read(from: MemoryByteSource(bytes), head: Array(bytes.prefix(headLength)))
}

private var sample: [UInt8] {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  return builder.jpeg()
}

@Test func theExifSegmentIsFound() throws {
  let result = try structure(sample)
  #expect(result.block?.starts(with: ExifBlock.header) == true)
  #expect(result.problems.isEmpty)
}

@Test(arguments: [8, 64])
func theExifSegmentIsFoundBeyondTheBytesInMemory(headLength: Int) throws {
  // An APP0 of 1000 bytes first: the reader goes back to the source for the rest.
  let app0: [UInt8] = [0xFF, 0xE0] + be16(1002) + [UInt8](repeating: 0x20, count: 1000)
  let bytes = Array(sample.prefix(2)) + app0 + sample.dropFirst(2)
  #expect(try structure(bytes, headLength: headLength).block != nil)
}

@Test func aFileCutInItsImageDataIsTruncated() throws {
  let cut = Array(sample.dropLast(10))
  let result = try structure(cut)
  #expect(result.problems.contains(.truncated))
  #expect(result.block != nil)
}

@Test func aFileCutInItsHeaderIsTruncated() throws {
  #expect(try structure(Array(sample.prefix(30))).problems.contains(.truncated))
}

@Test func dataAfterTheEndMarkerIsNotTruncation() throws {
  #expect(try !structure(sample + Array("trailer written by a phone".utf8)).problems.contains(.truncated))
}

@Test func aLongVideoTrailerAfterTheEndMarkerIsNotTruncation() throws {
  // Motion photos append an MP4 of megabytes after the JPEG's end-of-image marker.
  var generator = SeededGenerator(seed: 3)
  let video =
    Array("\0\0\0\u{18}ftypmp42".utf8)
    + (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
  #expect(try !structure(sample + video).problems.contains(.truncated))
}

@Test func aScanCutAfterItsLastStuffedByteIsTruncated() throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  let bytes = builder.jpeg(scanBytes: 10_000)
  for cut in [100, 777, 5_000, 9_000] {
    #expect(try structure(Array(bytes.prefix(bytes.count - cut))).problems.contains(.truncated), "cut \(cut)")
  }
}

@Test func garbageAfterTheStartMarkerIsMalformed() throws {
  let result = try structure([0xFF, 0xD8, 0x12, 0x34] + [UInt8](repeating: 0, count: 40) + [0xFF, 0xD9])
  #expect(result.problems.contains(.malformedHeader) && result.block == nil)
}

@Test func aJPEGWithoutExifHasNone() throws {
  let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xDA, 0, 2, 1, 2, 3, 0xFF, 0xD9]
  let result = try structure(bytes)
  #expect(result.block == nil && result.problems.isEmpty)
}

@Test func everyPrefixOfAJPEGIsSurvived() throws {
  for length in 0...sample.count {
    _ = try structure(Array(sample.prefix(length)))
  }
}
