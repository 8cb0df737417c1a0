import CHeif

/// HEIC and AVIF through libheif: the thumbnail item when it is big enough, else the primary
/// image decoded (within `PreviewLimits`); libheif turns both upright (`irot`, `imir`). The only
/// file that imports CHeif; no pointer leaves it.
package enum HEIFDecoder {
  /// The image of the HEIF file `bytes` whose long edge is at least `longEdge`, or the primary
  /// image's size when that is smaller.
  package static func decode(_ bytes: [UInt8], atLeast longEdge: Int, limits: PreviewLimits, format: String)
    throws(PreviewFailure) -> RGBImage
  {
    guard let context = heif_context_alloc() else { throw .damaged(format: format, reason: "no decoder") }
    defer { heif_context_free(context) }
    // Headers claiming more are refused by libheif before any allocation.
    heif_context_set_maximum_image_size_limit(context, 65_535)
    let result: Result<RGBImage, PreviewFailure> = bytes.withUnsafeBytes { buffer in
      let read = heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil)
      guard read.code == heif_error_Ok else {
        return .failure(.damaged(format: format, reason: message(read)))
      }
      var primary: OpaquePointer?
      let found = heif_context_get_primary_image_handle(context, &primary)
      guard found.code == heif_error_Ok, let primary else {
        return .failure(.damaged(format: format, reason: message(found)))
      }
      defer { heif_image_handle_release(primary) }
      if let thumbnail = thumbnail(of: primary, atLeast: longEdge) {
        defer { heif_image_handle_release(thumbnail) }
        if case .success(let image) = decode(thumbnail, limits: limits, format: format) {
          return .success(image)
        }
      }
      return decode(primary, limits: limits, format: format)
    }
    return try result.get()
  }

  /// The smallest thumbnail of `primary` whose long edge is at least `longEdge`; released by the
  /// caller.
  private static func thumbnail(of primary: OpaquePointer, atLeast longEdge: Int) -> OpaquePointer? {
    let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
    guard count > 0, count < 64 else { return nil }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
    var best: (handle: OpaquePointer, pixels: Int)?
    for id in ids.prefix(listed) {
      var handle: OpaquePointer?
      guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else {
        continue
      }
      let width = Int(heif_image_handle_get_width(handle))
      let height = Int(heif_image_handle_get_height(handle))
      if max(width, height) >= longEdge, width * height < (best?.pixels ?? .max) {
        if let best { heif_image_handle_release(best.handle) }
        best = (handle, width * height)
      } else {
        heif_image_handle_release(handle)
      }
    }
    return best?.handle
  }

  /// The image of `handle` as RGB, turned upright.
  private static func decode(_ handle: OpaquePointer, limits: PreviewLimits, format: String)
    -> Result<RGBImage, PreviewFailure>
  {
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    guard width > 0, height > 0 else { return .failure(.damaged(format: format, reason: "no image size")) }
    guard width * height <= limits.maxDecodedPixels else {
      return .failure(.tooLarge(width: width, height: height, limit: limits.maxDecodedPixels))
    }
    var image: OpaquePointer?
    let decoded = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
    guard decoded.code == heif_error_Ok, let image else {
      return .failure(.damaged(format: format, reason: message(decoded)))
    }
    defer { heif_image_release(image) }
    let outWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
    let outHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
    var stride: Int32 = 0
    guard outWidth > 0, outHeight > 0,
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
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

  private static func message(_ error: heif_error) -> String {
    error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
  }
}
