/// The `EXIF` chunk of a WebP (RIFF) file, found by walking chunk headers.
public struct WebPStructure: Equatable, Sendable {
  /// The chunk's TIFF structure (some writers put `Exif\0\0` before it).
  public var exif: [UInt8]?
  /// A chunk runs past the end of the file or of the RIFF size.
  public var isDamaged = false

  static let maxChunks = 4096

  public static func read(from source: some ByteSource) throws(MetadataError) -> WebPStructure {
    var result = WebPStructure()
    let riff = ByteReader(try source.read(at: 0, count: 12), order: .littleEndian)
    guard riff.count == 12, let riffSize = riff.u32(at: 4) else {
      result.isDamaged = true
      return result
    }
    let declaredEnd = 8 + Int64(riffSize)
    result.isDamaged = declaredEnd > source.size
    let end = min(source.size, declaredEnd)
    var offset: Int64 = 12
    for _ in 0..<maxChunks where offset + 8 <= end {
      var header = ByteReader(try source.read(at: offset, count: 8), order: .littleEndian)
      guard let type = header.fourCC(), let size = header.u32() else { break }
      let length = Int64(size)
      guard offset + 8 + length <= end else {
        result.isDamaged = true
        return result
      }
      if type == "EXIF", result.exif == nil, length <= MetadataReader.maxExifBytes {
        result.exif = try source.read(at: offset + 8, count: Int(length))
      }
      offset += 8 + length + length % 2  // chunks are padded to an even size
    }
    return result
  }
}
