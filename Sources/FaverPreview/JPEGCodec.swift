import CTurboJPEG

/// JPEG decoding (with DCT scaling) and encoding through libjpeg-turbo's TurboJPEG API. The only
/// file that imports CTurboJPEG; no pointer leaves it.
package enum JPEGCodec {
  /// The width and height a JPEG's header gives; nil when it is not a JPEG libjpeg-turbo reads.
  package static func size(of jpeg: [UInt8]) -> (width: Int, height: Int)? {
    guard let handle = tjInitDecompress() else { return nil }
    defer { tjDestroy(handle) }
    return header(of: jpeg, with: handle).map { ($0.width, $0.height) }
  }

  /// The header's width, height and colorspace, read with `handle`; nil when unreadable.
  private static func header(of jpeg: [UInt8], with handle: tjhandle)
    -> (width: Int, height: Int, colorspace: Int32)?
  {
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let status = jpeg.withUnsafeBufferPointer {
      tjDecompressHeader3(
        handle, $0.baseAddress, UInt(jpeg.count), &width, &height, &subsampling, &colorspace)
    }
    guard status == 0, width > 0, height > 0 else { return nil }
    return (Int(width), Int(height), colorspace)
  }

  /// The JPEG decoded at the smallest of libjpeg-turbo's scales (n/8) whose long edge is at
  /// least `longEdge` (full size when none is), which skips most of the work for a small preview.
  /// A file cut short decodes as far as it goes (the rest grey); progressive files with absurdly
  /// many scans are refused, and so are those whose coefficients (kept at full size until the
  /// last scan: `JPEGFrame.coefficientBytes`) would take over half of `limits.memoryBytes`.
  package static func decode(_ jpeg: [UInt8], atLeast longEdge: Int, limits: PreviewLimits)
    throws(PreviewFailure)
    -> RGBImage
  {
    guard let handle = tjInitDecompress() else { throw .damaged(format: "JPEG", reason: "no decoder") }
    defer { tjDestroy(handle) }
    guard let (width, height, colorspace) = header(of: jpeg, with: handle) else {
      throw .damaged(format: "JPEG", reason: message(handle))
    }
    guard width * height <= limits.maxImagePixels else {
      throw .tooLarge(width: width, height: height, limit: limits.maxImagePixels)
    }
    // A progressive JPEG is decoded through all its coefficients at full size, whatever the scale.
    if let frame = JPEGFrame(jpeg), frame.coefficientBytes > limits.memoryBytes / 2 {
      throw .needsMemory(limit: limits.memoryBytes)
    }
    let (scaledWidth, scaledHeight) = scaledSize(width: width, height: height, atLeast: longEdge)
    guard scaledWidth * scaledHeight <= limits.maxDecodedPixels else {
      throw .tooLarge(width: width, height: height, limit: limits.maxDecodedPixels)
    }
    // libjpeg converts CMYK (and YCCK) to nothing but CMYK: those are converted here.
    let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    var pixels = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * (isCMYK ? 4 : 3))
    let status = jpeg.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(jpeg.count), target.baseAddress, Int32(scaledWidth), 0,
          Int32(scaledHeight), Int32((isCMYK ? TJPF_CMYK : TJPF_RGB).rawValue), TJFLAG_LIMITSCANS)
      }
    }
    if isCMYK { pixels = rgb(fromInvertedCMYK: pixels) }
    // A warning (data cut short, a bad marker) leaves what could be decoded: shown as it is.
    if status != 0, tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
      throw .damaged(format: "JPEG", reason: message(handle))
    }
    return RGBImage(width: scaledWidth, height: scaledHeight, pixels: pixels)
  }

  /// RGB from the inverted CMYK Adobe's JPEGs hold (255 is no ink), naively: no colour profile.
  static func rgb(fromInvertedCMYK cmyk: [UInt8]) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: cmyk.count / 4 * 3)
    for pixel in 0..<cmyk.count / 4 {
      let k = UInt16(cmyk[pixel * 4 + 3])
      for channel in 0..<3 { rgb[pixel * 3 + channel] = UInt8(UInt16(cmyk[pixel * 4 + channel]) * k / 255) }
    }
    return rgb
  }

  /// The size libjpeg-turbo decodes `width`×`height` to at its smallest scale whose long edge is
  /// at least `longEdge`.
  static func scaledSize(width: Int, height: Int, atLeast longEdge: Int) -> (Int, Int) {
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count), count > 0 else { return (width, height) }
    var best = (width, height)
    for index in 0..<Int(count) {
      let factor = factors[index]
      // Only reductions: libjpeg-turbo also offers enlargements up to 2×.
      guard factor.num <= factor.denom else { continue }
      let scaledWidth = (width * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
      let scaledHeight = (height * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
      if max(scaledWidth, scaledHeight) >= longEdge, scaledWidth * scaledHeight < best.0 * best.1 {
        best = (scaledWidth, scaledHeight)
      }
    }
    return best
  }

  /// The image as a baseline JPEG (4:2:0, `quality` 1…100).
  package static func encode(_ image: RGBImage, quality: Int = 85) throws(PreviewFailure) -> [UInt8] {
    guard let handle = tjInitCompress() else { throw .damaged(format: "JPEG", reason: "no encoder") }
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = image.pixels.withUnsafeBufferPointer {
      tjCompress2(
        handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue), &buffer,
        &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
    }
    defer { tjFree(buffer) }
    guard status == 0, let buffer else { throw .damaged(format: "JPEG", reason: message(handle)) }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
  }

  /// libjpeg-turbo's last message for `handle`.
  private static func message(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
    return String(cString: text)
  }
}
