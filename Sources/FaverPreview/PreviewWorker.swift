import FaverMetadata
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Makes previews in a child process: `faver decode-worker` (`DecodeWorker`), one per preview,
/// under `limits` (wall-clock, address space, CPU), so that whatever a decoder does with a hostile
/// file (loop forever, allocate without bound, crash) costs that preview only. A hang, a bomb or a
/// crash is a `PreviewFailure` like a damaged file's: the caller shows a placeholder and remembers
/// it.
package struct PreviewWorker: Sendable {
  /// The faver executable; nil when none was found (`PreviewFailure.noWorker`).
  package var program: String?
  package var limits: PreviewLimits
  /// The worker's environment beside the few variables it is given (`ProcessIsolation`); in a
  /// debug build, tests set `FAVER_TEST_DECODER` here.
  package var environment: [String: String]

  package init(program: String?, limits: PreviewLimits = PreviewLimits(), environment: [String: String] = [:])
  {
    self.program = program
    self.limits = limits
    self.environment = environment
  }

  /// The faver executable this process runs (`/proc/self/exe`), else a `faver` beside it or one
  /// folder up (a test bundle's, built by `swift build`): never a program that is not faver.
  package static func findFaver() -> String? {
    let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    if own.lastPathComponent == "faver" { return own.path }
    let folder = own.deletingLastPathComponent()
    return [folder, folder.deletingLastPathComponent()].lazy.map { $0.appendingPathComponent("faver").path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// What a run cost, for tests and benchmarks.
  package struct Cost: Equatable, Sendable {
    /// The worker's peak resident memory, in bytes, as it reported it (`VmHWM`); nil when it did
    /// not answer (killed, crashed).
    package var peakBytes: Int64?
  }

  /// The preview of the file at `path` whose long edge is `longEdge`, as JPEG bytes (see
  /// `PreviewMaker`), made by the worker.
  package func jpeg(of path: String, longEdge: Int) throws(PreviewFailure) -> [UInt8] {
    try run(path: path, longEdge: longEdge).jpeg.get()
  }

  /// `jpeg(of:longEdge:)`, and what it cost.
  package func run(path: String, longEdge: Int) -> (jpeg: Result<[UInt8], PreviewFailure>, cost: Cost) {
    guard let program else {
      return (.failure(.noWorker(reason: "no faver program found")), Cost(peakBytes: nil))
    }
    let seconds = limits.seconds + (Self.isVideo(path) ? limits.videoSeconds : 0)
    let ending: ChildProcess.Ending
    do {
      ending = try runWorker(
        program, arguments: ["--size", String(longEdge), "--", path], seconds: seconds)
    } catch {
      return (.failure(.noWorker(reason: error.description)), Cost(peakBytes: nil))
    }
    let reply = ending.status == 0 ? WorkerReply(encoded: ending.output) : nil
    return (Self.result(of: ending, seconds: seconds, limits: limits), Cost(peakBytes: reply?.peakBytes))
  }

  /// Runs `faver decode-worker` with `arguments` (after its limits and this process's pid, the
  /// parent it ends with) for at most `seconds`, in a clean environment (`ProcessIsolation`) plus
  /// `environment`. A worker killed from outside (the OOM killer, a person: a signal that neither
  /// its limits nor the file sent) is run once more before its ending counts.
  func runWorker(_ program: String, arguments: [String], seconds: Int) throws(ChildProcessError)
    -> ChildProcess.Ending
  {
    let settings = (try? JSONEncoder().encode(limits)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    let child = ChildProcess(
      program: program,
      arguments: [DecodeWorker.commandName, "--limits", settings, "--parent", String(getpid())] + arguments,
      environment: ProcessIsolation.environment(adding: environment), seconds: seconds)
    let ending = try child.run()
    return Self.killedFromOutside(ending) ? try child.run() : ending
  }

  /// Whether a worker was ended by a signal from outside: SIGKILL that faver did not send (its
  /// wall clock), SIGTERM, SIGINT or SIGHUP. A file makes a decoder crash (SIGSEGV, SIGABRT,
  /// SIGBUS), or pass its limits (SIGXCPU, SIGALRM), never these.
  static func killedFromOutside(_ ending: ChildProcess.Ending) -> Bool {
    guard let signal = ending.signal, !ending.timedOut else { return false }
    return [SIGKILL, SIGTERM, SIGINT, SIGHUP].contains(signal)
  }

  /// The preview, or why there is none, from how the worker ended.
  static func result(of ending: ChildProcess.Ending, seconds: Int, limits: PreviewLimits)
    -> Result<[UInt8], PreviewFailure>
  {
    if ending.timedOut { return .failure(.timedOut(seconds: seconds)) }
    if let signal = ending.signal {
      // The Swift runtime, C++'s `new` and glibc say so on stderr before they abort.
      let errors = String(decoding: ending.errors, as: UTF8.self)
      let outOfMemory = ["to allocate", "allocate memory", "bad_alloc", "out of memory"].contains {
        errors.localizedCaseInsensitiveContains($0)
      }
      // The CPU limit (SIGXCPU) and the worker's own wall clock (SIGALRM) are time limits.
      if signal == SIGXCPU || signal == SIGALRM { return .failure(.timedOut(seconds: seconds)) }
      if killedFromOutside(ending) { return .failure(.killed(signal: signal)) }
      return .failure(outOfMemory ? .needsMemory(limit: limits.memoryBytes) : .crashed(signal: signal))
    }
    guard ending.status == 0, let reply = WorkerReply(encoded: ending.output) else {
      return .failure(.noWorker(reason: "it exited with status \(ending.status ?? -1) and no answer"))
    }
    return reply.result
  }

  /// Whether the file at `path` is a video (given `videoSeconds` more: ffmpeg's limit).
  private static func isVideo(_ path: String) -> Bool {
    guard let source = try? FileByteSource(regularFileAt: path), let head = try? source.read(at: 0, count: 64)
    else { return false }
    return [.quickTime, .mp4].contains(MediaFormat.sniff(head))
  }
}

/// What `faver decode-worker` writes on its standard output: `J` and the JPEG, or `F` and the
/// failure as JSON, after the tag its peak resident memory (8 bytes, little-endian).
package struct WorkerReply: Equatable {
  var result: Result<[UInt8], PreviewFailure>
  /// The worker's peak resident memory (`VmHWM`), in bytes.
  var peakBytes: Int64

  package init(_ result: Result<[UInt8], PreviewFailure>, peakBytes: Int64) {
    self.result = result
    self.peakBytes = peakBytes
  }

  init?(encoded: [UInt8]) {
    guard encoded.count >= 9 else { return nil }
    peakBytes = encoded[1..<9].reversed().reduce(0) { $0 << 8 | Int64($1) }
    let body = encoded.dropFirst(9)
    switch encoded[0] {
    case UInt8(ascii: "J"): result = .success(Array(body))
    case UInt8(ascii: "F"):
      guard let failure = try? JSONDecoder().decode(PreviewFailure.self, from: Data(body)) else { return nil }
      result = .failure(failure)
    default: return nil
    }
  }

  package var encoded: [UInt8] {
    let peak = (0..<8).map { UInt8(truncatingIfNeeded: peakBytes >> (8 * $0)) }
    switch result {
    case .success(let jpeg): return [UInt8(ascii: "J")] + peak + jpeg
    case .failure(let failure):
      return [UInt8(ascii: "F")] + peak + ((try? JSONEncoder().encode(failure)).map(Array.init) ?? [])
    }
  }
}
