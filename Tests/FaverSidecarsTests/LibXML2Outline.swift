import Foundation
import FoundationXML
import Synchronization

@testable import FaverSidecars

/// A document as libxml2 (through FoundationXML's `XMLParser`) reads it: each element's
/// namespace, qualified name and attribute names, or nil when it finds the document not
/// well-formed. A second opinion for the tests on what `XMLSource` reads; faver itself never
/// hands a sidecar to FoundationXML, whose parser traps on a name that is not UTF-8 and takes
/// time quadratic in an element's attributes. Give it only UTF-8 that `XMPText` accepted.
struct LibXML2Outline: Equatable {
  struct Element: Equatable {
    var namespace: String
    var qualifiedName: String
    /// Sorted, without the namespace declarations.
    var attributeNames: [String]
  }

  var elements: [Element]

  static func parse(_ bytes: [UInt8]) -> LibXML2Outline? {
    read(bytes).outline
  }

  /// The outline, or nil, and the codes of the errors libxml2 reported (`xmlerror.h`).
  static func read(_ bytes: [UInt8]) -> (outline: LibXML2Outline?, errors: [Int]) {
    libxml2.withLock { _ in
      let parser = XMLParser(data: Data(bytes))
      parser.shouldProcessNamespaces = true
      parser.shouldResolveExternalEntities = false
      let recorder = Recorder()
      parser.delegate = recorder
      // `parse()` fails on a warning too: the errors reported decide.
      _ = parser.parse()
      guard !recorder.failed, !recorder.elements.isEmpty else {
        return (nil, recorder.errors)
      }
      return (LibXML2Outline(elements: recorder.elements), recorder.errors)
    }
  }

  /// What `XMLSource` read, in the same terms.
  init(_ source: XMLSource) {
    elements = source.elements.map { element in
      Element(
        namespace: element.namespace ?? "", qualifiedName: element.name.qualified,
        attributeNames: element.attributes.filter { !$0.isNamespaceDeclaration }.map(
          \.name.qualified
        ).sorted())
    }
  }

  private init(elements: [Element]) { self.elements = elements }

  private final class Recorder: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var failed = false
    var errors: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      elements.append(
        Element(
          namespace: namespaceURI ?? "", qualifiedName: qualifiedName ?? elementName,
          attributeNames: attributes.keys.sorted()))
    }

    /// Any error fails the document, but for libxml2's warnings on a namespace name that is
    /// not an absolute URI (99, 100), which XML allows.
    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
      errors.append((error as NSError).code)
      if ![99, 100].contains((error as NSError).code) { failed = true }
    }
  }
}

/// libxml2 keeps global state: one document at a time.
private let libxml2 = Mutex(())
