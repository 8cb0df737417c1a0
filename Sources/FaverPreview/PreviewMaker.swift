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
      // The EXIF block and the frame header are in the first bytes: when the thumbnail serves,
      // the rest of the file is never read.
      let start = try contents(of: source, path: path, upTo: Self.jpegHeadBytes)
      let display = ExifDisplay.read(jpeg: start)
      if let thumbnail = thumbnailImage(display.thumbnail, of: start, longEdge: longEdge) {
        image = thumbnail
      } else {
        let bytes = start.count < source.size ? try contents(of: source, path: path) : start
        image = try JPEGCodec.decode(bytes, atLeast: longEdge, limits: limits)
      }
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
          raw = (.bitmap(try TIFFDecoder.decode(path: path, longEdge: longEdge, limits: limits)), 1)
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

  /// How much of a JPEG is read first: its EXIF block (at most 64 KiB) and its frame header.
  static let jpegHeadBytes = 128 << 10

  /// A JPEG's EXIF thumbnail decoded, when it is at least `longEdge` across, no larger than the
  /// photo (an edited photo may keep its camera's thumbnail) and has its proportions (within
  /// 2 %); nil otherwise. `start` is the photo's first bytes, its frame header among them.
  package func thumbnailImage(_ thumbnail: [UInt8]?, of start: [UInt8], longEdge: Int) -> RGBImage? {
    guard let thumbnail, let small = JPEGCodec.size(of: thumbnail),
      max(small.width, small.height) >= longEdge,
      let large = JPEGCodec.size(of: start), max(small.width, small.height) <= max(large.width, large.height)
    else { return nil }
    let aspect = Double(large.width) / Double(large.height)
    guard abs(Double(small.width) / Double(small.height) - aspect) <= 0.02 * aspect else { return nil }
    return try? JPEGCodec.decode(thumbnail, atLeast: longEdge, limits: limits)
  }

  /// The whole file (or its first `count` bytes), refused past `limits.maxFileBytes`.
  private func contents(of source: FileByteSource, path: String, upTo count: Int = .max)
    throws(PreviewFailure)
    -> [UInt8]
  {
    guard source.size <= limits.maxFileBytes else {
      throw .fileTooLarge(bytes: source.size, limit: limits.maxFileBytes)
    }
    do {
      return try source.read(at: 0, count: Int(min(source.size, Int64(count))))
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
