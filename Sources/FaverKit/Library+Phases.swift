import Foundation
import Logging

/// How long each phase of a long use case took, in the debug log (`FAVER_LOG_LEVEL=debug`): what a
/// slow run is read by before it is profiled.
extension Library {
  /// Runs `body`, then logs how long the phase `name` took.
  func timed<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let started = ContinuousClock.now
    defer { logger.debug("\(name): \(ContinuousClock.now - started)") }
    return try body()
  }
}
