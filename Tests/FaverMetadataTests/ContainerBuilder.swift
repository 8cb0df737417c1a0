/// Builds PNG, WebP and TIFF files around an EXIF block in memory.
enum ContainerBuilder {
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    BoxBuilder.be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]  // CRC is not checked
  }

  /// A PNG with IHDR, `eXIf` before or after its image data, and IEND.
  static func png(exif: [UInt8]?, afterImageData: Bool = false) -> [UInt8] {
    let exifChunk = exif.map { pngChunk("eXIf", $0) } ?? []
    return pngSignature + pngChunk("IHDR", [UInt8](repeating: 1, count: 13))
      + (afterImageData ? [] : exifChunk) + pngChunk("IDAT", [UInt8](repeating: 7, count: 300))
      + (afterImageData ? exifChunk : []) + pngChunk("IEND", [])
  }

  static func le32(_ v: Int) -> [UInt8] {
    [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
  }

  static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    Array(type.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
  }

  /// An extended WebP (VP8X) with an odd-sized image chunk, then an `EXIF` chunk.
  static func webp(exif: [UInt8]?) -> [UInt8] {
    let body =
      Array("WEBP".utf8) + riffChunk("VP8X", [8, 0, 0, 0, 0, 0, 0, 0, 0, 0])
      + riffChunk("VP8 ", [UInt8](repeating: 3, count: 101)) + (exif.map { riffChunk("EXIF", $0) } ?? [])
    return Array("RIFF".utf8) + le32(body.count) + body
  }
}
