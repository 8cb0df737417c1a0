import Foundation
import Testing

@testable import FaverCore

@Test func sameContentGivesTheSameID() {
  let bytes = (0..<1000).map { UInt8($0 % 251) }
  #expect(AssetID(size: 1000, head: bytes) == AssetID(size: 1000, head: bytes))
  #expect(AssetID(size: 1000, head: bytes).rawValue.count == 16)
}

@Test func anyDifferenceInSizeOrHeadChangesTheID() {
  let bytes = (0..<1000).map { UInt8($0 % 251) }
  var flipped = bytes
  flipped[999] ^= 1
  let id = AssetID(size: 1000, head: bytes)
  #expect(id != AssetID(size: 1001, head: bytes))
  #expect(id != AssetID(size: 1000, head: flipped))
  #expect(id != AssetID(size: 1000, head: Array(bytes.dropLast())))
}

@Test func onlyTheHeadCounts() {
  let head = [UInt8](repeating: 7, count: AssetID.headLength)
  #expect(AssetID(size: 10, head: head + [1, 2, 3]) == AssetID(size: 10, head: head + [4, 5, 6]))
}

@Test func idsOfManySimilarHeadsNeverCollide() {
  var seen: Set<AssetID> = []
  for value in 0..<20_000 {
    let head = withUnsafeBytes(of: UInt64(value)) { Array($0) } + [UInt8](repeating: 0, count: 56)
    seen.insert(AssetID(size: 64, head: head))
  }
  #expect(seen.count == 20_000)
}

/// Ids are stored with review marks: the hash must never change between versions.
@Test func theIDOfAKnownContentNeverChanges() {
  let head = (0..<100).map { UInt8($0) }
  #expect(AssetID(size: 123_456, head: head).rawValue == AssetID(rawValue: pinnedID).rawValue)
}

private let pinnedID = "ec047a9375b9a319"

@Test(arguments: [0, 1, 7, 8, 9, 1000])
func theIDIsTheHashInSixteenLowercaseHexDigits(length: Int) {
  let head = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
  var hasher = ContentHasher()
  hasher.combine(UInt64(length))
  head.withUnsafeBytes { hasher.combine(bytes: $0) }
  let hex = String(hasher.finalize(), radix: 16)
  #expect(
    AssetID(size: Int64(length), head: head).rawValue == String(repeating: "0", count: 16 - hex.count) + hex)
}

/// Ids of 16 hex digits are kept compact, any other text as it is: the text, equality and order
/// are those of the text either way.
@Test func anIDKeepsItsTextEqualityAndOrderWhateverItsForm() throws {
  var generator = SystemRandomNumberGenerator()
  let hex = (0..<200).map { _ in
    let value = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: 16 - value.count) + value
  }
  let other = [
    "", "a", "b", "ABCDEF0123456789", "0123456789abcde", "0123456789abcdef0", "0123456789abcdeg",
    "\u{1}abc", "\u{2}", "\u{2}\u{1}", "ffffffffffffffff", "0000000000000000", "é0123456789abcde",
  ]
  let texts = hex + other
  let ids = texts.map(AssetID.init(rawValue:))
  #expect(ids.map(\.rawValue) == texts)
  for (a, textA) in zip(ids, texts) {
    for (b, textB) in zip(ids, texts) {
      #expect((a == b) == (textA == textB))
      #expect((a < b) == (textA < textB))
    }
  }
  var changed = ids[0]
  changed.rawValue = "x"
  #expect(changed == AssetID(rawValue: "x"))
  let encoded = try JSONEncoder().encode([ids[0], AssetID(rawValue: "\u{1}abc")])
  #expect(try JSONDecoder().decode([AssetID].self, from: encoded) == [ids[0], AssetID(rawValue: "\u{1}abc")])
  #expect(
    String(decoding: try JSONEncoder().encode(AssetID(rawValue: "00000000000000ff")), as: UTF8.self)
      == #"{"rawValue":"00000000000000ff"}"#)
}

/// `hexValue` reads exactly 16 lowercase hex digits, most significant first; any other text
/// has none.
@Test(arguments: [
  "ABCDEF0123456789", "0123456789abcdeF", "0123456789abcde", "0123456789abcdef0", "0123456789abcdeg",
  "0123456789abcde ", " 0123456789abcde", "", "0x23456789abcdef", "0123456789abcd\u{0}f", "é123456789abcde",
])
func otherTextHasNoHexValue(text: String) {
  var text = text
  #expect(text.withUTF8(AssetID.hexValue) == nil)
}

@Test func theHexValueOfAnIDsDigitsIsTheNumberTheyWrite() {
  var generator = SystemRandomNumberGenerator()
  let values: [UInt64] =
    [0, 1, 0xF, 0x10, .max, 0x0123_4567_89AB_CDEF] + (0..<200).map { _ in generator.next() }
  for value in values {
    let digits = String(value, radix: 16)
    var text = String(repeating: "0", count: 16 - digits.count) + digits
    #expect(text.withUTF8(AssetID.hexValue) == value, "\(text)")
    #expect(AssetID(rawValue: text).rawValue == text)
  }
}

/// An id made from a column's bytes is the one made from their text, as `String(cString:)`
/// reads it (up to the first NUL, ill-formed UTF-8 repaired).
@Test(arguments: [
  Array("0123456789abcdef".utf8), Array("ABCDEF0123456789".utf8), Array("IMG_0001".utf8), [],
  [0x01, 0x61], [0x02], Array("0123456789abcd".utf8) + [0, 0x65, 0x66], [0x61, 0xFF, 0x62],
])
func anIDFromBytesIsTheIDOfTheirText(bytes: [UInt8]) {
  let text = (bytes + [0]).withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  #expect(bytes.withUnsafeBufferPointer(AssetID.init(cString:)) == AssetID(rawValue: text))
  #expect(bytes.withUnsafeBufferPointer(AssetID.init(cString:)).rawValue == text)
}

/// `withUTF8` hands over the bytes of `rawValue`, whatever form the id is kept in.
@Test func anIDsBytesAreThoseOfItsText() {
  var generator = SystemRandomNumberGenerator()
  let hex = (0..<200).map { _ in
    let value = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: 16 - value.count) + value
  }
  let other = [
    "", "a", "ABCDEF0123456789", "0123456789abcdef0", "\u{1}abc", "\u{2}", "\u{2}\u{1}", "ffffffffffffffff",
    "0000000000000000", "é0123456789abcde",
  ]
  for text in hex + other {
    #expect(AssetID(rawValue: text).withUTF8 { Array($0) } == Array(text.utf8), "\(text)")
  }
}
