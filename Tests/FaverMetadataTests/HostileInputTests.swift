import Testing

@testable import FaverMetadata

// Files built to make a reader crash, hang or allocate without bound: each must end quickly
// with what it could read, marked damaged, and nothing more.

private func be(_ value: UInt64, _ width: Int) -> [UInt8] {
  (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
}

/// An `iloc` payload (version 1) with the given field sizes and items of `extents` extents each.
private func iloc(sizes: Int, items: [(id: Int, extents: [(offset: UInt64, length: UInt64)])]) -> [UInt8] {
  let offsetSize = sizes >> 12
  let lengthSize = sizes >> 8 & 0xF
  var bytes: [UInt8] = [1, 0, 0, 0] + be(UInt64(sizes), 2) + be(UInt64(items.count), 2)
  for item in items {
    bytes += be(UInt64(item.id), 2) + be(0, 2) + be(0, 2) + be(UInt64(item.extents.count), 2)
    for extent in item.extents {
      bytes += be(extent.offset, offsetSize) + be(extent.length, lengthSize)
    }
  }
  return bytes
}

@Test func anExtentAtTheFarEndOfTheOffsetRangeIsMissingNotACrash() throws {
  let location = ItemLocation(
    origin: .file, extents: [ItemLocation.Extent(offset: Int64.max, length: 16)])
  #expect(try location.read(from: MemoryByteSource([UInt8](repeating: 1, count: 64)), limit: 1 << 20) == nil)
  let huge = ItemLocation(origin: .file, extents: [ItemLocation.Extent(offset: 8, length: Int64.max)])
  #expect(try huge.read(from: MemoryByteSource([UInt8](repeating: 1, count: 64)), limit: 1 << 20) == nil)
  // 8-byte fields through the whole table: the offset is past any file.
  let table = try #require(
    ItemTable.locations(iloc: iloc(sizes: 0x8800, items: [(1, [(0x7FFF_FFFF_FFFF_FFFF, 16)])]), of: [1]))
  let entry = try #require(table[1])
  #expect(
    try ItemLocation(origin: .file, extents: entry.extents).read(from: MemoryByteSource([1, 2]), limit: 64)
      == nil)
}

@Test func itemsOfEmptyExtentsAreSkippedWithoutBuildingThem() {
  // Field sizes of 0: an extent takes no bytes, so 65,535 of them fit in a few bytes per item.
  let many = (0..<65_535).map { _ in (offset: UInt64(0), length: UInt64(0)) }
  let items = (2..<40).map { (id: $0, extents: many) }
  let bytes = iloc(sizes: 0, items: items)
  #expect(bytes.count < 40 * 10)
  let table = ItemTable.locations(iloc: bytes, of: [1])  // none of them is the EXIF item
  #expect(table?.isEmpty == true)
  // The EXIF item itself with that many extents is not one.
  #expect(ItemTable.locations(iloc: bytes, of: [2]) == nil)
}

@Test func aTagRepeatedThroughAnIFDIsKeptOnce() throws {
  // IFD0 of 1,024 Make entries, each 4,000 bytes long, all pointing at the same bytes.
  let count = 1024
  let valueOffset = 8 + 2 + 12 * count + 4
  var file: [UInt8] = [0x4D, 0x4D, 0, 42] + be(8, 4) + be(UInt64(count), 2)
  for _ in 0..<count { file += be(0x010F, 2) + be(2, 2) + be(4000, 4) + be(UInt64(valueOffset), 4) }
  file += be(0, 4) + [UInt8](repeating: 0x41, count: 4000)
  let block = try #require(try IFDReader(source: MemoryByteSource(file))?.compactBlock())
  #expect(block.count < 8 * 1024)
}

@Test func aJPEGOfFillBytesEndsAsMalformedWithoutReadingItAll() throws {
  let file: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1 << 20)
  let reads = CountingSource(MemoryByteSource(file))
  let jpeg = try JPEGStructure.read(from: reads, head: Array(file.prefix(1024)))
  #expect(jpeg.problems.contains(.malformedHeader))
  #expect(reads.count < 10_000)
}

@Test func aBoxWhoseHeaderRunsPastItsParentIsNotListed() throws {
  // A parent of 20 bytes whose child has a 64-bit size: its 16-byte header runs past the parent.
  let child: [UInt8] = be(1, 4) + Array("free".utf8) + be(64, 8)
  let file: [UInt8] = be(20, 4) + Array("meta".utf8) + child + [UInt8](repeating: 0, count: 40)
  let parent = try BoxWalker.boxes(in: MemoryByteSource(file), from: 0, to: 20)
  let children = try BoxWalker.children(of: try #require(parent.boxes.first), in: MemoryByteSource(file))
  #expect(children.isDamaged)
  #expect(children.boxes.allSatisfy { $0.payloadStart <= $0.end })
}

/// Counts the reads made through it.
private final class CountingSource: ByteSource {
  let inner: MemoryByteSource
  private(set) var count = 0
  init(_ inner: MemoryByteSource) { self.inner = inner }
  var size: Int64 { inner.size }
  func read(at offset: Int64, count: Int) -> [UInt8] {
    self.count += 1
    return inner.read(at: offset, count: count)
  }
}
