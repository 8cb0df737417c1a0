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
