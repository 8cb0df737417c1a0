import FaverSidecars
import FaverTestSupport
import Foundation
import Testing

/// A JPEG with an EXIF APP1 segment, then an XMP APP1 segment holding `packet`, then a scan.
private func jpeg(xmp packet: [UInt8]) -> [UInt8] {
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  let plain = builder.jpeg()
  let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + packet
  return Array(plain[..<2]) + [0xFF, 0xE1] + be16(payload.count + 2) + payload + plain[2...]
}

@Test(arguments: SidecarState.allCases.filter { $0 != .neither })
func findsTheXMPPacketOfAJPEG(state: SidecarState) throws {
  let packet = try #require(try XMPSidecar.merged(existing: nil, state: state))
  let found = try #require(XMPPacket.find(in: jpeg(xmp: Array(packet))))
  // The packet ends at `?>`; the trailing newline of the sidecar is not part of it.
  #expect(found == packet.dropLast())
  #expect(XMPSidecar.state(in: found) == state)
}

@Test func findsAnXmpmetaWithoutPacketWrapper() {
  let xmpmeta = "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF/></x:xmpmeta>"
  let bytes = Array("\u{89}PNG iTXtXML:com.adobe.xmp\0\0\0\0\0".utf8) + Array(xmpmeta.utf8) + [0, 1, 2]
  #expect(XMPPacket.find(in: bytes) == Data(xmpmeta.utf8))
}

@Test(arguments: [
  "",
  "no packet here",
  // Cut off before its end: not a packet.
  "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF>",
])
func findsNothingWithoutACompletePacket(text: String) {
  #expect(XMPPacket.find(in: Array(text.utf8)) == nil)
}

@Test(
  .enabled(if: Exiftool.shouldRun, "exiftool is not installed"),
  arguments: [("5", SidecarState.favorite), ("-1", .rejected), ("3", nil)] as [(String, SidecarState?)])
func findsTheRatingExiftoolWroteIntoASampleJPEG(rating: String, state: SidecarState?) throws {
  let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("SampleLibrary/2024/08/IMG_0301.jpg")
  let tree = try TemporaryTree()
  let copy = tree.root.appendingPathComponent("IMG_0301.jpg")
  try FileManager.default.copyItem(at: sample, to: copy)
  _ = try Exiftool.run(["-overwrite_original", "-XMP:Rating=\(rating)", copy.path])
  let head = Array(try Data(contentsOf: copy).prefix(4 << 20))
  let packet = try #require(XMPPacket.find(in: head))
  #expect(XMPSidecar.state(in: packet) == state)
}
