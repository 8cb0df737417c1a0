import Dispatch
import Synchronization

/// Runs blocking work (a preview: a lookup, a child process to wait for) on at most `width`
/// threads at once, off the threads that answer requests: a caller beyond `width` waits without
/// holding a thread, in the order it came.
final class BlockingPool: Sendable {
  let width: Int
  private let state = Mutex(State())

  private struct State {
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  init(width: Int) { self.width = max(1, width) }

  /// `work`'s result, run on one of the pool's threads when one is free.
  func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    await acquire()
    defer { release() }
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }

  private func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let started = state.withLock { state in
        guard state.running < width else {
          state.waiting.append(continuation)
          return false
        }
        state.running += 1
        return true
      }
      if started { continuation.resume() }
    }
  }

  /// Hands the thread to the first waiting caller, else frees it.
  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
