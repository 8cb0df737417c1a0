/// Sigma/Foveon X3F (little-endian): `FOVb`, and in the file's last four bytes the offset of a
/// `SECd` directory of sections (offset, length, four-character type). Cameras since the DP1
/// store a JPEG with EXIF in an `IMA2` section whose 28-byte `SECi` header says "JPEG" (type 2,
/// format 18); the SD9 and SD10 store none, so their files carry no EXIF (exiftool 12.57,
/// `Image::ExifTool::SigmaRaw::ProcessX3F` and `ProcessX3FDirectory`).
enum X3FStructure {
  /// Sections a directory may list before we call it impossible.
  static let maxSections = 1024
  /// The start of an image section holding a JPEG.
  static let jpegSectionHeader: [UInt8] = Array("SECi".utf8) + [0, 0, 2, 0, 2, 0, 0, 0, 0x12, 0, 0, 0]
  static let sectionHeaderLength: Int64 = 28

  /// The EXIF block of the first JPEG section; `isDamaged` when the directory cannot be read.
  static func exifBlock(from source: some ByteSource) throws(MetadataError) -> (
    block: [UInt8]?, isDamaged: Bool
  ) {
    let pointer = try source.read(at: source.size - 4, count: 4)
    guard pointer.count == 4 else { return (nil, true) }
    let directory = Int64(littleEndian32(pointer, at: 0))
    let header = try source.read(at: directory, count: 12)
    guard header.count == 12, header.starts(with: Array("SECd".utf8)) else { return (nil, true) }
    let count = littleEndian32(header, at: 8)
    guard count <= maxSections else { return (nil, true) }
    let table = try source.read(at: directory + 12, count: count * 12)
    guard table.count == count * 12 else { return (nil, true) }
    for index in 0..<count {
      let entry = Array(table[index * 12..<index * 12 + 12])
      guard ["IMA2", "IMAG"].contains(String(decoding: entry[8..<12], as: UTF8.self)) else { continue }
      let start = Int64(littleEndian32(entry, at: 0))
      let end = start + Int64(littleEndian32(entry, at: 4))
      guard end <= source.size, end > start + sectionHeaderLength else { continue }
      guard try source.read(at: start, count: jpegSectionHeader.count) == jpegSectionHeader else { continue }
      let preview = try JPEGStructure.embedded(in: source, from: start + sectionHeaderLength, to: end)
      if let block = preview?.exif { return (block, false) }
    }
    return (nil, false)
  }
}
