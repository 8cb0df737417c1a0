import CPNG

/// PNG through libpng's simplified API, as 8-bit RGB (transparency shown over white). The only
/// file that imports CPNG; no pointer leaves it.
package enum PNGDecoder {
  package static func decode(_ bytes: [UInt8], limits: PreviewLimits) throws(PreviewFailure) -> RGBImage {
    var image = faver_png_image()
    let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
    guard begun != 0 else { throw .damaged(format: "PNG", reason: message(&image)) }
    let width = Int(image.width)
    let height = Int(image.height)
    guard width > 0, height > 0, width * height <= limits.maxDecodedPixels else {
      png_image_free(&image)
      throw .tooLarge(width: width, height: height, limit: limits.maxDecodedPixels)
    }
    image.format = faver_png_format_rgb()
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var white = png_color(red: 255, green: 255, blue: 255)
    let finished = bytes.withUnsafeBytes { _ in
      pixels.withUnsafeMutableBytes { png_image_finish_read(&image, &white, $0.baseAddress, 0, nil) }
    }
    guard finished != 0 else {
      let reason = message(&image)
      png_image_free(&image)
      throw .damaged(format: "PNG", reason: reason)
    }
    return RGBImage(width: width, height: height, pixels: pixels)
  }

  private static func message(_ image: inout png_image) -> String {
    String(cString: faver_png_message(&image))
  }
}
