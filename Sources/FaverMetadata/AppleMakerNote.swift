/// The identifiers in an iPhone's EXIF maker note: `Apple iOS\0`, a 2-byte version, a byte
/// order mark, then an IFD whose offsets count from the start of the maker note.
package struct AppleMakerNote: Equatable, Sendable {
  /// Tag 0x0011: shared by a Live Photo's still and its video (`com.apple.quicktime.content.identifier`).
  package var contentIdentifier: String?
  /// Tag 0x000B: shared by the photos of one burst.
  package var burstID: String?

  static let signature = Array("Apple iOS".utf8) + [0]
  static let maxEntries = 256

  /// Nil unless `bytes` is an Apple maker note.
  package init?(_ bytes: [UInt8]) {
    guard bytes.starts(with: Self.signature), bytes.count >= 16 else { return nil }
    var reader = ByteReader(bytes, order: .bigEndian, offset: 12)
    guard reader.byteOrderMark() != nil, let count = reader.u16(), count <= Self.maxEntries else {
      return nil
    }
    for index in 0..<count {
      let at = 16 + index * 12
      guard let tag = reader.u16(at: at), let type = reader.u16(at: at + 2),
        let length = reader.u32(at: at + 4)
      else { break }
      guard type == 2, tag == 0x0011 || tag == 0x000B, length > 0, length <= 1024 else { continue }
      let start = length <= 4 ? at + 8 : (reader.u32(at: at + 8) ?? bytes.count)
      guard start + length <= bytes.count else { continue }
      let text = String(decoding: bytes[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
      guard !text.isEmpty else { continue }
      if tag == 0x0011 { contentIdentifier = text } else { burstID = text }
    }
  }
}
