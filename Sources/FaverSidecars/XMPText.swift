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
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [UInt8(ascii: "<"), 0]) {
      encoding = .utf16(bigEndian: false)
    } else if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0, UInt8(ascii: "<")]) {
      encoding = .utf16(bigEndian: true)
    } else {
      encoding = .utf8
    }
    guard case .utf16 = encoding else {
      utf8 = bytes
      return
    }
    utf8 = Array(String(decoding: Self.units(bytes, encoding), as: UTF16.self).utf8)
    // Only text that comes back to the same bytes is edited (no lone surrogate, no odd byte).
    guard encoded(utf8) == bytes else { throw .unsupportedEncoding }
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
