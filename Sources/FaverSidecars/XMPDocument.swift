/// The XMP in a sidecar's XML: the `rdf:Description`s directly inside the first `rdf:RDF` (the
/// photo's properties; a description nested in a property is a structure's value), and where
/// faver's properties lie in them: as attributes (`xmp:Rating="3"`) or as child elements
/// (`<xmp:Rating>3</xmp:Rating>`), under whatever prefix the file binds to their namespace.
struct XMPDocument {
  /// One place a property is set.
  struct Occurrence {
    /// The XML node that sets it: an attribute of an element (`xmp:Rating="3"`), or an element of
    /// its own (`<xmp:Rating>3</xmp:Rating>`), by its index in `XMLSource.elements`.
    enum Node {
      case attribute(element: Int, index: Int)
      case element(Int)
    }
    var node: Node
    /// The description it belongs to.
    var description: Int
    /// The value; nil when the element holds a structure (child elements, qualifiers).
    var value: String?
  }

  static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

  let source: XMLSource
  /// The `rdf:RDF` element.
  let rdfElement: Int
  /// The top-level `rdf:Description` elements, in document order.
  let descriptions: [Int]

  /// Reads `text`: its XML, then the photo's descriptions in it.
  init(_ text: XMPText) throws(SidecarError) {
    let source = try XMLSource(text.utf8)
    guard
      let rdfElement = source.elements.firstIndex(where: {
        $0.namespace == Self.rdf && $0.name.local == "RDF"
      })
    else { throw .notXMP }
    self.source = source
    self.rdfElement = rdfElement
    descriptions = source.elements[rdfElement].children.filter {
      source.elements[$0].namespace == Self.rdf && source.elements[$0].name.local == "Description"
    }
  }

  /// What the file says of the photo: the first of faver's properties (in `XMPProperty.all`'s
  /// order) whose value means favorite or rejected; nil when none does.
  var state: SidecarState? {
    for property in XMPProperty.all {
      for occurrence in occurrences(of: property) {
        if let value = occurrence.value, let state = property.state(of: value) { return state }
      }
    }
    return nil
  }

  /// Every place `property` is set on the photo, in document order.
  func occurrences(of property: XMPProperty) -> [Occurrence] {
    descriptions.flatMap { description in
      let element = source.elements[description]
      let attributes = element.attributes.indices.compactMap { index -> Occurrence? in
        let attribute = element.attributes[index]
        guard attribute.namespace == property.namespace, attribute.name.local == property.name else {
          return nil
        }
        return Occurrence(
          node: .attribute(element: description, index: index), description: description,
          value: attribute.value)
      }
      let children = element.children.compactMap { child -> Occurrence? in
        let element = source.elements[child]
        guard element.namespace == property.namespace, element.name.local == property.name else { return nil }
        let isSimple =
          element.children.isEmpty
          && element.attributes.allSatisfy {
            $0.isNamespaceDeclaration || $0.namespace == XMLSource.xmlNamespace
          }
        return Occurrence(
          node: .element(child), description: description, value: isSimple ? element.text : nil)
      }
      return attributes + children
    }
  }

  /// The description new attributes go into: the first that is about this photo
  /// (`rdf:about=""`), else the first.
  var target: Int? {
    descriptions.first { description in
      source.elements[description].attributes.contains {
        $0.namespace == Self.rdf && $0.name.local == "about" && $0.value.isEmpty
      }
    } ?? descriptions.first
  }
}
