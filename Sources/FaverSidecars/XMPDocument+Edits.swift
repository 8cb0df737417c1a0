extension XMPDocument {
  /// The edits that make the file say `state`, and nothing more:
  /// - a property `state` writes is set where it stands (an attribute's value, an element's
  ///   text); where it stands nowhere, it is added as an attribute at the end of `target`'s start
  ///   tag, after a namespace declaration when no prefix in scope is bound to its namespace;
  /// - a property `state` does not write goes, with the whitespace before it, when
  ///   `XMPProperty.removes` says so; so does its namespace's declaration on that description
  ///   once nothing in the description uses the prefix.
  func edits(for state: SidecarState) throws(SidecarError) -> [ByteEdit] {
    var edits: [ByteEdit] = []
    var missing: [(XMPProperty, Int)] = []
    var removed: [(XMPProperty, Occurrence)] = []
    for property in XMPProperty.all {
      let found = occurrences(of: property)
      if let value = property.written[state] {
        if found.isEmpty { missing.append((property, value)) }
        for occurrence in found where occurrence.value.flatMap(XMPProperty.number) != value {
          edits.append(try setting(occurrence, to: value))
        }
      } else {
        for occurrence in found {
          guard let value = occurrence.value, property.removes(value, for: state) else { continue }
          edits.append(removal(occurrence))
          removed.append((property, occurrence))
        }
      }
    }
    edits += unusedDeclarations(after: removed)
    if !missing.isEmpty { edits.append(try insertion(of: missing)) }
    return edits
  }

  private func setting(_ occurrence: Occurrence, to value: Int) throws(SidecarError) -> ByteEdit {
    switch occurrence.node {
    case .attribute(let element, let index):
      return ByteEdit(source.elements[element].attributes[index].valueRange, String(value).utf8)
    case .element(let index):
      let element = source.elements[index]
      guard occurrence.value != nil else {
        throw .unsupportedContent("\(element.name.qualified) as a structure rather than a value")
      }
      guard element.isEmptyElementTag else { return ByteEdit(element.content, String(value).utf8) }
      // `<xmp:Rating/>` becomes `<xmp:Rating>5</xmp:Rating>`.
      return ByteEdit(
        (element.startTagEnd - 2)..<element.startTagEnd, ">\(value)</\(element.name.qualified)>".utf8)
    }
  }

  private func removal(_ occurrence: Occurrence) -> ByteEdit {
    switch occurrence.node {
    case .attribute(let element, let index):
      return ByteEdit(source.elements[element].attributes[index].spanWithLeadingSpace, [])
    case .element(let index):
      let range = source.elements[index].range
      return ByteEdit(lineStart(before: range.lowerBound)..<range.upperBound, [])
    }
  }

  /// Where removing an element starts: at the line break before it when only whitespace
  /// separates them (its line goes, the blank lines before it stay), else at the whitespace
  /// before it.
  private func lineStart(before position: Int) -> Int {
    let bytes = source.bytes
    var start = position
    while start > 0, isWhitespace(bytes[start - 1]) { start -= 1 }
    guard let newline = bytes[start..<position].lastIndex(of: UInt8(ascii: "\n")) else { return start }
    return newline > start && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
  }

  /// What the edits take away: whole elements, and attributes as `[element, index]`.
  private struct Removals {
    var elements = Set<Int>()
    var attributes = Set<[Int]>()
  }

  /// The declarations of a removed property's namespace, on the description it was removed
  /// from, that nothing left in that description uses. One walk of each description, however
  /// many properties and declarations it holds.
  private func unusedDeclarations(after removed: [(XMPProperty, Occurrence)]) -> [ByteEdit] {
    var removals = Removals()
    var namespaces: [Int: Set<String>] = [:]
    for (property, occurrence) in removed {
      namespaces[occurrence.description, default: []].insert(property.namespace)
      switch occurrence.node {
      case .attribute(let element, let index): removals.attributes.insert([element, index])
      case .element(let element): removals.elements.insert(element)
      }
    }
    var edits: [ByteEdit] = []
    for (description, removedNamespaces) in namespaces.sorted(by: { $0.key < $1.key }) {
      let used = prefixes(in: description, besides: removals)
      for declaration in source.elements[description].attributes
      where declaration.name.prefix == "xmlns" && removedNamespaces.contains(declaration.value)
        && !used.contains(declaration.name.local)
      {
        edits.append(ByteEdit(declaration.spanWithLeadingSpace, []))
      }
    }
    return edits
  }

  /// The prefixes of the element and attribute names in `element`'s subtree, other than the
  /// removed ones.
  private func prefixes(in element: Int, besides removals: Removals) -> Set<String> {
    var used = Set<String>()
    var pending = [element]
    while let index = pending.popLast() {
      guard !removals.elements.contains(index) else { continue }
      let node = source.elements[index]
      if let prefix = node.name.prefix { used.insert(prefix) }
      for (position, attribute) in node.attributes.enumerated()
      where !attribute.isNamespaceDeclaration && !removals.attributes.contains([index, position]) {
        if let prefix = attribute.name.prefix { used.insert(prefix) }
      }
      pending += node.children
    }
    return used
  }

  /// The missing properties as attributes at the end of `target`'s start tag, written like the
  /// attribute before them (the same whitespace before each, the same quote); or, when the
  /// `rdf:RDF` holds no description, in a new one at its start.
  private func insertion(of missing: [(XMPProperty, Int)]) throws(SidecarError) -> ByteEdit {
    if let target {
      let element = source.elements[target]
      guard let last = element.attributes.last else {
        let text = attributes(missing, scope: source.scope(of: target), separator: " ", quote: "\"")
        return ByteEdit(element.nameEnd..<element.nameEnd, text.utf8)
      }
      let space = source.bytes[last.spanWithLeadingSpace].prefix(while: isWhitespace)
      let text = attributes(
        missing, scope: source.scope(of: target), separator: String(decoding: space, as: UTF8.self),
        quote: Character(Unicode.Scalar(last.quote)))
      return ByteEdit(last.spanWithLeadingSpace.upperBound..<last.spanWithLeadingSpace.upperBound, text.utf8)
    }
    let rdf = source.elements[rdfElement]
    guard !rdf.isEmptyElementTag else { throw .unsupportedContent("an empty rdf:RDF element") }
    let newline = source.bytes.firstRange(of: [0x0D, 0x0A]) == nil ? "\n" : "\r\n"
    var scope = source.scope(of: rdfElement)
    var description =
      newline + " <\(rdf.name.prefix ?? "rdf"):Description \(rdf.name.prefix ?? "rdf"):about=\"\""
    if rdf.name.prefix == nil {
      scope["rdf"] = Self.rdf
      description += newline + "   xmlns:rdf=\"\(Self.rdf)\""
    }
    description += attributes(missing, scope: scope, separator: newline + "   ", quote: "\"") + "/>"
    return ByteEdit(rdf.startTagEnd..<rdf.startTagEnd, description.utf8)
  }

  /// `missing` as attributes, each after `separator`: first the namespace declarations they
  /// need (exiftool reads attributes in order), then the properties.
  private func attributes(
    _ missing: [(XMPProperty, Int)], scope: [String: String], separator: String, quote: Character
  ) -> String {
    var declarations = ""
    var properties = ""
    var taken = Set<String>()
    for (property, value) in missing {
      let bound = scope.filter { $0.key != "" && $0.value == property.namespace }.keys.sorted()
      var prefix = bound.contains(property.preferredPrefix) ? property.preferredPrefix : bound.first
      if prefix == nil {
        var candidate = property.preferredPrefix
        var suffix = 1
        while scope[candidate] != nil || taken.contains(candidate) {
          candidate = property.preferredPrefix + String(suffix)
          suffix += 1
        }
        taken.insert(candidate)
        prefix = candidate
        declarations += "\(separator)xmlns:\(candidate)=\(quote)\(property.namespace)\(quote)"
      }
      properties += "\(separator)\(prefix ?? ""):\(property.name)=\(quote)\(value)\(quote)"
    }
    return declarations + properties
  }
}
