/// An XML document's elements and attributes with the bytes each occupies, so that an edit
/// touches them and nothing else. It reads a document `XMLOutline` has accepted: it finds places
/// rather than judge well-formedness, and throws rather than guess at what it does not read
/// (a DTD, which XMP forbids).
struct XMLSource {
  struct Name: Equatable {
    var prefix: String?
    var local: String
    var qualified: String { prefix.map { "\($0):\(local)" } ?? local }
  }

  struct Attribute {
    var name: Name
    /// The resolved namespace; nil for an unprefixed attribute.
    var namespace: String?
    /// The value, entities decoded.
    var value: String
    /// `"` or `'`.
    var quote: UInt8
    /// The value between the quotes.
    var valueRange: Range<Int>
    /// The whitespace before the name, the name, `=` and the quoted value: what removing the
    /// attribute removes.
    var spanWithLeadingSpace: Range<Int>
    var isNamespaceDeclaration: Bool { name.prefix == "xmlns" || name.qualified == "xmlns" }
  }

  struct Element {
    var name: Name
    var namespace: String?
    var parent: Int?
    var children: [Int] = []
    var attributes: [Attribute]
    /// From its `<` to the end of its end tag (or of its `/>`).
    var range: Range<Int>
    /// Where the name in the start tag ends.
    var nameEnd: Int
    /// Just after the start tag's `>` (or `/>`).
    var startTagEnd: Int
    var isEmptyElementTag: Bool
    /// Between the start tag and the end tag; empty for an empty-element tag.
    var content: Range<Int>
    /// Its own character data (text and CDATA, entities decoded), not its children's.
    var text = ""
    /// The namespaces in scope by prefix ("" for the default namespace), its own included.
    var scope: [String: String]
  }

  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

  let bytes: [UInt8]
  /// In document order.
  private(set) var elements: [Element] = []

  init(_ bytes: [UInt8]) throws(SidecarError) {
    self.bytes = bytes
    var reader = Reader(bytes: bytes)
    var open: [Int] = []
    var text: [[UInt8]] = []
    while !reader.atEnd {
      if reader.peek != UInt8(ascii: "<") {
        let start = reader.position
        reader.skip(until: UInt8(ascii: "<"))
        if let current = open.last { text[current] += Self.decoded(bytes[start..<reader.position]) }
      } else if reader.consume("<?") {
        try reader.skip(past: "?>")
      } else if reader.consume("<!--") {
        try reader.skip(past: "-->")
      } else if reader.consume("<![CDATA[") {
        let start = reader.position
        try reader.skip(past: "]]>")
        if let current = open.last { text[current] += bytes[start..<reader.position - 3] }
      } else if reader.consume("<!") {
        throw .unsupportedContent("a document type declaration (DTD), which XMP does not allow")
      } else if reader.consume("</") {
        let tagStart = reader.position - 2
        let name = try reader.name()
        reader.skipWhitespace()
        guard reader.consume(">"), let current = open.popLast(), elements[current].name.qualified == name
        else { throw Self.lost }
        elements[current].content = elements[current].startTagEnd..<tagStart
        elements[current].range = elements[current].range.lowerBound..<reader.position
      } else {
        let element = try startTag(&reader, parent: open.last)
        elements.append(element)
        text.append([])
        if let parent = element.parent { elements[parent].children.append(elements.count - 1) }
        if !element.isEmptyElementTag { open.append(elements.count - 1) }
      }
    }
    guard open.isEmpty, !elements.isEmpty else { throw Self.lost }
    for index in elements.indices { elements[index].text = String(decoding: text[index], as: UTF8.self) }
  }

  /// The outline `XMLOutline` must find identical for the places here to be trusted.
  var outline: XMLOutline {
    XMLOutline(
      elements: elements.map { element in
        XMLOutline.Element(
          namespace: element.namespace ?? "", qualifiedName: element.name.qualified,
          attributeNames: element.attributes.filter { !$0.isNamespaceDeclaration }.map(\.name.qualified)
            .sorted())
      })
  }

