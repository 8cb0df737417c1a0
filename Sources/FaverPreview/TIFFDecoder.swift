import CTIFF

/// TIFF images that are not raw photos (scans, exports) through libtiff's RGBA interface, which
/// reads any layout (strips, tiles, 16 bits, palettes, CMYK) into 8-bit RGBA, the image's first
/// page only. The only file that imports CTIFF; no pointer leaves it.
package enum TIFFDecoder {
  package static func decode(path: String, limits: PreviewLimits) throws(PreviewFailure) -> RGBImage {
    var message = FaverTIFFMessage()
    let limit = tmsize_t(min(Int64(limits.maxDecodedPixels) * 4, Int64(tmsize_t.max)))
    guard let tiff = faver_tiff_open(path, limit, &message) else {
      throw .damaged(format: "TIFF", reason: text(&message))
    }
    defer { TIFFClose(tiff) }
    var width: UInt32 = 0
    var height: UInt32 = 0
    guard faver_tiff_size(tiff, &width, &height) != 0, width > 0, height > 0 else {
      throw .damaged(format: "TIFF", reason: "no image size")
    }
    guard Int(width) * Int(height) <= limits.maxDecodedPixels else {
      throw .tooLarge(width: Int(width), height: Int(height), limit: limits.maxDecodedPixels)
    }
    let count = Int(width) * Int(height)
    var raster = [UInt32](repeating: 0, count: count)
    let read = raster.withUnsafeMutableBufferPointer {
      TIFFReadRGBAImageOriented(tiff, width, height, $0.baseAddress, Int32(ORIENTATION_TOPLEFT), 0)
    }
    guard read != 0 else { throw .damaged(format: "TIFF", reason: text(&message)) }
    // Each pixel is packed A, B, G, R from the high byte down; alpha is shown over white.
    var pixels = [UInt8](repeating: 0, count: count * 3)
    for index in 0..<count {
      let value = raster[index]
      let alpha = value >> 24
      for channel in 0..<3 {
        let colour = (value >> (8 * UInt32(channel))) & 0xFF
        pixels[index * 3 + channel] = UInt8((colour * alpha + 255 * (255 - alpha)) / 255)
      }
    }
    return RGBImage(width: Int(width), height: Int(height), pixels: pixels)
  }

  private static func text(_ message: inout FaverTIFFMessage) -> String {
    let text = withUnsafeBytes(of: &message.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return text.isEmpty ? "libtiff could not read it" : text
  }
}
