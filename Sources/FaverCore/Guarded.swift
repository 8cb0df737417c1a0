package import Foundation

/// State shared between threads with the lock that guards it, and a condition to wait on: the
/// only way to the state is through the lock (`Synchronization.Mutex` has no condition to wait
/// for, which the walk channel, the chunk writer and the queue's save need).
package final class Guarded<State>: @unchecked Sendable {
  private let condition = NSCondition()
  private var state: State

  package init(_ state: State) { self.state = state }

  /// Runs `body` with the lock held. `body` may change the state; waiters are woken after.
  @discardableResult
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return try body(&state)
  }

  /// Waits until `isReady` holds (or `deadline` passes), then runs `body` with the lock held.
  /// `body` gets whether `isReady` held.
  @discardableResult
  package func withLock<Result>(
    whenReady isReady: (State) -> Bool, deadline: Date? = nil, then body: (inout State, Bool) throws -> Result
  ) rethrows -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    var ready = isReady(state)
    while !ready {
      if let deadline {
        guard condition.wait(until: deadline) else { break }
      } else {
        condition.wait()
      }
      ready = isReady(state)
    }
    return try body(&state, ready || isReady(state))
  }
}
