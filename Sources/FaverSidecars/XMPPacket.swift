package import Foundation

/// The XMP packet embedded in a photo: JPEG's APP1 segment, PNG's `iTXt` `XML:com.adobe.xmp`,
/// TIFF's tag 700, a HEIF `mime` item stored uncompressed, and others that hold it as plain
/// UTF-8. Found by its text, whatever the container, so one scan serves every format; a packet
/// stored compressed (a zipped `iTXt`) is not found.
package enum XMPPacket {
  /// The first packet in `bytes`, from `<?xpacket begin` to the end of `<?xpacket end…?>`, or,
  /// without a complete wrapper, from `<x:xmpmeta` to `</x:xmpmeta>`; nil when there is none.
  /// The caller bounds the scan by what it passes (the first few MiB of a file).
  package static func find(in bytes: [UInt8]) -> Data? {
    if let begin = bytes.firstRange(of: Array("<?xpacket begin".utf8)),
      let end = bytes[begin.upperBound...].firstRange(of: Array("<?xpacket end".utf8)),
      let close = bytes[end.upperBound...].firstRange(of: Array("?>".utf8))
    {
      return Data(bytes[begin.lowerBound..<close.upperBound])
    }
    if let start = bytes.firstRange(of: Array("<x:xmpmeta".utf8)),
      let end = bytes[start.upperBound...].firstRange(of: Array("</x:xmpmeta>".utf8))
    {
      return Data(bytes[start.lowerBound..<end.upperBound])
    }
    return nil
  }
}
