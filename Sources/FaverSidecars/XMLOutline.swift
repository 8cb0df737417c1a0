import Foundation
import FoundationXML
import Synchronization

/// A document as libxml2 (through FoundationXML's `XMLParser`) reads it: each element's
/// namespace, qualified name and attribute names, in document order. The real parser decides
/// what is well-formed; `XMLSource` only finds where things lie, and must agree with this.
/// The only file that imports FoundationXML.
struct XMLOutline: Equatable {
  struct Element: Equatable {
    /// The resolved namespace, "" when none.
    var namespace: String
    /// As written: `rdf:Description`.
    var qualifiedName: String
    /// As written, sorted, without the namespace declarations.
    var attributeNames: [String]
  }

  var elements: [Element]

  /// Parses `bytes` (UTF-8, or UTF-16 with its BOM: libxml2 reads the encoding itself).
  /// External entities are never loaded.
  static func parse(_ bytes: [UInt8]) throws(SidecarError) -> XMLOutline {
    let (outline, failure) = libxml2.withLock { _ in
      let parser = XMLParser(data: Data(bytes))
      parser.shouldProcessNamespaces = true
      parser.shouldResolveExternalEntities = false
      let recorder = Recorder()
      parser.delegate = recorder
      let accepted = parser.parse()
      // `parse()` returns true after some errors (a mismatched end tag): trust the first error
      // reported (`parserError` holds the last, often a consequence of the first).
      let failure: SidecarError? =
        if let (code, line, column) = recorder.firstError {
          .notXML(line: line, column: column, reason: reason(code: code))
        } else if let error = parser.parserError as NSError? {
          .notXML(line: parser.lineNumber, column: parser.columnNumber, reason: reason(code: error.code))
        } else if !accepted {
          .notXML(line: parser.lineNumber, column: parser.columnNumber, reason: "the XML parser stopped")
        } else if recorder.elements.isEmpty {
          .notXML(line: 1, column: 1, reason: "the document is empty")
        } else {
          nil
        }
      return (XMLOutline(elements: recorder.elements), failure)
    }
    if let failure { throw failure }
    return outline
  }

  /// libxml2's error codes (`xmlerror.h`) that a hand-edited sidecar is likely to hit.
  private static func reason(code: Int) -> String {
    switch code {
    case 4: "the document is empty"
    case 5: "something follows the end of the document"
    case 9: "a character XML does not allow"
    case 26: "an entity that is not declared"
    case 42: "an attribute written twice"
    case 47: "a processing instruction that is not closed, or holds a character XML does not allow"
    case 73: "a tag that is not closed with >"
    case 76: "an end tag that does not match its start tag"
    case 77: "an element that is never closed"
    case 201: "a prefix bound to no namespace"
    default: "XML parser error \(code)"
    }
  }

  private final class Recorder: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    /// The libxml2 code, line and column of the first error.
    var firstError: (Int, Int, Int)?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      elements.append(
        Element(
          namespace: namespaceURI ?? "", qualifiedName: qualifiedName ?? elementName,
          attributeNames: attributes.keys.sorted()))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
      if firstError == nil { firstError = ((error as NSError).code, parser.lineNumber, parser.columnNumber) }
    }
  }
}

/// libxml2 keeps global state (its initialisation, its error handler): parse one document at a
/// time. Sidecars are small, so nothing waits for long.
private let libxml2 = Mutex(())
