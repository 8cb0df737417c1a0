import CHeif

/// HEIC and AVIF through libheif: the thumbnail item when it is big enough, else the primary
/// image decoded (within `PreviewLimits`); libheif turns both upright (`irot`, `imir`). The only
/// file that imports CHeif; no pointer leaves it.
///
/// libheif is opened at the first decode (`faver_heif_open`), not linked, so that commands that
/// decode nothing do not load it and its codecs. Every function of `FaverHeif` is found once it
/// opened, so the calls below through optional function pointers always call.
package enum HEIFDecoder {
  /// libheif's functions; nil when the library or one of them cannot be found.
  private static let heif: FaverHeif? = {
    var api = FaverHeif()
    return faver_heif_open(&api) == 1 ? api : nil
  }()

  /// The image of the HEIF file `bytes` whose long edge is at least `longEdge`, or the primary
  /// image's size when that is smaller.
  package static func decode(_ bytes: [UInt8], atLeast longEdge: Int, limits: PreviewLimits, format: String)
    throws(PreviewFailure) -> RGBImage
  {
    guard let heif else { throw .damaged(format: format, reason: "libheif (libheif.so.1) cannot be loaded") }
    guard let context = heif.context_alloc?() else { throw .damaged(format: format, reason: "no decoder") }
    defer { heif.context_free?(context) }
    // Headers claiming more are refused by libheif before any allocation.
    heif.context_set_maximum_image_size_limit?(context, 65_535)
    let result: Result<RGBImage, PreviewFailure> = bytes.withUnsafeBytes { buffer in
      let read =
        heif.context_read_from_memory_without_copy?(context, buffer.baseAddress, buffer.count, nil)
        ?? uncalled
      guard read.code == heif_error_Ok else {
        return .failure(.damaged(format: format, reason: message(read)))
      }
      var primary: OpaquePointer?
      let found = heif.context_get_primary_image_handle?(context, &primary) ?? uncalled
      guard found.code == heif_error_Ok, let primary else {
        return .failure(.damaged(format: format, reason: message(found)))
      }
      defer { heif.image_handle_release?(primary) }
      if let thumbnail = thumbnail(of: primary, atLeast: longEdge, heif) {
        defer { heif.image_handle_release?(thumbnail) }
        if case .success(let image) = decode(thumbnail, limits: limits, format: format, heif) {
          return .success(image)
        }
      }
      return decode(primary, limits: limits, format: format, heif)
    }
    return try result.get()
  }

  /// The smallest thumbnail of `primary` whose long edge is at least `longEdge`; released by the
  /// caller.
  private static func thumbnail(of primary: OpaquePointer, atLeast longEdge: Int, _ heif: FaverHeif)
    -> OpaquePointer?
  {
    let count = Int(heif.image_handle_get_number_of_thumbnails?(primary) ?? 0)
    guard count > 0, count < 64 else { return nil }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif.image_handle_get_list_of_thumbnail_IDs?(primary, &ids, Int32(count)) ?? 0)
    var best: (handle: OpaquePointer, pixels: Int)?
    for id in ids.prefix(listed) {
      var handle: OpaquePointer?
      guard heif.image_handle_get_thumbnail?(primary, id, &handle).code == heif_error_Ok, let handle else {
        continue
      }
      let width = Int(heif.image_handle_get_width?(handle) ?? 0)
      let height = Int(heif.image_handle_get_height?(handle) ?? 0)
      if max(width, height) >= longEdge, width * height < (best?.pixels ?? .max) {
        if let best { heif.image_handle_release?(best.handle) }
        best = (handle, width * height)
      } else {
        heif.image_handle_release?(handle)
      }
    }
    return best?.handle
  }

  /// The image of `handle` as RGB, turned upright.
  private static func decode(
    _ handle: OpaquePointer, limits: PreviewLimits, format: String, _ heif: FaverHeif
  )
    -> Result<RGBImage, PreviewFailure>
  {
    let width = Int(heif.image_handle_get_width?(handle) ?? 0)
    let height = Int(heif.image_handle_get_height?(handle) ?? 0)
    guard width > 0, height > 0 else { return .failure(.damaged(format: format, reason: "no image size")) }
    guard width * height <= limits.maxDecodedPixels else {
      return .failure(.tooLarge(width: width, height: height, limit: limits.maxDecodedPixels))
    }
    var image: OpaquePointer?
    let decoded =
      heif.decode_image?(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil) ?? uncalled
    guard decoded.code == heif_error_Ok, let image else {
      return .failure(.damaged(format: format, reason: message(decoded)))
    }
    defer { heif.image_release?(image) }
    let outWidth = Int(heif.image_get_width?(image, heif_channel_interleaved) ?? 0)
    let outHeight = Int(heif.image_get_height?(image, heif_channel_interleaved) ?? 0)
    var stride: Int32 = 0
    guard outWidth > 0, outHeight > 0,
      let plane = heif.image_get_plane_readonly?(image, heif_channel_interleaved, &stride),
      Int(stride) >= outWidth * 3
    else { return .failure(.damaged(format: format, reason: "no RGB plane")) }
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
    pixels.withUnsafeMutableBufferPointer { target in
      for row in 0..<outHeight {
        let source = UnsafeBufferPointer(start: plane + row * Int(stride), count: outWidth * 3)
        for column in 0..<outWidth * 3 { target[row * outWidth * 3 + column] = source[column] }
      }
    }
    return .success(RGBImage(width: outWidth, height: outHeight, pixels: pixels))
  }

  /// What a call through a function libheif lacks would say (never: `faver_heif_open` found them all).
  private static var uncalled: heif_error {
    heif_error(code: heif_error_Unsupported_feature, subcode: heif_suberror_Unspecified, message: nil)
  }

  private static func message(_ error: heif_error) -> String {
    error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
  }
}
