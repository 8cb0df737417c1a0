import FaverCore
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverMetadata

@Test(arguments: [false, true])
func datesGPSAndCameraAreRead(bigEndian: Bool) throws {
  var builder = ExifBuilder(bigEndian: bigEndian)
  builder.ifd0[0x010F] = .ascii("Apple")
  builder.ifd0[0x0110] = .ascii("iPhone 13")
  builder.original("2024:05:12 14:30:12", subSec: "345", offset: "+02:00")
  builder.position(lat: (48, 51, 3013), latRef: "N", lon: (2, 17, 4033), lonRef: "E")
  let fields = try #require(ExifBlock.read(builder.block()))
  #expect(fields.make == "Apple" && fields.model == "iPhone 13")
  #expect(fields.captureTime?.iso8601 == "2024-05-12T14:30:12.345+02:00")
  let position = try #require(try fields.coordinate?.get())
  #expect(abs(position.latitude - (48 + 51.0 / 60 + 30.13 / 3600)) < 1e-9)
  #expect(abs(position.longitude - (2 + 17.0 / 60 + 40.33 / 3600)) < 1e-9)
}

@Test func southAndWestAreNegative() throws {
  var builder = ExifBuilder()
  builder.position(lat: (33, 52, 0), latRef: "S", lon: (151, 12, 0), lonRef: "W")
  let position = try #require(try ExifBlock.read(builder.block())?.coordinate?.get())
  #expect(position.latitude < 0 && position.longitude < 0)
}

@Test func theFallbackOrderIsOriginalThenDigitizedThenDateTime() throws {
  var builder = ExifBuilder()
  builder.ifd0[0x0132] = .ascii("2020:01:01 10:00:00")
  builder.exif[0x9010] = .ascii("-05:00")
  #expect(ExifBlock.read(builder.block())?.captureTime?.source == .exifDateTime)
  #expect(ExifBlock.read(builder.block())?.captureTime?.iso8601 == "2020-01-01T10:00:00-05:00")
  builder.exif[0x9004] = .ascii("2019:01:01 10:00:00")
  builder.exif[0x9292] = .ascii("5")
  #expect(ExifBlock.read(builder.block())?.captureTime?.iso8601 == "2019-01-01T10:00:00.500")
  #expect(ExifBlock.read(builder.block())?.captureTime?.source == .exifDigitized)
  builder.original("0000:00:00 00:00:00")
  #expect(ExifBlock.read(builder.block())?.captureTime?.source == .exifDigitized)
  builder.original("2018:01:01 10:00:00")
  #expect(ExifBlock.read(builder.block())?.captureTime?.source == .exifOriginal)
}

@Test func positionsThatAreNullIslandOrOutOfRangeAreRejected() throws {
  var builder = ExifBuilder()
  builder.position(lat: (0, 0, 0), latRef: "N", lon: (0, 0, 0), lonRef: "E")
  #expect(ExifBlock.read(builder.block())?.coordinate == .failure(.nullIsland))
  builder.position(lat: (95, 0, 0), latRef: "N", lon: (10, 0, 0), lonRef: "E")
  #expect(ExifBlock.read(builder.block())?.coordinate == .failure(.outOfRange))
}

@Test func aZeroDenominatorMeansNoPosition() throws {
  var builder = ExifBuilder()
  builder.gps[0x0001] = .ascii("N")
  builder.gps[0x0002] = .rationals([(48, 0), (51, 1), (0, 1)])
  builder.gps[0x0003] = .ascii("E")
  builder.gps[0x0004] = .rationals([(2, 1), (17, 1), (0, 1)])
  #expect(try #require(ExifBlock.read(builder.block())).coordinate == nil)
}

@Test func aBogusThumbnailLengthDoesNotHideTheExifIFD() throws {
  // libexif abandons an IFD at a thumbnail length past the block; faver hides those tags.
  var builder = ExifBuilder()
  builder.ifd0[0x0201] = .long(0xFFFF_FF00)
  builder.ifd0[0x0202] = .long(0xFFFF_FFFF)
  builder.original("2099:09:29 10:10:10")
  #expect(ExifBlock.read(builder.block())?.captureTime?.iso8601 == "2099-09-29T10:10:10")
}

