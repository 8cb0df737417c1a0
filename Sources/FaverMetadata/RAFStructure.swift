/// Fujifilm RAF: a header (`FUJIFILMCCD-RAW`, the camera's name), then a JPEG preview whose
/// APP1 segment holds the EXIF. The preview's offset and length are big-endian 32-bit numbers at
/// bytes 84 and 88 (exiftool 12.57, `Image::ExifTool::FujiFilm::ProcessRAF`).
enum RAFStructure: ContainerReader {
  static let headerLength = 0x5C
  static let previewPointer = 0x54

  /// The preview's EXIF block; the container is damaged when the header or the preview's place
  /// is impossible.
  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    let header = try source.read(at: 0, count: headerLength)
    var reader = ByteReader(header, order: .bigEndian, offset: previewPointer)
    guard let start = reader.u32(), let length = reader.u32(), start >= headerLength, length > 0,
      Int64(start) + Int64(length) <= source.size
    else { return .damaged }
    guard let preview = try JPEGStructure.embedded(in: source, from: Int64(start), to: Int64(start + length))
    else { return .damaged }
    return ContainedExif(preview.block, isDamaged: preview.problems.contains(.malformedHeader))
  }
}
