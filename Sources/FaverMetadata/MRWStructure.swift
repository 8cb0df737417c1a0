/// Minolta MRW: `\0MRM`, the length of the metadata blocks that follow (big-endian), then blocks
/// of a four-byte tag and a big-endian length. The `\0TTW` block is a TIFF structure with IFD0
/// and the EXIF IFD (exiftool 12.57, `Image::ExifTool::MinoltaRaw::ProcessMRW`).
enum MRWStructure: ContainerReader {
  /// Blocks a header may hold before we give up (real files have about five).
  static let maxBlocks = 64
  static let tiffTag: [UInt8] = [0x00, 0x54, 0x54, 0x57]  // "\0TTW"

  /// The TTW block compacted for `ExifBlock`; the container is damaged when a block runs past
  /// the metadata or the file.
  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    var header = ByteReader(try source.read(at: 0, count: 8), order: .bigEndian, offset: 4)
    guard let length = header.u32() else { return .damaged }
    let end = min(source.size, 8 + Int64(length))
    var offset: Int64 = 8
    for _ in 0..<maxBlocks where offset < end {
      var block = ByteReader(try source.read(at: offset, count: 8), order: .bigEndian)
      guard let tag = block.take(4), let size = block.u32(), offset + 8 + Int64(size) <= end else {
        return .damaged
      }
      if tag == tiffTag {
        let tiff = try IFDReader(source: WindowByteSource(source, offset + 8, offset + 8 + Int64(size)))
        guard let compact = try tiff?.compactBlock() else { return .damaged }
        return ContainedExif(compact, isDamaged: false)
      }
      offset += 8 + Int64(size)
    }
    return ContainedExif(nil, isDamaged: 8 + Int64(length) > source.size)
  }
}
