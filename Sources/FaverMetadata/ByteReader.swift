/// The order of an integer's bytes: most significant first (JPEG, PNG, ISO boxes, TIFF marked
/// `MM`) or least significant first (RIFF, X3F, TIFF marked `II`).
enum ByteOrder: Equatable, Sendable {
  case bigEndian
  case littleEndian
}

/// Reads unsigned integers in one byte order from bytes in memory: at a cursor (`offset`) that
/// each read advances, or at any position (`u16(at:)`) without moving it. Every read past the end
/// returns nil. It holds a slice, so reading part of a buffer copies nothing.
struct ByteReader {
  /// The bytes read; positions and `offset` count from their start.
  private(set) var bytes: ArraySlice<UInt8>
  var order: ByteOrder
  /// Where the next cursor read starts.
  var offset: Int

  init(_ bytes: [UInt8], order: ByteOrder, offset: Int = 0) {
    self.init(bytes[...], order: order, offset: offset)
  }

  init(_ bytes: ArraySlice<UInt8>, order: ByteOrder, offset: Int = 0) {
    self.bytes = bytes
    self.order = order
    self.offset = offset
  }

  var count: Int { bytes.count }
  var remaining: Int { max(0, bytes.count - offset) }

  /// The unsigned integer of `width` bytes (0…8) at `position`; width 0 reads nothing and gives 0.
  func uint(at position: Int, width: Int) -> UInt64? {
    guard width >= 0, width <= 8, position >= 0, position <= bytes.count - width else { return nil }
    let start = bytes.startIndex + position
    var value: UInt64 = 0
    switch order {
    case .bigEndian:
      for index in start..<start + width { value = value << 8 | UInt64(bytes[index]) }
    case .littleEndian:
      for index in (start..<start + width).reversed() { value = value << 8 | UInt64(bytes[index]) }
    }
    return value
  }

  func u8(at position: Int) -> Int? {
    guard position >= 0, position < bytes.count else { return nil }
    return Int(bytes[bytes.startIndex + position])
  }

  // Two and four bytes, the widths of nearly every read (TIFF and ISO-BMFF fields), are combined
  // directly: the general loop was a fifth of the metadata readers' own work in a cold index.
  func u16(at position: Int) -> Int? {
    guard position >= 0, position <= bytes.count - 2 else { return nil }
    let index = bytes.startIndex + position
    let (first, second) = (Int(bytes[index]), Int(bytes[index + 1]))
    return order == .bigEndian ? first << 8 | second : second << 8 | first
  }

  func u32(at position: Int) -> Int? {
    guard position >= 0, position <= bytes.count - 4 else { return nil }
    let index = bytes.startIndex + position
    let (b0, b1, b2, b3) = (
      Int(bytes[index]), Int(bytes[index + 1]), Int(bytes[index + 2]), Int(bytes[index + 3])
    )
    return order == .bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
  }

  /// The unsigned integer of `width` bytes (0…8) at the cursor, which moves past it.
  mutating func uint(_ width: Int) -> UInt64? {
    guard let value = uint(at: offset, width: width) else { return nil }
    offset += width
    return value
  }

  mutating func u8() -> Int? { advancing(1, u8(at: offset)) }
  mutating func u16() -> Int? { advancing(2, u16(at: offset)) }
  mutating func u32() -> Int? { advancing(4, u32(at: offset)) }

  /// `value`, moving the cursor past its `width` bytes when there is one.
  private mutating func advancing(_ width: Int, _ value: Int?) -> Int? {
    if value != nil { offset += width }
    return value
  }
  /// A 64-bit value, nil when it does not fit an `Int64` (the cursor moves past it all the same).
  mutating func u64() -> Int64? { uint(8).flatMap { Int64(exactly: $0) } }

  /// A four-character code such as `ftyp`, each byte read as Latin-1 (so `©xyz` survives).
  mutating func fourCC() -> String? {
    guard offset >= 0, offset <= bytes.count - 4 else { return nil }
    let start = bytes.startIndex + offset
    offset += 4
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: bytes[start..<start + 4].lazy.map(Unicode.Scalar.init))
    return String(scalars)
  }

  /// A TIFF byte order mark at the cursor, `II` or `MM`, which the reader then reads in; nil
  /// (the cursor and order kept) for anything else.
  mutating func byteOrderMark() -> ByteOrder? {
    let mark: ByteOrder
    switch (u8(at: offset), u8(at: offset + 1)) {
    case (0x49?, 0x49?): mark = .littleEndian
    case (0x4D?, 0x4D?): mark = .bigEndian
    default: return nil
    }
    offset += 2
    order = mark
    return mark
  }

  mutating func skip(_ count: Int) -> Bool {
    guard count >= 0, count <= bytes.count - offset else { return false }
    offset += count
    return true
  }

  mutating func take(_ count: Int) -> [UInt8]? {
    guard count >= 0, offset >= 0, count <= bytes.count - offset else { return nil }
    let start = bytes.startIndex + offset
    offset += count
    return Array(bytes[start..<start + count])
  }

  /// Sets the byte at `position`, for a reader over a copy that its owner edits as it reads it
  /// (`TIFFHeader.hideUnreadablePointers`); a position past the end is ignored.
  mutating func overwrite(at position: Int, with byte: UInt8) {
    guard position >= 0, position < bytes.count else { return }
    bytes[bytes.startIndex + position] = byte
  }
}
