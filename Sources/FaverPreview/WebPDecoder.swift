import CWebP

/// WebP through libwebp, scaled by libwebp itself to the long edge asked. The only file that
/// imports CWebP; no pointer leaves it.
package enum WebPDecoder {
  package static func decode(_ bytes: [UInt8], longEdge: Int, limits: PreviewLimits) throws(PreviewFailure)
    -> RGBImage
  {
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else { throw .damaged(format: "WebP", reason: "no decoder") }
    let found = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &config.input) }
    guard found == VP8_STATUS_OK else { throw .damaged(format: "WebP", reason: "status \(found.rawValue)") }
    guard config.input.has_animation == 0 else { throw .unsupported(format: "animated WebP") }
    let width = Int(config.input.width)
    let height = Int(config.input.height)
    guard width > 0, height > 0, width * height <= limits.maxImagePixels else {
      throw .tooLarge(width: width, height: height, limit: limits.maxImagePixels)
    }
    let (outWidth, outHeight) = RGBImage.size(width: width, height: height, fittingLongEdge: longEdge)
    guard outWidth * outHeight <= limits.maxDecodedPixels else {
      throw .tooLarge(width: width, height: height, limit: limits.maxDecodedPixels)
    }
    if (outWidth, outHeight) != (width, height) {
      config.options.use_scaling = 1
      config.options.scaled_width = Int32(outWidth)
      config.options.scaled_height = Int32(outHeight)
    }
    config.output.colorspace = MODE_RGB
    let status = bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
    defer { WebPFreeDecBuffer(&config.output) }
    var stride: Int32 = 0
    guard status == VP8_STATUS_OK, let rows = faver_webp_rgb(&config, &stride), Int(stride) >= outWidth * 3
    else {
      throw .damaged(format: "WebP", reason: "status \(status.rawValue)")
    }
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
    pixels.withUnsafeMutableBufferPointer { target in
      for row in 0..<outHeight {
        for column in 0..<outWidth * 3 {
          target[row * outWidth * 3 + column] = rows[row * Int(stride) + column]
        }
      }
    }
    return RGBImage(width: outWidth, height: outHeight, pixels: pixels)
  }
}