  /// Reads a start tag at the reader's `<`, its attributes, and resolves their namespaces.
  private func startTag(_ reader: inout Reader, parent: Int?) throws(SidecarError) -> Element {
    let tagStart = reader.position
    reader.position += 1
    let name = Self.split(try reader.name())
    let nameEnd = reader.position
    var attributes: [Attribute] = []
    var isEmpty = false
    while true {
      let spaceStart = reader.position
      reader.skipWhitespace()
      if reader.consume(">") { break }
      if reader.consume("/>") {
        isEmpty = true
        break
      }
      guard reader.position > spaceStart else { throw Self.lost }
      let attributeName = Self.split(try reader.name())
      reader.skipWhitespace()
      guard reader.consume("=") else { throw Self.lost }
      reader.skipWhitespace()
      guard let quote = reader.peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw Self.lost
      }
      reader.position += 1
      let valueStart = reader.position
      reader.skip(until: quote)
      guard !reader.atEnd else { throw Self.lost }
      let valueRange = valueStart..<reader.position
      reader.position += 1
      attributes.append(
        Attribute(
          name: attributeName, namespace: nil,
          value: String(decoding: Self.decoded(bytes[valueRange]), as: UTF8.self),
          quote: quote, valueRange: valueRange, spanWithLeadingSpace: spaceStart..<reader.position))
    }
    var scope = parent.map { elements[$0].scope } ?? ["xml": Self.xmlNamespace]
    for attribute in attributes where attribute.isNamespaceDeclaration {
      scope[attribute.name.prefix == nil ? "" : attribute.name.local] = attribute.value
    }
    for index in attributes.indices where !attributes[index].isNamespaceDeclaration {
      attributes[index].namespace = attributes[index].name.prefix.flatMap { scope[$0] }
    }
    return Element(
      name: name, namespace: scope[name.prefix ?? ""], parent: parent, attributes: attributes,
      range: tagStart..<reader.position, nameEnd: nameEnd, startTagEnd: reader.position,
      isEmptyElementTag: isEmpty,
      content: reader.position..<reader.position, scope: scope)
  }

  /// This reading lost its way where the XML parser did not: a bug to report, not the file's fault.
  fileprivate static let lost = SidecarError.mergeFailed("its XML could not be located byte by byte")

  private static func split(_ qualified: String) -> Name {
    guard let colon = qualified.firstIndex(of: ":") else { return Name(prefix: nil, local: qualified) }
    return Name(
      prefix: String(qualified[..<colon]), local: String(qualified[qualified.index(after: colon)...]))
  }

  /// Character data with its references decoded: the five predefined entities and `&#…;`.
  private static func decoded(_ raw: ArraySlice<UInt8>) -> [UInt8] {
    guard raw.contains(UInt8(ascii: "&")) else { return Array(raw) }
    var result: [UInt8] = []
    var index = raw.startIndex
    while index < raw.endIndex {
      if raw[index] == UInt8(ascii: "&"), let semicolon = raw[index...].firstIndex(of: UInt8(ascii: ";")),
        let scalar = entity(String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self))
      {
        result += Array(String(scalar).utf8)
        index = semicolon + 1
      } else {
        result.append(raw[index])
        index += 1
      }
    }
    return result
  }

  private static func entity(_ name: String) -> Unicode.Scalar? {
    switch name {
    case "lt": "<"
    case "gt": ">"
    case "amp": "&"
    case "quot": "\""
    case "apos": "'"
    default:
      if name.hasPrefix("#x") {
        UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
      } else if name.hasPrefix("#") {
        UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
      } else {
        nil
      }
    }
  }
}

/// A cursor over the document's bytes.
private struct Reader {
  let bytes: [UInt8]
  var position = 0

  var atEnd: Bool { position >= bytes.count }
  var peek: UInt8? { atEnd ? nil : bytes[position] }

  /// Moves past `literal` if the bytes at the cursor are `literal`.
  mutating func consume(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let matches = literal.withUTF8Buffer { bytes[position..<position + count].elementsEqual($0) }
    if matches { position += count }
    return matches
  }

  mutating func skip(until byte: UInt8) {
    position = bytes[position...].firstIndex(of: byte) ?? bytes.count
  }

  mutating func skip(past literal: StaticString) throws(SidecarError) {
    let found = literal.withUTF8Buffer { bytes[position...].firstRange(of: $0) }
    guard let found else { throw XMLSource.lost }
    position = found.upperBound
  }

  mutating func skipWhitespace() {
    while let byte = peek, isWhitespace(byte) { position += 1 }
  }

  /// An element or attribute name: up to whitespace, `=`, `/` or `>`.
  mutating func name() throws(SidecarError) -> String {
    let start = position
    while let byte = peek, !isWhitespace(byte), byte != UInt8(ascii: "="), byte != UInt8(ascii: "/"),
      byte != UInt8(ascii: ">")
    {
      position += 1
    }
    guard position > start else { throw XMLSource.lost }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }
}

/// XML's whitespace: space, tab, line feed, carriage return.
func isWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
