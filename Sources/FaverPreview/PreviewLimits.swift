/// How much a preview may cost, per file: what keeps a 200 MP photo, a decompression bomb or a
/// truncated raw from stalling a review or exhausting memory.
package struct PreviewLimits: Equatable, Sendable {
  /// The largest file read into memory (JPEG, HEIF, PNG …); raw files are read by LibRaw in place.
  package var maxFileBytes: Int64 = 512 << 20
  /// The most pixels decoded at once (after a JPEG's DCT scaling): 100 MP is 300 MB of RGB.
  package var maxDecodedPixels = 100_000_000
  /// The most pixels an image may say it has at all: a header claiming more is not decoded.
  package var maxImagePixels = 1_000_000_000
  /// How long ffmpeg may take to give a video's frame, in seconds.
  package var videoSeconds = 20

  package init() {}
}
