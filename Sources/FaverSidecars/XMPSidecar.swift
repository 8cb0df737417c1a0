package import Foundation

/// faver's rating in an XMP sidecar, as pure functions on its bytes: `merged` writes it into a
/// sidecar (new or existing), `state(in:)` reads one back.
package enum XMPSidecar {
  /// The sidecar's new bytes once it says `state`; nil when there is nothing to write (no
  /// sidecar, and `.neither`).
  ///
  /// An existing sidecar is merged, never replaced: the XML parser reads it, and faver edits its
  /// bytes in place (sets a value, adds attributes to the first `rdf:Description` about the
  /// photo, removes an attribute or an element), so every other byte (other properties,
  /// namespaces, comments, whitespace, the encoding) stays as it was. When nothing needs to
  /// change, `existing` comes back as it is. A file the parser rejects, or that holds no
  /// `rdf:RDF`, throws and is never written over.
  package static func merged(existing: Data?, state: SidecarState) throws(SidecarError) -> Data? {
    guard let existing else {
      return state == .neither ? nil : try merged(into: Self.emptyPacket, state: state)
    }
    return try merged(into: Array(existing), state: state).map { Data($0) } ?? existing
  }

  /// What the XMP says of the photo: `xmp:Rating` 5 favorite, -1 rejected; `digiKam:PickLabel`
  /// 3 favorite, 1 rejected; `fstop:favorite` 1 favorite; the first of these that says something
  /// decides. Nil when none does, or when the bytes are not XMP.
  package static func state(in xmp: Data) -> SidecarState? {
    try? readState(in: xmp)
  }

  /// What the XMP says of the photo, as `state(in:)`; throws why when the bytes cannot be read
  /// as XMP (not UTF-8 or UTF-16, not well-formed, no `rdf:RDF`), so the caller can say which
  /// file it skipped.
  package static func readState(in xmp: Data) throws(SidecarError) -> SidecarState? {
    try XMPDocument(XMPText(Array(xmp))).state
  }

  /// `bytes` edited to say `state`, or nil when they already do. The result is read back by the
  /// XML parser before it is returned: faver never hands over a file it cannot read.
  private static func merged(into bytes: [UInt8], state: SidecarState) throws(SidecarError) -> Data? {
    let text = try XMPText(bytes)
    let edits = try XMPDocument(text).edits(for: state)
    guard !edits.isEmpty else { return nil }
    guard let edited = ByteEdit.apply(edits, to: text.utf8) else { throw .mergeFailed("two edits overlap") }
    let result = text.encoded(edited)
    let reread: SidecarState?
    do {
      reread = try XMPDocument(XMPText(result)).state
    } catch {
      throw .mergeFailed("the edited file does not read back: \(error)")
    }
    guard reread == (state == .neither ? nil : state) else {
      throw .mergeFailed("the edited file reads back as \(reread.map(\.rawValue) ?? "no rating")")
    }
    return Data(result)
  }

  /// What a new sidecar starts from, as exiv2 (darktable) and exiftool write one: the packet
  /// wrapper with its BOM, `x:xmpmeta`, `rdf:RDF`, one description about the photo. faver's
  /// attributes go after `rdf:about`, one a line.
  static let emptyPacket = Array(
    """
    <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="faver">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description
       rdf:about=""/>
     </rdf:RDF>
    </x:xmpmeta>
    <?xpacket end="w"?>

    """.utf8)
}
