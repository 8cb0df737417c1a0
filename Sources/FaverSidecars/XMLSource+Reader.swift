/// A cursor over a document's bytes that reads XML's pieces (names, references, comments,
/// processing instructions) and says where the first wrong one is. Every method moves forward
/// only, so a whole document is read in one pass.
struct Reader {
  let bytes: [UInt8]
  var position = 0

  var atEnd: Bool { position >= bytes.count }
  var peek: UInt8? { byte(at: position) }

  func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

  func startsWith(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { bytes[position..<position + count].elementsEqual($0) }
  }

  /// Moves past `literal` if the bytes at the cursor are `literal`.
  mutating func consume(_ literal: StaticString) -> Bool {
    guard startsWith(literal) else { return false }
    position += literal.utf8CodeUnitCount
    return true
  }

  mutating func skip(until byte: UInt8) {
    position = bytes[position...].firstIndex(of: byte) ?? bytes.count
  }

  mutating func skip(past literal: StaticString, unclosed: String) throws(SidecarError) {
    let start = position
    let found = literal.withUTF8Buffer { bytes[position...].firstRange(of: $0) }
    guard let found else { throw failure(at: start, unclosed) }
    position = found.upperBound
  }

  mutating func skipWhitespace() {
    while let byte = peek, isWhitespace(byte) { position += 1 }
  }

  /// The error for what is wrong at `offset`, with its line and column.
  func failure(at offset: Int, _ reason: String) -> SidecarError {
    let (line, column) = XMPText.lineAndColumn(of: min(offset, bytes.count), in: bytes)
    return .notXML(line: line, column: column, reason: reason)
  }

  /// An XML name: up to whitespace or a byte that ends one (`=`, `/`, `>`, `?`, `<`, a quote),
  /// each character one XML allows in a name.
  mutating func name() throws(SidecarError) -> String {
    let start = position
    while let byte = peek, !isWhitespace(byte), !Self.nameEnds.contains(byte) { position += 1 }
    guard position > start else { throw failure(at: start, "a name expected") }
    let name = String(decoding: bytes[start..<position], as: UTF8.self)
    for (index, scalar) in name.unicodeScalars.enumerated()
    where !(index == 0 ? Self.isNameStart(scalar) : Self.isNameCharacter(scalar)) {
      throw failure(at: start, "a name with a character XML does not allow in names")
    }
    return name
  }

  /// A name with at most one colon, between a prefix and a local part.
  mutating func qualifiedName() throws(SidecarError) -> XMLSource.Name {
    let start = position
    let name = try self.name()
    let parts = name.split(separator: ":", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return XMLSource.Name(prefix: nil, local: name)
    case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
      return XMLSource.Name(prefix: String(parts[0]), local: String(parts[1]))
    default: throw failure(at: start, "a name with a misplaced colon")
    }
  }

  /// A processing instruction at `<?`. The XML declaration (`<?xml …?>`) only where
  /// `allowingDeclaration`, at the start. Control characters are let pass in the XMP packet
  /// wrapper (`<?xpacket …?>`, which some writers put in `begin=""`, f-spot U+001A): XMP
  /// readers find it by its text, and faver never edits it.
  mutating func instruction(allowingDeclaration: Bool) throws(SidecarError) {
    let start = position
    position += 2
    let target = try name()
    if target.lowercased() == "xml" && !allowingDeclaration {
      throw failure(at: start, "an XML declaration that is not at the start")
    }
    guard startsWith("?>") || peek.map(isWhitespace) == true else {
      throw failure(at: position, "a processing instruction whose name is not followed by a space")
    }
    let content = position
    try skip(past: "?>", unclosed: "a processing instruction that is not closed")
    if target != "xpacket" { try checkCharacters(content..<position - 2) }
  }

  /// A comment, after its `<!--`: no `--` inside.
  mutating func comment() throws(SidecarError) {
    let start = position
    try skip(past: "--", unclosed: "a comment that is never closed")
    guard consume(">") else { throw failure(at: position - 2, "two hyphens inside a comment") }
    try checkCharacters(start..<position - 3)
  }

