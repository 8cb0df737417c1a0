import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The child side of `PreviewWorker`: what `faver decode-worker` does. It first limits itself,
/// then makes one preview with `PreviewMaker` and answers with a `WorkerReply`:
///
/// - address space: what it holds now plus `PreviewLimits.memoryBytes` (`RLIMIT_AS`): an
///   allocation past it fails, and the worker says so or aborts (`PreviewFailure.needsMemory`);
/// - CPU time: twice `PreviewLimits.seconds` (`RLIMIT_CPU`), and a wall clock a little past what
///   the parent waits (`alarm`): the parent kills it at `seconds` of wall-clock time;
/// - its parent: it is killed when the parent ends (`ProcessIsolation.endWithParent`), so a
///   worker never outlives the server or command that waits for it, stopped or not.
///
/// In a debug build only (the tests'), `FAVER_TEST_DECODER` makes its decoder `hang` (never
/// return), `crash` (SIGSEGV), `allocate` (without bound) or answer `descriptors` or `environment` (a
/// failure naming what its open descriptors are, or its variables) instead of decoding; with `FAVER_TEST_DECODER_MATCH`, only
/// for files whose path contains it. A hanging worker says so first: a line in the file
/// `FAVER_TEST_DECODER_LOG`, then a line into the pipe `FAVER_TEST_DECODER_FIFO` (it waits for a
/// reader), so a test knows when it hangs without waiting for time. A release build reads none of
/// them.
package enum DecodeWorker {
  /// The hidden subcommand that runs it.
  package static let commandName = "decode-worker"

  /// Limits this process, then makes the preview of `path`; the bytes to write on standard
  /// output.
  package static func run(
    path: String, longEdge: Int, limits: PreviewLimits, parent: Int32?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [UInt8] {
    if let parent { ProcessIsolation.endWithParent(parent) }
    limitItself(limits, files: 1)
    if let asked = misbehaveIfAsked(environment, paths: [path]) {
      return WorkerReply(.failure(asked), peakBytes: 0).encoded
    }
    let maker = PreviewMaker(limits: limits)
    let result = Result { () throws(PreviewFailure) in try maker.jpeg(of: path, longEdge: longEdge) }
    return WorkerReply(result.mapError { refusedAllocation($0, limits: limits) }, peakBytes: peakResident())
      .encoded
  }

  /// Limits this process, then reads the signals of each of `paths` (`SignalMaker`); the bytes to
  /// write on standard output (`SignalReply.encoded`).
  package static func runSignals(
    paths: [String], limits: PreviewLimits, parent: Int32?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [UInt8] {
    if let parent { ProcessIsolation.endWithParent(parent) }
    limitItself(limits, files: paths.count)
    if let asked = misbehaveIfAsked(environment, paths: paths) {
      return SignalReply.encoded(paths.map { _ in .failure(asked) })
    }
    let maker = SignalMaker(limits: limits)
    return SignalReply.encoded(
      paths.map { path in
        Result { () throws(PreviewFailure) in try maker.signals(of: path) }
          .mapError { refusedAllocation($0, limits: limits) }
      })
  }

  /// What `FAVER_TEST_DECODER` asks for instead of decoding, in a debug build: a failure to
  /// answer (`descriptors`), else nothing, when it does not end the worker itself.
  private static func misbehaveIfAsked(_ environment: [String: String], paths: [String]) -> PreviewFailure? {
    #if DEBUG
      if let match = environment["FAVER_TEST_DECODER_MATCH"], !paths.contains(where: { $0.contains(match) }) {
        return nil
      }
      switch environment["FAVER_TEST_DECODER"] {
      case "hang":
        announceHang(environment)
        while true { pause() }
      case "crash":
        raise(SIGSEGV)
      case "allocate":
        var held: [[UInt8]] = []
        while true { held.append([UInt8](repeating: 1, count: 64 << 20)) }
      case "descriptors":
        return .damaged(format: "test", reason: openDescriptors().joined(separator: ", "))
      case "environment":
        return .damaged(format: "test", reason: environment.keys.sorted().joined(separator: " "))
      default: break
      }
    #endif
    return nil
  }

  #if DEBUG
    private static func announceHang(_ environment: [String: String]) {
      let line = Array("\(getpid())\n".utf8)
      for (name, flags) in [
        ("FAVER_TEST_DECODER_LOG", O_WRONLY | O_APPEND | O_CREAT), ("FAVER_TEST_DECODER_FIFO", O_WRONLY),
      ] {
        guard let path = environment[name] else { continue }
        let descriptor = open(path, flags | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { continue }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
      }
    }

    /// What each descriptor this process holds is (`/proc/self/fd`): "0 /dev/null",
    /// "3 socket:[1234]"; the listing's own descriptor left out.
    private static func openDescriptors() -> [String] {
      let folder = "/proc/self/fd"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return names.compactMap { name -> (Int, String)? in
        guard let number = Int(name),
          let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)"),
          !target.hasPrefix("/proc/")
        else { return nil }
        return (number, target)
      }
      .sorted { $0.0 < $1.0 }.map { "\($0.0) \($0.1)" }
    }
  #endif

  /// `failure`, or `needsMemory` when a decoder says an allocation failed (libjpeg's "Insufficient
  /// memory", libheif's "Memory allocation error", libtiff's "Out of memory").
  static func refusedAllocation(_ failure: PreviewFailure, limits: PreviewLimits) -> PreviewFailure {
    switch failure {
    case .damaged(_, let reason), .noEmbeddedPreview(let reason):
      let text = reason.lowercased()
      return text.contains("memory") && !text.contains("memory limit")
        ? .needsMemory(limit: limits.memoryBytes) : failure
    default: return failure
    }
  }

  /// Sets this process's address-space, CPU and wall-clock limits for `files` files, and lowers
  /// its priority by `niceness`.
  static func limitItself(_ limits: PreviewLimits, files: Int) {
    if let niceness = limits.niceness { _ = nice(niceness) }
    let now = addressSpace()
    var memory = rlimit(
      rlim_cur: rlim_t(now + limits.memoryBytes), rlim_max: rlim_t(now + limits.memoryBytes))
    _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
    let seconds = rlim_t(2 * max(limits.seconds, 1) + limits.videoSeconds)
    var cpu = rlimit(rlim_cur: seconds, rlim_max: seconds + 5)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
    // The parent waits `seconds` (a video's more) a file; this ends a worker it stopped waiting for.
    alarm(UInt32(clamping: (max(limits.seconds, 1) + limits.videoSeconds) * max(files, 1) + 5))
  }

  /// This process's peak resident memory, in bytes (`VmHWM` in `/proc/self/status`); 0 when
  /// unknown.
  static func peakResident() -> Int64 {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({
        Int64($0)
      })
    else { return 0 }
    return kilobytes * 1024
  }

  /// This process's address space now, in bytes (`/proc/self/statm`).
  static func addressSpace() -> Int64 {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").first.flatMap({ Int64($0) })
    else { return 0 }
    return pages * Int64(sysconf(Int32(_SC_PAGESIZE)))
  }
}
