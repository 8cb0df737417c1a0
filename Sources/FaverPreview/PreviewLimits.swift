/// How much a preview may cost, per file: what keeps a 200 MP photo, a decompression bomb, a
/// truncated raw or a decoder that never returns from stalling a review or exhausting memory.
///
/// Every decode runs in `faver decode-worker`, a child process (`PreviewWorker`): the limits on
/// pixels refuse what a header claims before anything is allocated; `seconds` and `memoryBytes`
/// hold whatever a decoder does anyway (a loop in LibRaw, a bomb no header gives away).
package struct PreviewLimits: Codable, Equatable, Sendable {
  /// The largest file read into memory (JPEG, HEIF, PNG …); raw files are read by LibRaw in place.
  package var maxFileBytes: Int64 = 512 << 20
  /// The most pixels decoded at once (after a JPEG's DCT scaling): 100 MP is 300 MB of RGB.
  package var maxDecodedPixels = 100_000_000
  /// The most pixels an image may say it has at all: a header claiming more is not decoded.
  package var maxImagePixels = 1_000_000_000
  /// How long ffmpeg may take to give a video's frame, in seconds.
  package var videoSeconds = 20
  /// How long the worker may take to make one preview (a video's: `videoSeconds` more), in
  /// seconds of wall-clock time; then it is killed (SIGKILL). Its CPU time is limited to twice
  /// that (`RLIMIT_CPU`: libheif decodes on several threads), in case it outlives its parent.
  package var seconds = 10
  /// The memory a preview may use: the worker's address space may grow by this much over what it
  /// holds when it starts (`RLIMIT_AS`); a decoder asking for more gets none, and the preview is
  /// a placeholder. Also what a progressive JPEG's or a TIFF's decode is estimated against before
  /// it starts.
  package var memoryBytes: Int64 = 1 << 30
  /// How much the worker lowers its own priority (`nice`, 19 the lowest) before it decodes; nil
  /// keeps its parent's.
  package var niceness: Int32?

  package init() {}
}
