/// Why an existing sidecar was left as it is.
package enum SidecarError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The XML parser rejected it.
  case notXML(line: Int, column: Int, reason: String)
  /// Well-formed XML, but no `rdf:RDF` element: not an XMP packet.
  case notXMP
  /// Neither UTF-8 nor UTF-16 that decodes and encodes back to the same bytes.
  case unsupportedEncoding
  /// Valid XML that faver does not edit: a DTD, a property that is a structure, an `rdf:RDF`
  /// with nothing to add to.
  case unsupportedContent(String)
  /// faver's own edit did not come out as intended; nothing was produced.
  case mergeFailed(String)

  /// What is wrong, in a few words, for a message about a file that is only read (an import):
  /// "not well-formed XML (line 3, column 7: …)".
  package var problem: String {
    switch self {
    case .notXML(let line, let column, let reason):
      "not well-formed XML (line \(line), column \(column): \(reason))"
    case .notXMP: "XML without an rdf:RDF element, so not XMP"
    case .unsupportedEncoding: "neither UTF-8 nor UTF-16 text"
    case .unsupportedContent(let what): "it holds \(what)"
    case .mergeFailed(let what):
      "faver could not read it (\(what)); please report this with the file attached"
    }
  }

  package var description: String {
    switch self {
    case .notXML(let line, let column, let reason):
      "The existing sidecar is not well-formed XML (line \(line), column \(column): \(reason)); "
        + "faver leaves it as it is: repair or move it away, then write the sidecars again."
    case .notXMP:
      "The existing sidecar is XML but holds no rdf:RDF element, so it is not XMP; faver leaves it "
        + "as it is: move it away if it is not a sidecar, then write the sidecars again."
    case .unsupportedEncoding:
      "The existing sidecar is neither UTF-8 nor UTF-16 text; faver leaves it as it is: convert it "
        + "to UTF-8 (for example with iconv), then write the sidecars again."
    case .unsupportedContent(let what):
      "The existing sidecar holds \(what), which faver does not edit; faver leaves it as it is: "
        + "set the rating in the tool that wrote it, or move the sidecar away."
    case .mergeFailed(let what):
      "faver could not merge its rating into the existing sidecar (\(what)); the sidecar is left as "
        + "it is. Please report this with the sidecar attached."
    }
  }
}
