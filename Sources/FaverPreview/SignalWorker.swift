package import FaverCore
import Foundation

/// Reads signals (`SignalMaker`) in a child process, `faver decode-worker --signals`, a batch of
/// files at a time under `limits` (the wall-clock limit counted per file), so that a file that
/// hangs, bombs or crashes a decoder costs only itself: when a batch's worker does not answer,
/// its files are read again one per worker, and the one that fails alone gets the failure.
package struct SignalWorker: Sendable {
  package var worker: PreviewWorker

  package init(worker: PreviewWorker) { self.worker = worker }

  /// The signals of each of `paths`, or why there are none, in the order given.
  package func signals(of paths: [String]) -> [Result<PhotoSignals, PreviewFailure>] {
    guard !paths.isEmpty else { return [] }
    let batch = run(paths)
    if case .success(let results) = batch, results.count == paths.count { return results }
    guard paths.count > 1 else {
      if case .failure(let failure) = batch { return [.failure(failure)] }
      return [.failure(.noWorker(reason: "it gave no answer"))]
    }
    return paths.flatMap { signals(of: [$0]) }
  }

  /// One worker's answer for `paths`, or why it gave none.
  private func run(_ paths: [String]) -> Result<[Result<PhotoSignals, PreviewFailure>], PreviewFailure> {
    guard let program = worker.program else { return .failure(.noWorker(reason: "no faver program found")) }
    let limits = worker.limits
    let seconds = (limits.seconds + limits.videoSeconds) * paths.count
    let ending: ChildProcess.Ending
    do {
      ending = try worker.runWorker(
        program, arguments: ["--signals", "--size", "0", "--"] + paths, seconds: seconds)
    } catch {
      return .failure(.noWorker(reason: error.description))
    }
    guard ending.status == 0, !ending.timedOut else {
      switch PreviewWorker.result(of: ending, seconds: seconds, limits: limits) {
      case .failure(let failure): return .failure(failure)
      case .success: return .failure(.noWorker(reason: "it gave no answer"))
      }
    }
    guard let replies = try? JSONDecoder().decode([SignalReply].self, from: Data(ending.output)) else {
      return .failure(.noWorker(reason: "its answer was not understood"))
    }
    return .success(replies.map(\.result))
  }
}

/// One file's answer in `faver decode-worker --signals`'s JSON array.
package struct SignalReply: Codable, Equatable {
  var signals: PhotoSignals?
  var failure: PreviewFailure?

  init(_ result: Result<PhotoSignals, PreviewFailure>) {
    switch result {
    case .success(let signals): self.signals = signals
    case .failure(let failure): self.failure = failure
    }
  }

  var result: Result<PhotoSignals, PreviewFailure> {
    if let signals { return .success(signals) }
    return .failure(failure ?? .noWorker(reason: "it gave no answer"))
  }

  /// What the worker writes for `results`.
  package static func encoded(_ results: [Result<PhotoSignals, PreviewFailure>]) -> [UInt8] {
    Array((try? JSONEncoder().encode(results.map(SignalReply.init))) ?? Data("[]".utf8))
  }
}
