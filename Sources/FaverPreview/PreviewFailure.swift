/// Why a photo or video has no preview: written on its placeholder's record, shown on stderr,
/// returned with the placeholder. A failure the file causes is remembered in the cache and not
/// tried again for the same content (a changed file is a new asset id); one that may pass (the
/// file unreadable now, a tool missing, the worker killed from outside) is tried again.
package enum PreviewFailure: Error, Codable, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read (gone, unreadable).
  case unreadable(path: String, reason: String)
  /// No decoder in faver for this kind of file.
  case unsupported(format: String)
  /// The image is larger than faver decodes (`PreviewLimits`).
  case tooLarge(width: Int, height: Int, limit: Int)
  /// The file is larger than faver reads into memory.
  case fileTooLarge(bytes: Int64, limit: Int64)
  /// The decoder refused the data (truncated, corrupt).
  case damaged(format: String, reason: String)
  /// A raw file without an embedded preview faver can show.
  case noEmbeddedPreview(reason: String)
  /// A video, and no `ffmpeg` on the PATH to take a frame from it.
  case noVideoTool
  /// Making the preview took longer than the limit (the worker, or ffmpeg, was killed).
  case timedOut(seconds: Int)
  /// The decoder needed more memory than a preview may use (`PreviewLimits.memoryBytes`).
  case needsMemory(limit: Int64)
  /// The decoder crashed on the file: the worker died of `signal`.
  case crashed(signal: Int32)
  /// The worker was ended from outside (the system out of memory, a person), not by the file:
  /// tried again at once, and on the next view.
  case killed(signal: Int32)
  /// `faver decode-worker`, which decodes every preview, could not be run.
  case noWorker(reason: String)

  package var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "Cannot read \(path): \(reason). Check that the file is still there and readable, then run `faver refresh`."
    case .unsupported(let format):
      "faver cannot decode \(format) files yet; open the original in another viewer."
    case .tooLarge(let width, let height, let limit):
      "The image is \(width)×\(height) pixels, over the \(limit / 1_000_000) MP faver decodes for a preview; "
        + "open the original in another viewer."
    case .fileTooLarge(let bytes, let limit):
      "The file is \(bytes >> 20) MiB, over the \(limit >> 20) MiB faver reads for a preview; "
        + "open the original in another viewer."
    case .damaged(let format, let reason):
      "The \(format) data is damaged (\(reason)); the original may be incomplete."
    case .noEmbeddedPreview(let reason):
      "The raw file holds no preview faver can show (\(reason)); develop it in a raw converter."
    case .noVideoTool:
      "Video previews need ffmpeg: install it (Debian: `apt-get install ffmpeg`) and delete the "
        + "placeholder with `faver preview --retry`."
    case .timedOut(let seconds):
      "The preview took longer than \(seconds) s to decode and was stopped; the file may be damaged: "
        + "open the original in another viewer."
    case .needsMemory(let limit):
      "Decoding it needs more memory than the \(Self.amount(limit)) a preview may use; the file may be a "
        + "decompression bomb or damaged: open the original in another viewer."
    case .crashed(let signal):
      "The decoder crashed (signal \(signal)) on this file; it may be damaged: open the original in "
        + "another viewer."
    case .killed(let signal):
      "The decoder was stopped from outside (signal \(signal): the system may have run short of memory); "
        + "faver tries again the next time the photo is shown."
    case .noWorker(let reason):
      "Previews are decoded by `faver decode-worker`, which could not run (\(reason)); check that the "
        + "faver program is installed whole, then try again."
    }
  }

  /// A short word for the placeholder's label.
  package var label: String {
    switch self {
    case .unreadable: "UNREADABLE"
    case .unsupported: "UNSUPPORTED"
    case .tooLarge, .fileTooLarge: "TOO LARGE"
    case .damaged: "DAMAGED"
    case .noEmbeddedPreview: "NO PREVIEW"
    case .noVideoTool: "VIDEO"
    case .timedOut: "TIMED OUT"
    case .needsMemory: "TOO LARGE"
    case .crashed: "CRASHED"
    case .killed: "STOPPED"
    case .noWorker: "NO DECODER"
    }
  }

  /// `bytes` as a person reads it: "1 GiB", "300 MiB".
  static func amount(_ bytes: Int64) -> String {
    bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
  }
}
