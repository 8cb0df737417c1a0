package import FaverCore
import FaverMetadata

/// Reads a file's `PhotoSignals` (see `SignalAnalyzer`) from as few pixels as serve: the picture
/// `PreviewMaker` gives for a long edge of `SignalAnalyzer.gridEdge` (a JPEG decoded at the
/// smallest DCT scale at least that large, 1/8 for 12 MP and up, or its EXIF thumbnail when that
/// is as large (cameras write 160 px: it never is); a HEIC's thumbnail item when as large (iPhones
/// write 320×240: it is), else its primary image; a video's first
/// frame through ffmpeg), upright. The size kept for the tie-break is the JPEG's frame size, else
/// the size decoded.
package struct SignalMaker: Sendable {
  package var maker: PreviewMaker

  package init(limits: PreviewLimits = PreviewLimits()) {
    maker = PreviewMaker(limits: limits)
  }

  package func signals(of path: String) throws(PreviewFailure) -> PhotoSignals {
    let image = try maker.image(of: path, longEdge: SignalAnalyzer.gridEdge)
    let size = Self.jpegSize(of: path) ?? (image.width, image.height)
    return Self.signals(of: image, width: size.width, height: size.height)
  }

  /// The signals of `image`, an upright picture of a photo `width`×`height`.
  package static func signals(of image: RGBImage, width: Int, height: Int) -> PhotoSignals {
    SignalAnalyzer().signals(
      of: GrayImage(width: image.width, height: image.height, rgb: image.pixels), width: width, height: height
    )
  }

  /// A JPEG's frame size, read from its first bytes; nil for other files.
  private static func jpegSize(of path: String) -> (width: Int, height: Int)? {
    guard let source = try? FileByteSource(regularFileAt: path),
      let head = try? source.read(at: 0, count: Int(min(source.size, Int64(PreviewMaker.jpegHeadBytes)))),
      MediaFormat.sniff(head) == .jpeg
    else { return nil }
    return JPEGCodec.size(of: head)
  }
}
