import FaverTestSupport
import Foundation
import Testing

/// A photo taken `minute` minutes past ten, with `xmp` (if any) in an APP1 segment after EXIF's.
private func photo(_ minute: Int, xmp packet: [UInt8]? = nil) -> [UInt8] {
  var builder = ExifBuilder()
  builder.original(String(format: "2024:06:01 10:%02d:00", minute))
  let plain = builder.jpeg(scanBytes: 200 + minute)
  guard let packet else { return plain }
  let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + packet
  let length = payload.count + 2
  return Array(plain[..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + plain[2...]
}

/// A packet rating the photo 5 stars; `name` is the description's element name, as bytes.
private func favoritePacket(name: [UInt8] = Array("rdf:Description".utf8)) -> [UInt8] {
  Array(
    "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><"
      .utf8)
    + name
    + Array(
      " rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/' xmp:Rating='5'/></rdf:RDF></x:xmpmeta>".utf8)
}

/// Sidecars and embedded packets whose XMP is not UTF-8 (an element name in Latin-1, as fuzzed
/// test files have) are skipped with a message naming each; the run goes on and imports the rest.
@Test func importSkipsUnreadableXMPByNameAndImportsTheRest() throws {
  let tree = try TemporaryTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  let latin1 = Array("rdf:D".utf8) + [0xE9] + Array("scription".utf8)
  try tree.write("photos/p0.jpg", photo(0))
  try tree.write("photos/p0.jpg.xmp", favoritePacket(name: latin1))
  try tree.write("photos/p1.jpg", photo(1))
  try tree.write("photos/p1.jpg.xmp", favoritePacket())
  try tree.write("photos/p2.jpg", photo(2, xmp: favoritePacket(name: latin1)))
  try tree.write("photos/p3.jpg", photo(3, xmp: favoritePacket()))
  let photos = tree.path + "/photos"
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)

  let imported = try faver(["sidecars", "import", "--store", store])
  #expect(imported.status == 0, "\(imported.stderr)")
  #expect(imported.stdout == "Imported 2 favorites and 0 rejects; 2 unreadable skipped.\n")
  let reason = "not well-formed XML (line 1, column 108: bytes that are not UTF-8 text)"
  #expect(
    imported.stderr == """
      faver: skipped \(photos)/p0.jpg.xmp: \(reason)
      faver: skipped \(photos)/p2.jpg: its embedded XMP: \(reason)

      """)
  #expect(
    try faver(["favorites", "--paths", "--store", store]).stdout == "\(photos)/p1.jpg\n\(photos)/p3.jpg\n")
}
