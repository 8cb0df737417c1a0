import CRaw

/// A raw file's embedded preview (the JPEG, or the bitmap, the camera wrote beside the sensor
/// data) through LibRaw, which opens the file read-only and never develops the raw data. The
/// only file that imports CRaw; no pointer leaves it.
package enum RawPreview {
  /// What the raw file embeds.
  package enum Embedded: Equatable, Sendable {
    case jpeg([UInt8])
    case bitmap(RGBImage)
  }

  /// The embedded preview of the raw file at `path`, and the EXIF orientation that stands it
  /// upright.
  package static func read(path: String, limits: PreviewLimits) throws(PreviewFailure) -> (
    preview: Embedded, orientation: Int
  ) {
    guard let data = libraw_init(0) else { throw .noEmbeddedPreview(reason: "LibRaw could not start") }
    defer { libraw_close(data) }
    let opened = libraw_open_file(data, path)
    guard opened == 0 else { throw .noEmbeddedPreview(reason: message(opened)) }
    let declared = Int(faver_raw_thumb_width(data)) * Int(faver_raw_thumb_height(data))
    guard declared <= limits.maxImagePixels else {
      throw .tooLarge(
        width: Int(faver_raw_thumb_width(data)), height: Int(faver_raw_thumb_height(data)),
        limit: limits.maxImagePixels)
    }
    let unpacked = libraw_unpack_thumb(data)
    guard unpacked == 0 else { throw .noEmbeddedPreview(reason: message(unpacked)) }
    var code: Int32 = 0
    guard let image = libraw_dcraw_make_mem_thumb(data, &code), let bytes = faver_raw_image_bytes(image)
    else {
      throw .noEmbeddedPreview(reason: message(code))
    }
    defer { libraw_dcraw_clear_mem(image) }
    let orientation =
      switch faver_raw_flip(data) {
      case 3: 3
      case 5: 8
      case 6: 6
      default: 1
      }
    let count = Int(image.pointee.data_size)
    switch image.pointee.type {
    case LIBRAW_IMAGE_JPEG:
      return (.jpeg(Array(UnsafeBufferPointer(start: bytes, count: count))), orientation)
    case LIBRAW_IMAGE_BITMAP:
      let width = Int(image.pointee.width)
      let height = Int(image.pointee.height)
      guard image.pointee.colors == 3, image.pointee.bits == 8, width > 0, height > 0,
        count >= width * height * 3
      else {
        throw .noEmbeddedPreview(reason: "a \(image.pointee.colors)-colour \(image.pointee.bits)-bit bitmap")
      }
      guard width * height <= limits.maxDecodedPixels else {
        throw .tooLarge(width: width, height: height, limit: limits.maxDecodedPixels)
      }
      let pixels = Array(UnsafeBufferPointer(start: bytes, count: width * height * 3))
      return (.bitmap(RGBImage(width: width, height: height, pixels: pixels)), orientation)
    default:
      throw .noEmbeddedPreview(reason: "a preview in a format LibRaw does not unpack")
    }
  }

  private static func message(_ code: Int32) -> String {
    libraw_strerror(code).map { String(cString: $0) } ?? "LibRaw error \(code)"
  }
}
