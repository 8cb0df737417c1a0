/// The `eXIf` chunk of a PNG, found by walking chunk headers (before or after the image data)
/// without reading the image data.
public struct PNGStructure: Equatable, Sendable {
  /// The chunk's TIFF structure (some writers put `Exif\0\0` before it).
  public var exif: [UInt8]?
  /// A chunk length runs past the end of the file, or no `IEND` closes it.
  public var isDamaged = false

  /// More chunks than this is not a real PNG (an image's IDAT chunks are usually 8 to 64 KiB).
  static let maxChunks = 100_000

  public static func read(from source: some ByteSource) throws(MetadataError) -> PNGStructure {
    var result = PNGStructure()
    var offset: Int64 = 8
    for _ in 0..<maxChunks {
      var header = ByteReader(try source.read(at: offset, count: 8), order: .bigEndian)
      guard let length = header.u32(), let type = header.fourCC() else {
        result.isDamaged = true
        return result
      }
      let dataStart = offset + 8
      guard dataStart + Int64(length) + 4 <= source.size else {
        result.isDamaged = true
        return result
      }
      switch type {
      case "eXIf" where result.exif == nil:
        guard length <= MetadataReader.maxExifBytes else { break }
        result.exif = try source.read(at: dataStart, count: length)
      case "IEND": return result
      default: break
      }
      offset = dataStart + Int64(length) + 4  // data and CRC
    }
    return result
  }
}
