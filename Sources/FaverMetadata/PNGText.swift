/// The text chunks of a PNG that hold metadata: `iTXt` `XML:com.adobe.xmp` (an XMP packet), and
/// ImageMagick's raw profiles, `Raw profile type exif` (or `APP1`), an EXIF block written as hex
/// digits in `tEXt`, `zTXt` or `iTXt`: `\nexif\n  LENGTH\n` then the digits, in lines. Compressed
/// text (`zTXt`, a compressed `iTXt`) is inflated (`Inflate`) once its keyword is known to matter.
enum PNGText {
  static let xmpKeyword = Array("XML:com.adobe.xmp".utf8)
  static let profileKeywords = [Array("Raw profile type exif".utf8), Array("Raw profile type APP1".utf8)]
  /// Inflated text larger than this is not read: a hex EXIF block of `ContainedExif.maxBytes`
  /// with its line breaks fits.
  static let maxTextBytes = 3 * ContainedExif.maxBytes

  /// A text chunk: its keyword, and its text, stored or compressed.
  struct Chunk {
    var keyword: ArraySlice<UInt8>
    var payload: ArraySlice<UInt8>
    var isCompressed: Bool

    /// The text, inflated when compressed; nil when it cannot be.
    var text: ArraySlice<UInt8>? {
      isCompressed ? Inflate.zlib(payload, limit: PNGText.maxTextBytes)?[...] : payload
    }
  }

  /// Whether a chunk whose data starts with `head` (its first bytes: a keyword is at most 79
  /// bytes and its NUL) holds metadata faver reads: only those chunks are read whole (an
  /// AI-generated image carries its prompt in text chunks of many kilobytes).
  static func mayMatter(_ head: [UInt8]) -> Bool {
    guard let nul = head.firstIndex(of: 0) else { return false }
    let keyword = head[..<nul]
    return keyword.elementsEqual(xmpKeyword) || profileKeywords.contains(where: keyword.elementsEqual)
  }

  /// The longest keyword and its NUL.
  static let keywordBytes = 80

  /// The keyword and text of a `tEXt`, `zTXt` or `iTXt` chunk's data; nil for another type or
  /// a malformed chunk.
  static func chunk(type: String, data: [UInt8]) -> Chunk? {
    guard let nul = data.firstIndex(of: 0) else { return nil }
    let keyword = data[..<nul]
    switch type {
    case "tEXt": return Chunk(keyword: keyword, payload: data[(nul + 1)...], isCompressed: false)
    case "zTXt":
      // The compression method (0, zlib), then the compressed text.
      guard nul + 1 < data.count, data[nul + 1] == 0 else { return nil }
      return Chunk(keyword: keyword, payload: data[(nul + 2)...], isCompressed: true)
    case "iTXt":
      // Compression flag and method, then the language tag and the translated keyword.
      guard nul + 2 < data.count, data[nul + 1] <= 1, data[nul + 2] == 0,
        let language = data[(nul + 3)...].firstIndex(of: 0),
        let translated = data[(language + 1)...].firstIndex(of: 0)
      else { return nil }
      return Chunk(keyword: keyword, payload: data[(translated + 1)...], isCompressed: data[nul + 1] == 1)
    default: return nil
    }
  }

  /// The bytes of a raw profile's text: a name line, the byte count, then that many bytes as
  /// hex digits with white space anywhere between them; nil when malformed or short.
  static func decodeRawProfile(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
    var index = text.startIndex
    func skipSpaces() { while index < text.endIndex, isSpace(text[index]) { index += 1 } }
    skipSpaces()
    while index < text.endIndex, !isSpace(text[index]) { index += 1 }  // the profile's name
    skipSpaces()
    var length = 0
    var digits = 0
    while index < text.endIndex, (0x30...0x39).contains(text[index]) {
      length = length * 10 + Int(text[index] - 0x30)
      digits += 1
      index += 1
      guard length <= ContainedExif.maxBytes else { return nil }
    }
    guard digits > 0, length > 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(length)
    var high: UInt8?
    while index < text.endIndex, bytes.count < length {
      let byte = text[index]
      index += 1
      if isSpace(byte) { continue }
      guard let nibble = hexValue(byte) else { return nil }
      if let first = high {
        bytes.append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    return bytes.count == length ? bytes : nil
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }
}
