import Foundation
import Logging

/// How long each phase of a long use case took, in the debug log (`FAVER_LOG_LEVEL=debug`): what a
/// slow run is read by before it is profiled.
extension Library {
  /// Runs `body`, then logs how long the phase `name` took, and how much of that the calling
  /// thread spent on a CPU: on a shared machine the wall time also holds the waits for a core.
  func timed<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let started = ContinuousClock.now
    let cpu = Self.threadCPUSeconds()
    defer {
      let spent = (Self.threadCPUSeconds() - cpu).formatted(.number.precision(.fractionLength(3)))
      logger.debug("\(name): \(ContinuousClock.now - started) (\(spent) s of CPU)")
    }
    return try body()
  }

  /// The CPU time the calling thread has used, in seconds.
  private static func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
