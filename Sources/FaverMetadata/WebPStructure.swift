/// The `EXIF` chunk of a WebP (RIFF) file (a TIFF structure; some writers put `Exif\0\0` before
/// it), found by walking chunk headers. The container is damaged when a chunk runs past the end
/// of the file or of the RIFF size.
enum WebPStructure: ContainerReader {
  static let maxChunks = 4096

  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    let riff = ByteReader(try source.read(at: 0, count: 12), order: .littleEndian)
    guard riff.count == 12, let riffSize = riff.u32(at: 4) else { return .damaged }
    let declaredEnd = 8 + Int64(riffSize)
    let end = min(source.size, declaredEnd)
    var exif: [UInt8]?
    var offset: Int64 = 12
    for _ in 0..<maxChunks where offset + 8 <= end {
      var header = ByteReader(try source.read(at: offset, count: 8), order: .littleEndian)
      guard let type = header.fourCC(), let size = header.u32() else { break }
      let length = Int64(size)
      guard offset + 8 + length <= end else { return ContainedExif(exif, isDamaged: true) }
      if type == "EXIF", exif == nil, length <= ContainedExif.maxBytes {
        exif = try source.read(at: offset + 8, count: Int(length))
      }
      offset += 8 + length + length % 2  // chunks are padded to an even size
    }
    return ContainedExif(exif, isDamaged: declaredEnd > source.size)
  }
}
