/// An XML document's elements and attributes with the bytes each occupies, so that an edit
/// touches them and nothing else; and the judge of its well-formedness (XML 1.0 with
/// namespaces), read in one pass, so the time it takes grows with the size and nothing else.
/// It reads UTF-8 that `XMPText` has checked. What it does not read it refuses rather than
/// guess at: a DTD (which XMP forbids), an entity other than XML's five, elements nested deeper
/// than `maximumDepth`.
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
    /// The value, references decoded.
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
    /// Its own character data (text and CDATA, references decoded), not its children's.
    var text = ""
    /// The namespaces it declares, by prefix ("" for the default namespace).
    var declared: [String: String]
  }

  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
  static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"
  /// As libxml2 allows by default: deeper is an attack, not a sidecar.
  static let maximumDepth = 256

  let bytes: [UInt8]
  /// In document order.
  private(set) var elements: [Element] = []

  /// Reads `bytes` (UTF-8, checked); throws `.notXML` with the line, column and reason of the
  /// first thing that is not well-formed.
  init(_ bytes: [UInt8]) throws(SidecarError) {
    self.bytes = bytes
    var reader = Reader(bytes: bytes)
    _ = reader.consume("\u{FEFF}")
    if reader.startsWith("<?xml"), let next = reader.byte(at: reader.position + 5),
      isWhitespace(next)
    {
      try reader.instruction(allowingDeclaration: true)
    }
    var open: [Int] = []
    var text: [[UInt8]] = []
    var scope = Scope()
    var rootClosed = false
    while !reader.atEnd {
      if reader.peek != UInt8(ascii: "<") {
        let start = reader.position
        reader.skip(until: UInt8(ascii: "<"))
        let run = bytes[start..<reader.position]
        guard let current = open.last else {
          guard run.allSatisfy(isWhitespace) else {
            throw reader.failure(
              at: start,
              rootClosed
                ? "something follows the end of the document" : "text outside the root element")
          }
          continue
        }
        if let end = run.firstRange(of: Array("]]>".utf8)) {
          throw reader.failure(at: end.lowerBound, "]]> in text, which XML does not allow")
        }
        text[current] += try reader.decoded(run, inAttribute: false)
      } else if reader.startsWith("<?") {
        try reader.instruction(allowingDeclaration: false)
      } else if reader.consume("<!--") {
        try reader.comment()
      } else if reader.consume("<![CDATA[") {
        let start = reader.position
        guard let current = open.last else {
          throw reader.failure(at: start - 9, "CDATA outside the root element")
        }
        try reader.skip(past: "]]>", unclosed: "a CDATA section that is never closed")
        text[current] += bytes[start..<reader.position - 3]
      } else if reader.consume("<!") {
        guard open.isEmpty, !rootClosed, elements.isEmpty else {
          throw reader.failure(
            at: reader.position - 2, "a declaration where XML does not allow one")
        }
        throw .unsupportedContent("a document type declaration (DTD), which XMP does not allow")
      } else if reader.consume("</") {
        let tagStart = reader.position - 2
        let name = try reader.name()
        reader.skipWhitespace()
        guard reader.consume(">") else {
          throw reader.failure(at: reader.position, "a tag that is not closed with >")
        }
        guard let current = open.popLast(), elements[current].name.qualified == name else {
          throw reader.failure(at: reader.position, "an end tag that does not match its start tag")
        }
        elements[current].content = elements[current].startTagEnd..<tagStart
        elements[current].range = elements[current].range.lowerBound..<reader.position
        scope.leave()
        rootClosed = open.isEmpty
      } else {
        guard !rootClosed else {
          throw reader.failure(at: reader.position, "something follows the end of the document")
        }
        guard open.count < Self.maximumDepth else {
          throw reader.failure(
            at: reader.position, "elements nested deeper than \(Self.maximumDepth)")
        }
        let element = try startTag(&reader, parent: open.last, scope: &scope)
        elements.append(element)
        text.append([])
        if let parent = element.parent { elements[parent].children.append(elements.count - 1) }
        if element.isEmptyElementTag {
          scope.leave()
          rootClosed = open.isEmpty
        } else {
          open.append(elements.count - 1)
        }
      }
    }
    guard !elements.isEmpty else {
      throw reader.failure(at: reader.position, "the document is empty")
    }
    guard open.isEmpty else {
      throw reader.failure(at: reader.position, "an element that is never closed")
    }
    for index in elements.indices {
      elements[index].text = String(decoding: text[index], as: UTF8.self)
    }
  }

  /// The namespaces in scope at `element`, by prefix ("" for the default), its own included.
  func scope(of element: Int) -> [String: String] {
    var chain: [Int] = []
    var current: Int? = element
    while let index = current {
      chain.append(index)
      current = elements[index].parent
    }
    var scope = ["xml": Self.xmlNamespace]
    for index in chain.reversed() { scope.merge(elements[index].declared) { $1 } }
    return scope.filter { !$0.value.isEmpty }
  }

  /// Reads a start tag at the reader's `<`, its attributes, and resolves their namespaces.
  private func startTag(_ reader: inout Reader, parent: Int?, scope: inout Scope)
    throws(SidecarError)
    -> Element
  {
    let tagStart = reader.position
    reader.position += 1
    let nameStart = reader.position
    let name = try reader.qualifiedName()
    let nameEnd = reader.position
    var attributes: [Attribute] = []
    var names = Set<String>()
    var isEmpty = false
    while true {
      let spaceStart = reader.position
      reader.skipWhitespace()
      if reader.consume(">") { break }
      if reader.consume("/>") {
        isEmpty = true
        break
      }
      guard !reader.atEnd else {
        throw reader.failure(at: reader.position, "a tag that is not closed with >")
      }
      guard reader.position > spaceStart else {
        throw reader.failure(at: reader.position, "attributes not separated by whitespace")
      }
      let attributeStart = reader.position
      let attributeName = try reader.qualifiedName()
      guard names.insert(attributeName.qualified).inserted else {
        throw reader.failure(at: attributeStart, "an attribute written twice")
      }
      reader.skipWhitespace()
      guard reader.consume("=") else {
        throw reader.failure(at: reader.position, "an attribute without =")
      }
      reader.skipWhitespace()
      guard let quote = reader.peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
      else {
        throw reader.failure(at: reader.position, "an attribute value without quotes")
      }
      reader.position += 1
      let valueStart = reader.position
      reader.skip(until: quote)
      guard !reader.atEnd else {
        throw reader.failure(at: valueStart, "an attribute value that is never closed")
      }
      let valueRange = valueStart..<reader.position
      if let less = bytes[valueRange].firstIndex(of: UInt8(ascii: "<")) {
        throw reader.failure(at: less, "< in an attribute value")
      }
      let value = try reader.decoded(bytes[valueRange], inAttribute: true)
      reader.position += 1
      attributes.append(
        Attribute(
          name: attributeName, namespace: nil, value: String(decoding: value, as: UTF8.self),
          quote: quote, valueRange: valueRange, spanWithLeadingSpace: spaceStart..<reader.position))
    }
    var declared: [String: String] = [:]
    for attribute in attributes where attribute.isNamespaceDeclaration {
      let prefix = attribute.name.prefix == nil ? "" : attribute.name.local
      let problem: String? =
        switch (prefix, attribute.value) {
        case ("xmlns", _): "the prefix xmlns declared"
        case ("xml", Self.xmlNamespace): nil
        case ("xml", _): "the prefix xml bound to another namespace"
        case (_, Self.xmlNamespace), (_, Self.xmlnsNamespace):
          "a reserved namespace bound to another prefix"
        case (let prefix, "") where !prefix.isEmpty: "a prefix bound to no namespace"
        default: nil
        }
      if let problem {
        throw reader.failure(at: attribute.spanWithLeadingSpace.lowerBound, problem)
      }
      declared[prefix] = attribute.value
    }
    scope.enter(declared)
    guard let namespace = scope.resolve(name.prefix ?? "", isElement: true) else {
      throw reader.failure(at: nameStart, "a prefix bound to no namespace")
    }
    var expanded = Set<[String]>()
    for index in attributes.indices where !attributes[index].isNamespaceDeclaration {
      let attributeName = attributes[index].name
      guard let prefix = attributeName.prefix else { continue }
      guard let resolved = scope.resolve(prefix, isElement: false) else {
        throw reader.failure(
          at: attributes[index].spanWithLeadingSpace.lowerBound, "a prefix bound to no namespace")
      }
      attributes[index].namespace = resolved
      guard expanded.insert([resolved, attributeName.local]).inserted else {
        throw reader.failure(
          at: attributes[index].spanWithLeadingSpace.lowerBound, "an attribute written twice")
      }
    }
    return Element(
      name: name, namespace: namespace.isEmpty ? nil : namespace, parent: parent,
      attributes: attributes,
      range: tagStart..<reader.position, nameEnd: nameEnd, startTagEnd: reader.position,
      isEmptyElementTag: isEmpty, content: reader.position..<reader.position, declared: declared)
  }
}

/// The namespaces in scope while the document is read: the bindings of the open elements, with
/// what each replaced, so that entering and leaving an element costs its own declarations only.
private struct Scope {
  private var bound = ["xml": XMLSource.xmlNamespace]
  private var replaced: [[(String, String?)]] = []

  mutating func enter(_ declared: [String: String]) {
    replaced.append(
      declared.map { prefix, namespace in (prefix, bound.updateValue(namespace, forKey: prefix)) })
  }

  mutating func leave() {
    for (prefix, previous) in replaced.popLast() ?? [] { bound[prefix] = previous }
  }

  /// The namespace of `prefix` ("" for none: an element's default namespace, "" when there is
  /// none); nil when a prefix is bound to nothing.
  func resolve(_ prefix: String, isElement: Bool) -> String? {
    guard !prefix.isEmpty else { return isElement ? bound[""] ?? "" : "" }
    guard let namespace = bound[prefix], !namespace.isEmpty else { return nil }
    return namespace
  }
}
