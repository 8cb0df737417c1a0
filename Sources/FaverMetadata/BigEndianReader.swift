/// Reads big-endian integers from bytes in memory; every read past the end returns nil.
struct BigEndianReader {
  let bytes: [UInt8]
  var offset: Int

  init(_ bytes: [UInt8], offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  var remaining: Int { max(0, bytes.count - offset) }

  /// An unsigned integer of `width` bytes (0…8); width 0 reads nothing and gives 0.
  mutating func uint(_ width: Int) -> UInt64? {
    guard (0...8).contains(width), offset >= 0, offset + width <= bytes.count else { return nil }
    var value: UInt64 = 0
    for index in offset..<offset + width { value = value << 8 | UInt64(bytes[index]) }
    offset += width
    return value
  }

  mutating func u8() -> Int? { uint(1).map(Int.init) }
  mutating func u16() -> Int? { uint(2).map(Int.init) }
  mutating func u32() -> Int? { uint(4).map(Int.init) }
  /// A 64-bit value, nil when it does not fit an `Int64`.
  mutating func u64() -> Int64? { uint(8).flatMap { Int64(exactly: $0) } }

  /// A four-character code such as `ftyp`, each byte read as Latin-1 (so `©xyz` survives).
  mutating func fourCC() -> String? {
    guard offset >= 0, offset + 4 <= bytes.count else { return nil }
    defer { offset += 4 }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: bytes[offset..<offset + 4].map { Unicode.Scalar($0) })
    return String(scalars)
  }

  mutating func skip(_ count: Int) -> Bool {
    guard count >= 0, offset + count <= bytes.count else { return false }
    offset += count
    return true
  }

  mutating func take(_ count: Int) -> [UInt8]? {
    guard count >= 0, offset >= 0, offset + count <= bytes.count else { return nil }
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }
}

/// The little-endian 32-bit value at `at` (RIFF and X3F headers); the caller checked the length.
func littleEndian32(_ bytes: [UInt8], at: Int) -> Int {
  Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
}
