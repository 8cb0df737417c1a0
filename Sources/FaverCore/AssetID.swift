/// An asset's identity, derived from its content so that a moved or renamed file keeps it.
///
/// It is 16 hex digits of a 64-bit hash over the file's size and its first bytes (the ones read
/// for metadata anyway), so computing it costs no extra I/O.
///
/// Such an id is kept in 12 bytes, inside the string value itself: 16 hex digits are one byte too
/// many for a string of its own, and a library of a million held a million 64-byte allocations
/// for them. Any other text (tests, older stores) is kept as it is; `rawValue` is the same either
/// way, and so are equality, order and encoding.
public struct AssetID: Hashable, Codable, Sendable, CustomStringConvertible, Comparable {
  /// The id, compact (see `compact(_:)`) when it is 16 lowercase hex digits.
  private var stored: String

  public init(rawValue: String) { stored = Self.compact(rawValue) }

  /// The id's text: 16 hex digits, or the text it was made with.
  public var rawValue: String {
    get { Self.expanded(stored) }
    set { stored = Self.compact(newValue) }
  }

  /// Calls `body` with the id's text (`rawValue`) as UTF-8 bytes: those of an id of hex digits
  /// written on the stack, so a writer of a million ids makes no string for them.
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    var stored = stored
    switch stored.utf8.first {
    case Self.compactMark:
      let value = stored.withUTF8(Self.compactValue)
      return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { hex in
        Self.writeHex(value, to: hex)
        return try body(UnsafeBufferPointer(hex))
      }
    case Self.escapeMark:
      return try stored.withUTF8 { try body(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
    default: return try stored.withUTF8(body)
    }
  }

  /// How many leading bytes of a file the identity covers.
  public static let headLength = 64 * 1024

  public init(size: Int64, head: [UInt8]) {
    var hasher = ContentHasher()
    hasher.combine(UInt64(bitPattern: size))
    head.withUnsafeBytes {
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0.prefix(Self.headLength)))
    }
    stored = Self.compact(hasher.finalize())
  }

  public var description: String { rawValue }
  public static func < (a: AssetID, b: AssetID) -> Bool {
    // Compact ids sort as their hex digits do (see `compact(_:)`).
    a.isCompact && b.isCompact ? a.stored < b.stored : a.rawValue < b.rawValue
  }

  private enum CodingKeys: String, CodingKey { case rawValue }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(rawValue: try container.decode(String.self, forKey: .rawValue))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rawValue, forKey: .rawValue)
  }

  // The stored form: a compact id is `compactMark` then the 64-bit value in 11 digits of
  // `digits`, most significant first (in ASCII order, so two compact ids sort as their values,
  // as their hex digits); other text is kept as it is, behind `escapeMark` when it begins with
  // either mark.
  private static let compactMark: UInt8 = 1
  private static let escapeMark: UInt8 = 2
  private static let digits = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)
  private static let values: [UInt8] = {
    var values = [UInt8](repeating: 0, count: 128)
    for (value, digit) in digits.enumerated() { values[Int(digit)] = UInt8(value) }
    return values
  }()

  private var isCompact: Bool { stored.utf8.first == Self.compactMark }

  /// The stored form of `text`.
  private static func compact(_ text: String) -> String {
    var text = text
    if let value = text.withUTF8(Self.hexValue) { return compact(value) }
    guard let first = text.utf8.first, first == compactMark || first == escapeMark else { return text }
    return String(decoding: [escapeMark], as: UTF8.self) + text
  }

  /// The 64-bit value of an id's text as UTF-8 `bytes` when they are exactly 16 lowercase hex
  /// digits (the ids faver makes, most significant first: in the order of the text); nil for any
  /// other text.
  public static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard bytes.count == 16 else { return nil }
    // Each byte's digit from a table, any byte not a digit marked in the high bits: no branch
    // for each byte (a million ids are read at once).
    return nibbles.withUnsafeBufferPointer { nibbles in
      var (value, marks): (UInt64, UInt8) = (0, 0)
      for byte in bytes {
        let nibble = nibbles[Int(byte)]
        marks |= nibble
        value = value << 4 | UInt64(nibble & 15)
      }
      return marks < 16 ? value : nil
    }
  }

  /// Each byte's value as a lowercase hex digit; 255 for any other byte.
  private static let nibbles: [UInt8] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    default: 255
    }
  }

  /// The 64-bit value of an id of 16 lowercase hex digits (see `hexValue(_:)`), read from its
  /// stored form; nil for an id of any other text.
  public var hexValue: UInt64? {
    guard isCompact else { return nil }
    var stored = stored
    return stored.withUTF8(Self.compactValue)
  }

  /// The value of the stored form `bytes` of a compact id (its mark, then its digits), read in
  /// place: a generic walk of the string's view cost more than packing the rest of an item.
  private static func compactValue(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    values.withUnsafeBufferPointer { values in
      var value: UInt64 = 0
      for byte in bytes.dropFirst() { value = value << 6 | UInt64(values[Int(byte & 127)]) }
      return value
    }
  }

  /// A 64-bit key of the id: its value when it is 16 lowercase hex digits (what faver makes; in
  /// the order of the text), else FNV-1a of its text's UTF-8 bytes (two ids may share a key: a
  /// lookup by key checks what it finds). `key(_:)` of the text's bytes is the same.
  public var key: UInt64 { hexValue ?? withUTF8(Self.key) }

  /// The key (see `key`) of the id whose text is `bytes`.
  public static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    if let value = hexValue(bytes) { return value }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// The id of 16 lowercase hex digits whose value is `hexValue`.
  public init(hexValue: UInt64) { stored = Self.compact(hexValue) }

  /// The id whose text is the UTF-8 `bytes` up to their first NUL, as `String(cString:)` reads
  /// them (ill-formed UTF-8 repaired): no text is made for 16 lowercase hex digits.
  public init(cString bytes: UnsafeBufferPointer<UInt8>) {
    stored =
      Self.hexValue(bytes).map(Self.compact)
      ?? Self.compact(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
  }

  /// The stored form of the id of hex digits `value`: 12 bytes, a string with no allocation.
  private static func compact(_ value: UInt64) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 12) { bytes in
      bytes[0] = compactMark
      for index in 0..<11 {
        let shift = UInt64(60 - 6 * index)
        bytes[index + 1] = digits[Int(truncatingIfNeeded: value >> shift & 63)]
      }
      return String(decoding: UnsafeBufferPointer(bytes), as: UTF8.self)
    }
  }

  /// The text of the stored form `stored`.
  private static func expanded(_ stored: String) -> String {
    let utf8 = stored.utf8
    guard let first = utf8.first else { return stored }
    if first == escapeMark { return String(decoding: utf8.dropFirst(), as: UTF8.self) }
    guard first == compactMark else { return stored }
    var stored = stored
    let value = stored.withUTF8(compactValue)
    return String(unsafeUninitializedCapacity: 16) { hex in
      writeHex(value, to: hex)
      return 16
    }
  }

  /// Writes `value` as sixteen lowercase hex digits into `hex` (String(_:radix:) and padding
  /// cost more than hashing a small file).
  public static func writeHex(_ value: UInt64, to hex: UnsafeMutableBufferPointer<UInt8>) {
    for index in 0..<16 {
      let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xF
      hex[index] = nibble < 10 ? 48 + nibble : 87 + nibble
    }
  }
}

/// A small, stable (same on every run and machine) 64-bit hash, eight bytes at a time.
/// Not cryptographic: it tells files apart, it does not defend against forgery.
struct ContentHasher {
  private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

  mutating func combine(_ word: UInt64) {
    state = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
    state = (state << 31 | state >> 33) &+ 0xC4CE_B9FE_1A85_EC53
  }

  /// Eight bytes at a time (little-endian, so the value is the same on every machine), then the
  /// remaining bytes with their count.
  mutating func combine(bytes: UnsafeRawBufferPointer) {
    let words = bytes.count / 8
    for index in 0..<words {
      combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
    }
    var last: UInt64 = 0
    for (shift, byte) in bytes[(words * 8)...].enumerated() { last |= UInt64(byte) << (8 * shift) }
    combine(last ^ UInt64(bytes.count - words * 8) << 56)
  }

  func finalize() -> UInt64 {
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
