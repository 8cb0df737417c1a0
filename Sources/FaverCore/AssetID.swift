/// An asset's identity, derived from its content so that a moved or renamed file keeps it.
///
/// It is 16 hex digits of a 64-bit hash over the file's size and its first bytes (the ones read
/// for metadata anyway), so computing it costs no extra I/O.
public struct AssetID: Hashable, Codable, Sendable, CustomStringConvertible, Comparable {
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// How many leading bytes of a file the identity covers.
  public static let headLength = 64 * 1024

  public init(size: Int64, head: [UInt8]) {
    var hasher = ContentHasher()
    hasher.combine(UInt64(bitPattern: size))
    head.withUnsafeBytes {
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0.prefix(Self.headLength)))
    }
    let value = hasher.finalize()
    // Sixteen lowercase hex digits, written directly (String(_:radix:) and padding cost more
    // than hashing a small file).
    rawValue = String(unsafeUninitializedCapacity: 16) { digits in
      for index in 0..<16 {
        let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xF
        digits[index] = nibble < 10 ? 48 + nibble : 87 + nibble
      }
      return 16
    }
  }

  public var description: String { rawValue }
  public static func < (a: AssetID, b: AssetID) -> Bool { a.rawValue < b.rawValue }
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
