/// A sidecar's text as UTF-8 (or any ASCII-compatible) bytes, whatever encoding it came in, and
/// the way back. Some Windows tools write UTF-16 with a BOM; an edit keeps the file in it.
struct XMPText {
  enum Encoding: Equatable {
    /// UTF-8, with or without a BOM (or another ASCII-compatible encoding: edits only add ASCII).
    case utf8
    case utf16(bigEndian: Bool)
  }

  /// The bytes as they came, for the XML parser (libxml2 reads a UTF-16 BOM itself).
  var original: [UInt8]
  var encoding: Encoding
  /// The text in UTF-8, where `XMLSource` finds places and edits are made.
  var utf8: [UInt8]

  init(_ bytes: [UInt8]) throws(SidecarError) {
    original = bytes
    let head = Array(bytes.prefix(4))
    if head.starts(with: [0xFF, 0xFE, 0, 0]) || head.starts(with: [0, 0, 0xFE, 0xFF]) {
      throw .unsupportedEncoding  // UTF-32
    }
    // Without a byte order mark, UTF-16 text must open with its declaration, `<?` (XML, appendix F).
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [UInt8(ascii: "<"), 0, UInt8(ascii: "?"), 0]) {
      encoding = .utf16(bigEndian: false)
    } else if head.starts(with: [0xFE, 0xFF])
      || head.starts(with: [0, UInt8(ascii: "<"), 0, UInt8(ascii: "?")])
    {
      encoding = .utf16(bigEndian: true)
    } else {
      encoding = .utf8
    }
    guard case .utf16 = encoding else {
      // The XML parser is never given bytes that are not UTF-8: every name and value it reports
      // must be text.
      if let offset = Self.firstInvalidUTF8(in: bytes) {
        let (line, column) = Self.lineAndColumn(of: offset, in: bytes)
        throw .notXML(line: line, column: column, reason: "bytes that are not UTF-8 text")
      }
      utf8 = bytes
      return
    }
    utf8 = Array(String(decoding: Self.units(bytes, encoding), as: UTF16.self).utf8)
    // Only text that comes back to the same bytes is edited (no lone surrogate, no odd byte).
    guard encoded(utf8) == bytes else { throw .unsupportedEncoding }
  }

  /// Where the first byte lies that does not start or continue a valid UTF-8 sequence (an
  /// overlong form, a surrogate, a code point past U+10FFFF, a sequence cut short); nil when
  /// every byte does. One pass, so linear in the size.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The continuation count and the range the second byte must lie in (Unicode table 3-7).
      let (length, second): (Int, ClosedRange<UInt8>) =
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
      guard length > 0, index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
      for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return index }
      index += length
    }
    return nil
  }

  /// The 1-based line and column (in bytes) of `offset`, as the XML parser reports places.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let before = bytes[..<offset]
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    return (before.count { $0 == UInt8(ascii: "\n") } + 1, offset - lineStart + 1)
  }

  /// UTF-8 text, edited, in the encoding the file came in.
  func encoded(_ text: [UInt8]) -> [UInt8] {
    guard case .utf16(let bigEndian) = encoding else { return text }
    return String(decoding: text, as: UTF8.self).utf16.flatMap { unit in
      bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
  }

  private static func units(_ bytes: [UInt8], _ encoding: Encoding) -> [UInt16] {
    stride(from: 0, to: bytes.count - 1, by: 2).map { index in
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      return encoding == .utf16(bigEndian: true) ? first << 8 | second : second << 8 | first
    }
  }
}
