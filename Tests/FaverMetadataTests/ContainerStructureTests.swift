import FaverCore
import FaverTestSupport
import SeededRandom
import Testing

@testable import FaverMetadata

private func sampleBuilder() -> ExifBuilder {
  var builder = ExifBuilder()
  builder.ifd0[0x010F] = .ascii("Canon")
  builder.original("2024:05:12 14:30:12", subSec: "5", offset: "-04:00")
  builder.position(lat: (45, 45, 0), latRef: "N", lon: (4, 50, 0), lonRef: "W")
  return builder
}

private let expectedTime = "2024-05-12T14:30:12.500-04:00"

@Test(arguments: [false, true])
func thePNGExifChunkIsFoundBeforeOrAfterTheImageData(after: Bool) throws {
  let tiff = Array(sampleBuilder().block().dropFirst(6))
  let png = try PNGStructure.read(ContainerBuilder.png(exif: tiff, afterImageData: after))
  #expect(png.problems.isEmpty)
  #expect(ExifBlock.read(try #require(png.block))?.captureTime?.iso8601 == expectedTime)
}

@Test func aPNGWithoutExifHasNone() throws {
  let png = try PNGStructure.read(ContainerBuilder.png(exif: nil))
  #expect(png == ContainedExif())
}

@Test(arguments: [true, false])
func theWebPExifChunkIsFoundWithOrWithoutItsHeader(withHeader: Bool) throws {
  let block = sampleBuilder().block()
  let file = ContainerBuilder.webp(exif: withHeader ? block : Array(block.dropFirst(6)))
  let webp = try WebPStructure.read(file)
  #expect(webp.problems.isEmpty)
  #expect(ExifBlock.read(try #require(webp.block))?.captureTime?.iso8601 == expectedTime)
}

@Test func libexifStopsAt64KiBSoTIFFsAreCompactedFirst() throws {
  var builder = sampleBuilder()
  builder.padding = 70_000
  let file = Array(builder.block().dropFirst(6))
  // libexif reads at most 65,534 bytes of a block: IFDs past that are lost…
  #expect(ExifBlock.read(file)?.captureTime == nil)
  // …so faver copies the IFDs it needs into a small block first.
  let tiff = try #require(try IFDReader(source: MemoryByteSource(file)))
  let block = try #require(try tiff.compactBlock())
  #expect(block.count < 1024)
  let fields = try #require(ExifBlock.read(block))
  #expect(fields.captureTime?.iso8601 == expectedTime)
  #expect(fields.make == "Canon")
  let position = try #require(try fields.coordinate?.get())
  #expect(abs(position.latitude - 45.75) < 1e-9 && abs(position.longitude + (4 + 50.0 / 60)) < 1e-9)
}

@Test(arguments: [false, true])
func compactingKeepsTheByteOrder(bigEndian: Bool) throws {
  var builder = sampleBuilder()
  builder.bigEndian = bigEndian
  let file = Array(builder.block().dropFirst(6))
  let block = try #require(try IFDReader(source: MemoryByteSource(file))?.compactBlock())
  #expect(block.prefix(2) == (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]))
  #expect(ExifBlock.read(block)?.captureTime?.iso8601 == expectedTime)
}

@Test func everyPrefixOfEachContainerIsSurvived() throws {
  let block = sampleBuilder().block()
  let tiff = Array(block.dropFirst(6))
  let png = ContainerBuilder.png(exif: tiff, afterImageData: true)
  let webp = ContainerBuilder.webp(exif: tiff)
  var damaged = 0
  for length in 0..<png.count {
    let read = try PNGStructure.read(Array(png.prefix(length)))
    if read.problems == [.damagedContainer] { damaged += 1 }
  }
  for length in 0..<webp.count {
    let read = try WebPStructure.read(Array(webp.prefix(length)))
    if read.problems == [.damagedContainer] { damaged += 1 }
  }
  var compacted = 0
  for length in 0..<tiff.count {
    if try IFDReader(source: MemoryByteSource(Array(tiff.prefix(length))))?.compactBlock() != nil {
      compacted += 1
    }
  }
  // Every cut PNG or WebP says it is damaged; a cut TIFF may still give its IFD0.
  #expect(damaged == png.count + webp.count)
  #expect(compacted < tiff.count)
}

@Test func randomDamageToEachContainerIsSurvived() throws {
  let tiff = Array(sampleBuilder().block().dropFirst(6))
  let files = [ContainerBuilder.png(exif: tiff), ContainerBuilder.webp(exif: tiff), tiff]
  var generator = SeededGenerator(seed: 11)
  var times = 0
  for file in files {
    for _ in 0..<1500 {
      let damaged = file.damaged(bytes: 1...4, using: &generator)
      let blocks = [
        try PNGStructure.read(damaged).block, try WebPStructure.read(damaged).block,
        try IFDReader(source: MemoryByteSource(damaged))?.compactBlock(),
      ]
      times += blocks.compactMap { $0.flatMap(ExifBlock.read)?.captureTime }.count
    }
  }
  #expect(times > 0)
}
