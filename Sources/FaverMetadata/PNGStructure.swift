/// The `eXIf` chunk of a PNG (a TIFF structure; some writers put `Exif\0\0` before it), its
/// XMP packet and ImageMagick's raw EXIF profile (`PNGText`), found by walking chunk headers
/// (before or after the image data) without reading the image data. The container is damaged when a chunk runs past the end of the file, or the file ends before `IEND`.
enum PNGStructure: ContainerReader {
  /// More chunks than this is not a real PNG (an image's IDAT chunks are usually 8 to 64 KiB).
  static let maxChunks = 100_000

  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    var found = ContainedExif()
    func finding(isDamaged: Bool) -> ContainedExif {
      var result = found
      if isDamaged { result.problems.append(.damagedContainer) }
      return result
    }
    var offset: Int64 = 8
    for _ in 0..<maxChunks {
      var header = ByteReader(try source.read(at: offset, count: 8), order: .bigEndian)
      guard let length = header.u32(), let type = header.fourCC() else {
        return finding(isDamaged: true)
      }
      let dataStart = offset + 8
      guard dataStart + Int64(length) + 4 <= source.size else {
        return finding(isDamaged: true)
      }
      switch type {
      case "eXIf" where found.block == nil:
        guard length <= ContainedExif.maxBytes else { break }
        found.block = try source.read(at: dataStart, count: length)
      case "tEXt" where length <= ContainedExif.maxBytes, "zTXt" where length <= ContainedExif.maxBytes,
        "iTXt" where length <= ContainedExif.maxBytes:
        guard found.xmp == nil || found.textExif == nil,
          PNGText.mayMatter(try source.read(at: dataStart, count: min(length, PNGText.keywordBytes)))
        else { break }
        let data = try source.read(at: dataStart, count: length)
        guard let chunk = PNGText.chunk(type: type, data: data) else { break }
        if found.xmp == nil, chunk.keyword.elementsEqual(PNGText.xmpKeyword) {
          found.xmp = chunk.text.map(Array.init)
        } else if found.textExif == nil, PNGText.profileKeywords.contains(where: chunk.keyword.elementsEqual)
        {
          found.textExif = chunk.text.flatMap(PNGText.decodeRawProfile)
        }
      case "IEND": return finding(isDamaged: false)
      default: break
      }
      offset = dataStart + Int64(length) + 4  // data and CRC
    }
    return finding(isDamaged: false)
  }
}
