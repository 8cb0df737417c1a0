/// Minolta MRW: `\0MRM`, the length of the metadata blocks that follow (big-endian), then blocks
/// of a four-byte tag and a big-endian length. The `\0TTW` block is a TIFF structure with IFD0
/// and the EXIF IFD (exiftool 12.57, `Image::ExifTool::MinoltaRaw::ProcessMRW`).
enum MRWStructure {
  /// Blocks a header may hold before we give up (real files have about five).
  static let maxBlocks = 64
  static let tiffTag: [UInt8] = [0x00, 0x54, 0x54, 0x57]  // "\0TTW"

  /// The TTW block compacted for `ExifBlock`; `isDamaged` when a block runs past the metadata
  /// or the file.
  static func exifBlock<Source: ByteSource>(from source: Source) throws(MetadataError) -> (
    block: [UInt8]?, isDamaged: Bool
  ) {
    var header = ByteReader(try source.read(at: 0, count: 8), order: .bigEndian, offset: 4)
    guard let length = header.u32() else { return (nil, true) }
    let end = min(source.size, 8 + Int64(length))
    var offset: Int64 = 8
    for _ in 0..<maxBlocks where offset < end {
      var block = ByteReader(try source.read(at: offset, count: 8), order: .bigEndian)
      guard let tag = block.take(4), let size = block.u32(), offset + 8 + Int64(size) <= end else {
        return (nil, true)
      }
      if tag == tiffTag {
        let tiff = try IFDReader(source: WindowByteSource(source, offset + 8, offset + 8 + Int64(size)))
        guard let compact = try tiff?.compactBlock() else { return (nil, true) }
        return (compact, false)
      }
      offset += 8 + Int64(size)
    }
    return (nil, 8 + Int64(length) > source.size)
  }
}
