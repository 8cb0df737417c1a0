/// Sigma/Foveon X3F (little-endian): `FOVb`, and in the file's last four bytes the offset of a
/// `SECd` directory of sections (offset, length, four-character type). Cameras since the DP1
/// store a JPEG with EXIF in an `IMA2` section whose 28-byte `SECi` header says "JPEG" (type 2,
/// format 18); the SD9 and SD10 store none, so their files carry no EXIF (exiftool 12.57,
/// `Image::ExifTool::SigmaRaw::ProcessX3F` and `ProcessX3FDirectory`).
enum X3FStructure: ContainerReader {
  /// Sections a directory may list before we call it impossible.
  static let maxSections = 1024
  /// The start of an image section holding a JPEG.
  static let jpegSectionHeader: [UInt8] = Array("SECi".utf8) + [0, 0, 2, 0, 2, 0, 0, 0, 0x12, 0, 0, 0]
  static let sectionHeaderLength: Int64 = 28

  /// The EXIF block of the first JPEG section; the container is damaged when the directory
  /// cannot be read.
  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    let pointer = ByteReader(try source.read(at: source.size - 4, count: 4), order: .littleEndian)
    guard let directory = pointer.u32(at: 0).map(Int64.init) else { return .damaged }
    var header = ByteReader(try source.read(at: directory, count: 12), order: .littleEndian)
    guard header.fourCC() == "SECd", header.skip(4), let count = header.u32() else { return .damaged }
    guard count <= maxSections else { return .damaged }
    var table = ByteReader(try source.read(at: directory + 12, count: count * 12), order: .littleEndian)
    guard table.count == count * 12 else { return .damaged }
    for _ in 0..<count {
      guard let start = table.u32().map(Int64.init), let length = table.u32(), let type = table.fourCC()
      else { break }
      guard type == "IMA2" || type == "IMAG" else { continue }
      let end = start + Int64(length)
      guard end <= source.size, end > start + sectionHeaderLength else { continue }
      guard try source.read(at: start, count: jpegSectionHeader.count) == jpegSectionHeader else { continue }
      let preview = try JPEGStructure.embedded(in: source, from: start + sectionHeaderLength, to: end)
      if let block = preview?.block { return ContainedExif(block, isDamaged: false) }
    }
    return ContainedExif(nil, isDamaged: false)
  }
}
