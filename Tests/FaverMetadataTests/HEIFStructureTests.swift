import FaverCore
import FaverTestSupport
import SeededRandom
import Testing

@testable import FaverMetadata

private func sampleExif() -> [UInt8] {
  var builder = ExifBuilder()
  builder.ifd0[0x010F] = .ascii("Apple")
  builder.original("2024:05:12 14:30:12", subSec: "345", offset: "+02:00")
  builder.position(lat: (48, 51, 3013), latRef: "N", lon: (2, 17, 4033), lonRef: "E")
  return builder.block()
}

@Test(arguments: [
  BoxBuilder.ILoc(),
  BoxBuilder.ILoc(version: 1, offsetSize: 8, lengthSize: 8),
  BoxBuilder.ILoc(version: 2, offsetSize: 4, lengthSize: 4, baseOffsetSize: 8),
  BoxBuilder.ILoc(version: 1, baseOffsetSize: 4, indexSize: 4, extents: 3),
  BoxBuilder.ILoc(version: 1, offsetSize: 0, lengthSize: 0),
  BoxBuilder.ILoc(version: 1, constructionMethod: 1),
  BoxBuilder.ILoc(version: 2, lengthSize: 8, extents: 2, constructionMethod: 1),
])
func theExifItemIsFoundThroughIinfAndIloc(iloc: BoxBuilder.ILoc) throws {
  var layout = iloc
  // Offset size 0 can only point at offset 0: use it only with a base offset.
  if layout.offsetSize == 0 { layout.baseOffsetSize = 4 }
  let file = BoxBuilder.heif(exif: sampleExif(), iloc: layout)
  let heif = try HEIFStructure.read(file)
  #expect(heif.problems.isEmpty)
  let block = try #require(heif.block)
  #expect(ExifBlock.read(block)?.captureTime?.iso8601 == "2024-05-12T14:30:12.345+02:00")
}

@Test func aFileWithoutAnExifItemHasNoExif() throws {
  let file = BoxBuilder.heif(exif: sampleExif(), exifType: "mime")
  let heif = try HEIFStructure.read(file)
  #expect(heif.block == nil && heif.problems.isEmpty)
}

@Test func aFileWithoutMetaHasNoExif() throws {
  let file = BoxBuilder.ftyp("heic", ["mif1"]) + BoxBuilder.box("mdat", [1, 2, 3])
  #expect(try HEIFStructure.read(file) == ContainedExif())
}

@Test func largeSizeAndSizeZeroBoxesAreWalked() throws {
  let payload: [UInt8] = [9, 9, 9]
  let file =
    BoxBuilder.largeBox("free", payload) + BoxBuilder.box("skip", []) + [0, 0, 0, 0]
    + Array("mdat".utf8) + [1, 2, 3, 4, 5]
  let walked = try BoxWalker.boxes(in: MemoryByteSource(file), from: 0, to: Int64(file.count))
  #expect(walked.boxes.map(\.type) == ["free", "skip", "mdat"])
  #expect(walked.boxes[0].payloadSize == 3 && walked.boxes[2].payloadSize == 5)
  #expect(walked.isDamaged == false)
}

@Test(arguments: [
  BoxBuilder.be32(4) + Array("free".utf8),  // smaller than its own header
  BoxBuilder.be32(1) + Array("free".utf8) + BoxBuilder.be64(8),  // largesize below 16
  BoxBuilder.be32(64) + Array("free".utf8) + [1, 2],  // runs past the end
])
func impossibleBoxSizesAreReportedAsDamage(bytes: [UInt8]) throws {
  let walked = try BoxWalker.boxes(in: MemoryByteSource(bytes), from: 0, to: Int64(bytes.count))
  #expect(walked.isDamaged)
}

@Test func everyTruncationOfAHEIFIsSurvived() throws {
  let file = BoxBuilder.heif(exif: sampleExif(), iloc: BoxBuilder.ILoc(version: 1))
  // The EXIF item ends the file, so every cut loses part of it.
  for length in 0..<file.count {
    let heif = try HEIFStructure.read(Array(file.prefix(length)))
    #expect(heif.block == nil)
  }
  #expect(try HEIFStructure.read(file).block != nil)
}

@Test func randomDamageToAHEIFIsSurvived() throws {
  let file = BoxBuilder.heif(exif: sampleExif(), iloc: BoxBuilder.ILoc(version: 1, extents: 2))
  var generator = SeededGenerator(seed: 7)
  var read = 0
  for _ in 0..<3000 {
    let damaged = file.damaged(bytes: 1...4, using: &generator)
    let heif = try HEIFStructure.read(damaged)
    if let block = heif.block, ExifBlock.read(block)?.captureTime != nil { read += 1 }
  }
  #expect(read > 0)
}
