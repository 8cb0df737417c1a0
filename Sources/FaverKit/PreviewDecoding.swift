internal import FaverPreview
public import Foundation

/// How previews are decoded: each in `faver decode-worker`, a child process that may run
/// `seconds` (then it is killed) and grow by `memoryBytes`; a file that hangs, bombs or crashes
/// the decoder gets a placeholder that says so, remembered like a damaged file's.
public struct PreviewDecoding: Hashable, Sendable {
  /// The faver executable that runs the worker; nil when none was found (every preview is then a
  /// placeholder saying so).
  public var program: URL?
  /// Wall-clock limit of one preview, in seconds (a video's: ffmpeg's 20 s more).
  public var seconds: Int
  /// How much memory one preview may use, in bytes.
  public var memoryBytes: Int64
  /// Added to the worker's environment (in a debug build, tests set
  /// `FAVER_TEST_DECODER=hang|crash|allocate|descriptors` here).
  public var environment: [String: String]
  /// How much each worker lowers its priority (`nice`: 19 the lowest) before it decodes; nil
  /// keeps faver's own.
  public var niceness: Int32?

  public init(
    program: URL? = PreviewDecoding.faver, seconds: Int = 10, memoryBytes: Int64 = 1 << 30,
    environment: [String: String] = [:]
  ) {
    self.program = program
    self.seconds = seconds
    self.memoryBytes = memoryBytes
    self.environment = environment
  }

  /// The faver executable this process runs, else a `faver` beside it (a test bundle's).
  public static let faver: URL? = PreviewWorker.findFaver().map { URL(fileURLWithPath: $0) }

  var worker: PreviewWorker {
    var limits = PreviewLimits()
    limits.seconds = seconds
    limits.memoryBytes = memoryBytes
    limits.niceness = niceness
    return PreviewWorker(program: program?.path, limits: limits, environment: environment)
  }

  /// The hidden subcommand that decodes one preview.
  public static let workerCommandName = DecodeWorker.commandName

  /// What `faver decode-worker` does: limits this process (and ends it with `parent`, the
  /// process that started it), makes the preview of `path` whose long edge is `size` under
  /// `limits` (JSON, as the parent sent it), and returns the bytes to write on standard output.
  public static func runWorker(path: String, size: Int, limits: String, parent: Int32?) -> Data {
    let decoded = (try? JSONDecoder().decode(PreviewLimits.self, from: Data(limits.utf8))) ?? PreviewLimits()
    return Data(DecodeWorker.run(path: path, longEdge: size, limits: decoded, parent: parent))
  }
}
