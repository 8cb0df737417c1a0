import FaverSidecars
import Foundation
import Testing

@Test(arguments: [
  ("<rdf:Description rdf:about=''>", "unclosed"),
  ("<rdf:Description rdf:about='' xmp:Rating='5'/>", "undeclared prefix"),
  ("<rdf:Description rdf:about='' rdf:about=''/>", "attribute twice"),
])
func aSidecarThatIsNotXMLThrows(descriptions: String, problem: String) {
  #expect {
    try XMPSidecar.merged(existing: sidecar(descriptions), state: .favorite)
  } throws: { error in
    guard case .notXML = error as? SidecarError else { return false }
    return true
  }
}

@Test func anXMLFileThatIsNotXMPThrows() {
  #expect(throws: SidecarError.notXMP) {
    try XMPSidecar.merged(existing: Data("<html><body>IMG_1</body></html>".utf8), state: .favorite)
  }
}

@Test func aDTDThrows() {
  let existing = Data(
    "<!DOCTYPE x:xmpmeta [<!ENTITY five '5'>]><x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8)
  #expect(
    throws: SidecarError.unsupportedContent("a document type declaration (DTD), which XMP does not allow")
  ) { try XMPSidecar.merged(existing: existing, state: .favorite) }
}

@Test func aRatingThatIsAStructureThrowsRatherThanGuess() {
  let existing = sidecar(
    """
    <rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/'>
     <xmp:Rating rdf:parseType='Resource'><rdf:value>3</rdf:value></xmp:Rating>
    </rdf:Description>
    """)
  #expect(throws: SidecarError.unsupportedContent("xmp:Rating as a structure rather than a value")) {
    try XMPSidecar.merged(existing: existing, state: .favorite)
  }
}

@Test func aUTF32SidecarThrows() {
  #expect(throws: SidecarError.unsupportedEncoding) {
    try XMPSidecar.merged(existing: Data([0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0]), state: .favorite)
  }
}

@Test func errorsSayWhatToDo() {
  let errors: [SidecarError] = [
    .notXML(line: 3, column: 7, reason: "an element that is never closed"), .notXMP, .unsupportedEncoding,
    .unsupportedContent("a DTD"), .mergeFailed("two edits overlap"),
  ]
  for error in errors {
    #expect(error.description.contains("faver leaves it as it is") || error.description.contains("report"))
  }
  #expect(SidecarError.notXML(line: 3, column: 7, reason: "x").description.contains("line 3, column 7"))
}

@Test func theFirstProblemTheParserMetIsTheOneReported() {
  let existing = Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'>\n <x:RDF>\n</x:xmpmeta>\n".utf8)
  #expect(
    throws: SidecarError.notXML(line: 3, column: 13, reason: "an end tag that does not match its start tag")
  ) {
    try XMPSidecar.merged(existing: existing, state: .favorite)
  }
}

/// A sidecar cut short anywhere (a crash while another tool wrote it) throws or merges into a
/// file that reads back; it never traps.
@Test func everyTruncationThrowsOrMerges() throws {
  let whole = Array(darktableSidecar)
  for length in stride(from: 0, to: whole.count, by: 5) {
    let cut = Data(whole.prefix(length))
    #expect(XMPSidecar.state(in: cut) == nil)
    if let merged = try? XMPSidecar.merged(existing: cut, state: .favorite) {
      #expect(XMPSidecar.state(in: merged) == .favorite)
    }
  }
}

/// What XML does not allow is refused by faver's own reading, with the reason; nothing reaches
/// an edit.
@Test(arguments: [
  (
    "<rdf:Description rdf:about='' xmlns:a='{xmp}' xmlns:b='{xmp}' a:Rating='5' b:Rating='5'/>",
    "an attribute written twice"
  ),
  ("<rdf:Description rdf:about='' xmlns:xmp=''/>", "a prefix bound to no namespace"),
  ("<rdf:Description rdf:about='&nbsp;'/>", "an entity that is not declared"),
  ("<rdf:Description rdf:about='&#0;'/>", "a character reference to a character XML does not allow"),
  ("<rdf:Description rdf:about='a & b'/>", "an & that does not start a reference"),
  ("<rdf:Description rdf:about='<'/>", "< in an attribute value"),
  ("<!-- a -- b --><rdf:Description rdf:about=''/>", "two hyphens inside a comment"),
  ("<rdf:Description rdf:about=''/>]]>", "]]> in text, which XML does not allow"),
  ("<rdf:Description rdf:about='' a:b:c='1'/>", "a name with a misplaced colon"),
  ("<rdf:Description rdf:about='' 1a='1'/>", "a name with a character XML does not allow in names"),
  ("<rdf:Description rdf:about=''/><?xml version='1.0'?>", "an XML declaration that is not at the start"),
  ("<rdf:Description rdf:about='\u{1}'/>", "a character XML does not allow"),
])
func whatXMLDoesNotAllowIsRefusedWithItsReason(descriptions: String, reason: String) {
  #expect {
    try XMPSidecar.readState(in: sidecar(descriptions))
  } throws: { error in
    guard case .notXML(_, _, let found) = error as? SidecarError else { return false }
    return found == reason
  }
}

/// Elements nested deeper than 256 are refused before anything walks them.
@Test func elementsNestedTooDeepAreRefused() {
  let depth = 100_000
  let nested = String(repeating: "<rdf:li>", count: depth) + String(repeating: "</rdf:li>", count: depth)
  #expect {
    try XMPSidecar.merged(
      existing: sidecar("<rdf:Description rdf:about=''>\(nested)</rdf:Description>"), state: .favorite)
  } throws: { error in
    guard case .notXML(_, _, let reason) = error as? SidecarError else { return false }
    return reason == "elements nested deeper than 256"
  }
  let shallow = String(repeating: "<rdf:li>", count: 200) + String(repeating: "</rdf:li>", count: 200)
  #expect(
    (try? XMPSidecar.merged(
      existing: sidecar("<rdf:Description rdf:about=''>\(shallow)</rdf:Description>"), state: .favorite))
      != nil)
}