@Test(arguments: [
  [UInt8](), Array("Exif".utf8) + [0, 0], Array("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0, 0xFF, 0xFF, 0, 0],
  Array("Exif".utf8) + [0, 0, 0x58, 0x58, 42, 0, 8, 0, 0, 0, 0, 0],
])
func blocksWithoutATIFFStructureAreRejected(bytes: [UInt8]) {
  #expect(ExifBlock.read(bytes) == nil)
}

@Test func everyTruncationOfABlockIsSurvived() {
  var builder = ExifBuilder()
  builder.ifd0[0x010F] = .ascii("Canon")
  builder.original("2024:05:12 14:30:12", subSec: "12", offset: "+01:00")
  builder.position(lat: (45, 45, 0), latRef: "N", lon: (4, 50, 0), lonRef: "E")
  let block = builder.block()
  for length in 0...block.count {
    _ = ExifBlock.read(Array(block.prefix(length)))  // must not crash
  }
  #expect(ExifBlock.read(block)?.captureTime != nil)
}

@Test func randomDamageIsSurvived() {
  var builder = ExifBuilder()
  builder.ifd0[0x010F] = .ascii("Canon")
  builder.original("2024:05:12 14:30:12", subSec: "12", offset: "+01:00")
  builder.position(lat: (45, 45, 0), latRef: "N", lon: (4, 50, 0), lonRef: "E")
  let block = builder.block()
  var generator = SeededGenerator(seed: 42)
  var read = 0
  for _ in 0..<3000 {
    let damaged = block.damaged(bytes: 1...6, from: 6, using: &generator)
    if ExifBlock.read(damaged) != nil { read += 1 }
  }
  #expect(read > 0)
}

@Test(
  arguments: [
    "", "  ", "Canon", "\t Canon EOS \t", " Ca non ", "\u{00A0}Apple\u{3000}", " \u{2003}x ", "café ",
    "\n iPhone \r", "\u{FEFF}x",
  ].map { Array($0.utf8) } + [[0x20, 0xFF, 0x41, 0x20], [0xC2], [0x20, 0xC2, 0xA0]])
func textIsTrimmedAsFoundationTrimsIt(bytes: [UInt8]) {
  let expected = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
  #expect(bytes.withUnsafeBufferPointer(ExifBlock.trimmedText) == expected)
}

@Test func blocksReadOnManyThreadsAtOnceReadAsAlone() {
  let blocks = (0..<64).map { index -> [UInt8] in
    var builder = ExifBuilder(bigEndian: index % 2 == 0)
    builder.ifd0[0x010F] = .ascii("Maker \(index)")
    builder.original("2024:05:\(10 + index % 18) 14:30:12", subSec: "\(index)", offset: "+01:00")
    builder.exif[0x927C] = .undefined([UInt8](repeating: UInt8(index), count: 1000 * (index % 40)))
    builder.position(lat: (45, UInt32(index % 60), 0), latRef: "N", lon: (7, 1, 0), lonRef: "E")
    return builder.block()
  }
  let alone = blocks.map { ExifBlock.read($0) }
  var together = [ExifFields?](repeating: nil, count: blocks.count * 8)
  together.withUnsafeMutableBufferPointer { slots in
    nonisolated(unsafe) let slots = slots
    DispatchQueue.concurrentPerform(iterations: slots.count) {
      slots[$0] = ExifBlock.read(blocks[$0 % blocks.count])
    }
  }
  #expect(together == Array((0..<8).map { _ in alone }.joined()))
  #expect(alone.allSatisfy { $0?.captureTime != nil && $0?.make?.hasPrefix("Maker") == true })
}

/// `block` with IFD0's EXIF IFD pointer (0x8769) set to `offset`.
private func withExifPointer(_ block: [UInt8], _ offset: UInt32, bigEndian: Bool) -> [UInt8] {
  var block = block
  let tiff = 6
  func u16(_ at: Int) -> Int {
    bigEndian ? Int(block[at]) << 8 | Int(block[at + 1]) : Int(block[at + 1]) << 8 | Int(block[at])
  }
  let ifd0 = tiff + 8
  for entry in 0..<u16(ifd0) where u16(ifd0 + 2 + entry * 12) == 0x8769 {
    let at = ifd0 + 2 + entry * 12 + 8
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: offset >> (8 * UInt32($0))) }
    block.replaceSubrange(at..<at + 4, with: bigEndian ? bytes.reversed() : bytes)
  }
  return block
}

@Test(arguments: [false, true], [0xFFFF_FF00, 0, 3, 8, 9, 0x7FFF_FFFF] as [UInt32])
func aBrokenExifIFDPointerKeepsTheGPSIFD(bigEndian: Bool, pointer: UInt32) throws {
  var builder = ExifBuilder(bigEndian: bigEndian)
  builder.ifd0[0x0132] = .ascii("2017:06:05 04:03:02")
  builder.original("2016:01:01 00:00:00")
  builder.position(lat: (48, 51, 2400), latRef: "N", lon: (2, 21, 300), lonRef: "W")
  let block = withExifPointer(builder.block(), pointer, bigEndian: bigEndian)
  let jpeg = ExifBuilder.jpeg(block: block)
  let tiff = Array(block.dropFirst(6))
  for file in [jpeg, tiff] {
    let metadata = try #require(
      try MetadataReader().read(MemoryByteSource(file), head: file, modified: Date(timeIntervalSince1970: 0)))
    let coordinate = try #require(metadata.coordinate, "pointer \(pointer)")
    #expect(abs(coordinate.latitude - (48 + 51.0 / 60 + 24.0 / 3600)) < 1e-6)
    #expect(abs(coordinate.longitude + (2 + 21.0 / 60 + 3.0 / 3600)) < 1e-6)
    #expect(metadata.captureTime.source == .exifDateTime)
  }
}
