import FaverMetadata
import Foundation

/// Makes the preview of one file: an upright JPEG whose long edge is the size asked (or the
/// original's, when smaller), from the fastest good source its format offers:
///
/// - JPEG: the EXIF thumbnail when it is at least that large (and shaped like the photo), else
///   the photo decoded at the smallest DCT scale at least that large; turned by its EXIF
///   orientation;
/// - HEIC, AVIF: the thumbnail item when large enough, else the primary image (libheif);
/// - raw files (TIFF-based raws, CR3, RAF, MRW, X3F, CRW): their embedded preview (LibRaw),
///   turned as the camera was held;
/// - PNG (libpng), WebP (libwebp, scaled as it decodes), TIFFs that are not raw photos (libtiff):
///   decoded;
/// - videos: the first frame (ffmpeg);
/// - anything else (animated WebP): `PreviewFailure.unsupported`.
///
/// Every decode is bounded by `limits`. The original is only ever opened for reading.
package struct PreviewMaker: Sendable {
  package var limits: PreviewLimits
  package var video: VideoFrame
  /// JPEG quality of the previews, 1…100.
  package var quality = 85

  package init(
    limits: PreviewLimits = PreviewLimits(), video: VideoFrame = VideoFrame(ffmpeg: VideoFrame.findFFmpeg())
  ) {
    self.limits = limits
    self.video = video
  }

  /// The preview of the file at `path`, as JPEG bytes.
  package func jpeg(of path: String, longEdge: Int) throws(PreviewFailure) -> [UInt8] {
    try JPEGCodec.encode(image(of: path, longEdge: longEdge), quality: quality)
  }

  /// The preview of the file at `path`: upright, its long edge `longEdge` or the original's.
  package func image(of path: String, longEdge: Int) throws(PreviewFailure) -> RGBImage {
    let source: FileByteSource
    let head: [UInt8]
    do {
      source = try FileByteSource(regularFileAt: path)
      head = try source.read(at: 0, count: 4096)
    } catch {
      throw .unreadable(path: path, reason: Self.reason(error))
    }
    guard let format = MediaFormat.sniff(head) else { throw .unsupported(format: "these") }
    let (image, orientation): (RGBImage, Int)
    switch format {
    case .jpeg:
      let bytes = try contents(of: source, path: path)
      let display = ExifDisplay.read(jpeg: bytes)
      image = try jpegImage(bytes, thumbnail: display.thumbnail, longEdge: longEdge)
      orientation = display.orientation
    case .heif, .avif:
      let name = format == .heif ? "HEIF" : "AVIF"
      image = try HEIFDecoder.decode(
        contents(of: source, path: path), atLeast: longEdge, limits: limits, format: name)
      orientation = 1
    case .tiff, .cr3, .raf, .mrw, .x3f, .crw:
      let raw: (preview: RawPreview.Embedded, orientation: Int)
      do {
        raw = try RawPreview.read(path: path, limits: limits)
      } catch .noEmbeddedPreview(let reason) where format == .tiff {
        // LibRaw reads raw photos only (and takes some scans for raws without a preview): a TIFF
        // it cannot show is read as an image; when that fails too, a raw's reason is LibRaw's.
        do {
          raw = (.bitmap(try TIFFDecoder.decode(path: path, limits: limits)), 1)
        } catch {
          throw reason.contains("not RAW") ? error : .noEmbeddedPreview(reason: reason)
        }
      }
      switch raw.preview {
      case .jpeg(let bytes): image = try JPEGCodec.decode(bytes, atLeast: longEdge, limits: limits)
      case .bitmap(let bitmap): image = bitmap
      }
      orientation = raw.orientation
    case .quickTime, .mp4:
      let frame = try video.jpeg(of: path, longEdge: longEdge, limits: limits)
      image = try JPEGCodec.decode(frame, atLeast: longEdge, limits: limits)
      orientation = 1
    case .png:
      image = try PNGDecoder.decode(contents(of: source, path: path), limits: limits)
      orientation = 1
    case .webp:
      image = try WebPDecoder.decode(contents(of: source, path: path), longEdge: longEdge, limits: limits)
      orientation = 1
    }
    return image.downscaled(toLongEdge: longEdge).upright(fromOrientation: orientation)
  }

  /// A JPEG's pixels at least `longEdge` across: its EXIF thumbnail when that is large enough,
  /// no larger than the photo (an edited photo may keep its camera's thumbnail) and has its
  /// proportions (within 2 %), else the photo itself, DCT-scaled.
  func jpegImage(_ bytes: [UInt8], thumbnail: [UInt8]?, longEdge: Int) throws(PreviewFailure) -> RGBImage {
    if let thumbnail, let small = JPEGCodec.size(of: thumbnail), max(small.width, small.height) >= longEdge,
      let large = JPEGCodec.size(of: bytes), max(small.width, small.height) <= max(large.width, large.height),
      abs(Double(small.width) / Double(small.height) - Double(large.width) / Double(large.height))
        <= 0.02 * Double(large.width) / Double(large.height),
      let image = try? JPEGCodec.decode(thumbnail, atLeast: longEdge, limits: limits)
    {
      return image
    }
    return try JPEGCodec.decode(bytes, atLeast: longEdge, limits: limits)
  }

  /// The whole file, refused past `limits.maxFileBytes`.
  private func contents(of source: FileByteSource, path: String) throws(PreviewFailure) -> [UInt8] {
    guard source.size <= limits.maxFileBytes else {
      throw .fileTooLarge(bytes: source.size, limit: limits.maxFileBytes)
    }
    do {
      return try source.read(at: 0, count: Int(source.size))
    } catch {
      throw .unreadable(path: path, reason: Self.reason(error))
    }
  }

  private static func reason(_ error: MetadataError) -> String {
    switch error {
    case .cannotOpen(_, let code), .cannotRead(_, let code): String(cString: strerror(code))
    }
  }
}
