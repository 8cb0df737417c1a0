import Testing

@testable import FaverMetadata

private let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]

@Test(arguments: [
  (ByteOrder.bigEndian, [0x01, 0x0102, 0x0102_0304, 0x0102_0304_0506_0708] as [UInt64]),
  (.littleEndian, [0x01, 0x0201, 0x0403_0201, 0x0807_0605_0403_0201]),
])
func eachWidthIsReadInTheReadersByteOrder(order: ByteOrder, values: [UInt64]) {
  let reader = ByteReader(bytes, order: order)
  #expect([1, 2, 4, 8].map { reader.uint(at: 0, width: $0) } == values)
  #expect(reader.u8(at: 0) == Int(values[0]))
  #expect(reader.u16(at: 0) == Int(values[1]))
  #expect(reader.u32(at: 0) == Int(values[2]))
  #expect(reader.uint(at: 3, width: 0) == 0)
}

@Test func theCursorMovesPastEachRead() {
  var reader = ByteReader(bytes, order: .bigEndian)
  let (u8, u16) = (reader.u8(), reader.u16())
  #expect(u8 == 0x01 && u16 == 0x0203)
  #expect(reader.offset == 3 && reader.remaining == 6)
  let skipped = reader.skip(1)
  let (u32, taken) = (reader.u32(), reader.take(1))
  #expect(skipped && u32 == 0x0506_0708 && taken == [0x09])
  #expect(reader.remaining == 0)
  reader = ByteReader(bytes, order: .littleEndian, offset: 1)
  let u64 = reader.u64()
  #expect(u64 == 0x0908_0706_0504_0302)
}

@Test func readingAtAPositionLeavesTheCursorWhereItWas() {
  var reader = ByteReader(bytes, order: .littleEndian, offset: 2)
  #expect(reader.u32(at: 5) == 0x0908_0706)
  let next = reader.u16()
  #expect(next == 0x0403)
}

@Test(arguments: [ByteOrder.bigEndian, .littleEndian])
func everyReadPastTheEndIsNilAndLeavesTheCursor(order: ByteOrder) {
  var reader = ByteReader(bytes, order: order, offset: 7)
  let u32 = reader.u32()
  let u64 = reader.u64()
  let width3 = reader.uint(3)
  let code = reader.fourCC()
  let taken = reader.take(3)
  let skipped = reader.skip(3)
  #expect(u32 == nil && u64 == nil && width3 == nil && code == nil && taken == nil && !skipped)
  #expect(reader.offset == 7)
  #expect(reader.u16(at: 8) == nil && reader.u8(at: 9) == nil && reader.u8(at: -1) == nil)
  #expect(reader.uint(at: 0, width: 9) == nil && reader.uint(at: 10, width: 0) == nil)
  let last = reader.u16()
  let beyond = reader.u8()
  let nothing = reader.uint(0)
  #expect(last == (order == .bigEndian ? 0x0809 : 0x0908) && beyond == nil && nothing == 0)
  #expect(reader.offset == 9 && reader.remaining == 0)
  // A cursor set past the end reads nothing, not even zero bytes.
  reader = ByteReader(bytes, order: order, offset: 20)
  let empty = reader.uint(0)
  let none = reader.take(0)
  let negative = reader.take(-1)
  let skippedNone = reader.skip(0)
  #expect(empty == nil && none == nil && negative == nil && !skippedNone && reader.remaining == 0)
}

@Test func aSixtyFourBitValueBeyondInt64IsNil() {
  var reader = ByteReader([UInt8](repeating: 0xFF, count: 8), order: .bigEndian)
  let value = reader.u64()
  #expect(value == nil && reader.offset == 8)
}

@Test func aSliceIsReadFromItsOwnStart() {
  var reader = ByteReader(bytes[4..<8], order: .bigEndian)
  #expect(reader.count == 4 && reader.u16(at: 0) == 0x0506 && reader.u8(at: 4) == nil)
  let value = reader.u32()
  let past = reader.u8()
  #expect(value == 0x0506_0708 && past == nil)
}

@Test func fourCharacterCodesKeepEveryByte() {
  var reader = ByteReader([0xA9] + Array("xyzftyp!".utf8), order: .littleEndian)
  let (first, second) = (reader.fourCC(), reader.fourCC())
  #expect(first == "\u{A9}xyz" && second == "ftyp")
  let third = reader.fourCC()
  #expect(third == nil && reader.offset == 8)
}

@Test(arguments: [
  (Array("II*".utf8), ByteOrder.littleEndian),
  (Array("MM*".utf8), .bigEndian),
])
func aByteOrderMarkSetsTheOrder(mark: [UInt8], order: ByteOrder) {
  var reader = ByteReader(mark + [0x01, 0x02], order: order == .bigEndian ? .littleEndian : .bigEndian)
  let mark = reader.byteOrderMark()
  #expect(mark == order && reader.order == order && reader.offset == 2)
}

@Test(arguments: [Array("IM".utf8), Array("I".utf8), Array("M".utf8), [], Array("ii".utf8)])
func anythingElseIsNoMark(bytes: [UInt8]) {
  var reader = ByteReader(bytes, order: .littleEndian)
  let mark = reader.byteOrderMark()
  #expect(mark == nil && reader.order == .littleEndian && reader.offset == 0)
}

@Test func overwritingChangesWhatIsReadAndNothingPastTheEnd() {
  var reader = ByteReader(bytes, order: .bigEndian)
  reader.overwrite(at: 1, with: 0xFF)
  reader.overwrite(at: 9, with: 0xFF)
  #expect(reader.u16(at: 0) == 0x01FF)
  #expect(Array(reader.bytes) == [0x01, 0xFF] + bytes.dropFirst(2))
}