  /// Character data or an attribute value with its references decoded: XML's five entities
  /// and `&#…;`. Any other entity, a reference to a character XML does not allow, or a character
  /// it does not allow throws.
  func decoded(_ raw: ArraySlice<UInt8>, inAttribute: Bool) throws(SidecarError) -> [UInt8] {
    try checkCharacters(raw.indices)
    let plain = !raw.contains(UInt8(ascii: "&"))
    if plain && (!inAttribute || !raw.contains(where: isWhitespace)) { return Array(raw) }
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      guard raw[index] == UInt8(ascii: "&") else {
        // An attribute's tab and line ends are spaces (XML 3.3.3; CR LF is one line end).
        let byte = raw[index]
        if !inAttribute || !isWhitespace(byte) || byte == 0x20 {
          result.append(byte)
        } else if !(byte == 0x0D && index + 1 < raw.endIndex && raw[index + 1] == 0x0A) {
          result.append(0x20)
        }
        index += 1
        continue
      }
      var end = index + 1
      let scalar: Unicode.Scalar
      if end < raw.endIndex, raw[end] == UInt8(ascii: "#") {
        let hex = end + 1 < raw.endIndex && raw[end + 1] == UInt8(ascii: "x")
        end += hex ? 2 : 1
        let digits = end
        var value: UInt32 = 0
        while end < raw.endIndex, let digit = Self.digit(raw[end], hex: hex) {
          value = min(0x11_0000, value * (hex ? 16 : 10) + digit)
          end += 1
        }
        guard end > digits, end < raw.endIndex, raw[end] == UInt8(ascii: ";") else {
          throw failure(at: index, "an & that does not start a reference")
        }
        guard let referenced = Unicode.Scalar(value), Self.isCharacter(referenced) else {
          throw failure(at: index, "a character reference to a character XML does not allow")
        }
        scalar = referenced
      } else {
        while end < raw.endIndex, Self.isASCIINameByte(raw[end]) { end += 1 }
        guard end > index + 1, end < raw.endIndex, raw[end] == UInt8(ascii: ";") else {
          throw failure(at: index, "an & that does not start a reference")
        }
        guard let named = Self.entity(raw[(index + 1)..<end]) else {
          throw failure(at: index, "an entity that is not declared")
        }
        scalar = named
      }
      result += Array(String(scalar).utf8)
      index = end + 1
    }
    return result
  }

  /// Throws at the first character XML does not allow: a control character other than tab, line
  /// feed and carriage return, U+FFFE or U+FFFF (the bytes are UTF-8, checked).
  func checkCharacters(_ range: Range<Int>) throws(SidecarError) {
    for index in range {
      let byte = bytes[index]
      if byte < 0x20 && !isWhitespace(byte) {
        throw failure(at: index, "a character XML does not allow")
      }
      if byte == 0xBF, index >= 2, bytes[index - 2] == 0xEF, bytes[index - 1] == 0xBF {
        throw failure(at: index - 2, "a character XML does not allow")
      }
      if byte == 0xBE, index >= 2, bytes[index - 2] == 0xEF, bytes[index - 1] == 0xBF {
        throw failure(at: index - 2, "a character XML does not allow")
      }
    }
  }

  private static let nameEnds: Set<UInt8> = Set("=/>?<\"'&;".utf8)

  private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private static func isASCIINameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (0x30...0x39).contains(byte)
  }

  private static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
    switch String(decoding: name, as: UTF8.self) {
    case "lt": "<"
    case "gt": ">"
    case "amp": "&"
    case "quot": "\""
    case "apos": "'"
    default: nil
    }
  }

  /// XML 1.0's `Char`, less the surrogates UTF-8 cannot hold.
  private static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x1_0000...0x10_FFFF: true
    default: false
    }
  }

  /// XML 1.0 (fifth edition)'s `NameStartChar`.
  private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF,
      0x370...0x37D,
      0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
      0xF900...0xFDCF,
      0xFDF0...0xFFFD, 0x1_0000...0xE_FFFF:
      true
    default: false
    }
  }

  /// XML 1.0 (fifth edition)'s `NameChar`.
  private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
    default: isNameStart(scalar)
    }
  }
}

/// XML's whitespace: space, tab, line feed, carriage return.
func isWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
