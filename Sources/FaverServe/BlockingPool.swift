import Dispatch
import Synchronization

/// Runs blocking work (a preview: a lookup, a child process to wait for) on at most `width`
/// threads at once, off the threads that answer requests: a caller beyond `width` waits without
/// holding a thread, in the order it came.
///
/// Work comes at one of two priorities. Work for the screen (`.onScreen`) never waits for work
/// ahead of the reviewer: it takes one of its `width` lanes whether ahead-work runs or not.
/// Ahead-work (`.ahead`) starts only on the lanes the screen leaves free (while no work for the
/// screen waits, and the two run on fewer than `width` lanes); one already running is not
/// stopped, so for the rest of it the two share the cores. Waiting ahead-work is dropped when its task is cancelled, and moves to the screen's
/// queue when the screen asks for it (`promote`).
final class BlockingPool: Sendable {
  let width: Int
  private let state = Mutex(State())

  enum Priority: Sendable { case onScreen, ahead }

  /// One run's place in the pool, for `promote`: once promoted, it runs at the screen's priority
  /// (also when it has not asked for a lane yet).
  final class Ticket: Sendable {
    fileprivate let isPromoted = Atomic(false)
    fileprivate let isDropped = Atomic(false)
    init() {}
  }

  private struct Waiter {
    var ticket: Ticket
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var screenRunning = 0
    var aheadRunning = 0
    var screenWaiting: [Waiter] = []
    var aheadWaiting: [Waiter] = []
    /// Tickets of ahead-work running now.
    var aheadTickets: Set<ObjectIdentifier> = []
  }

  init(width: Int) { self.width = max(1, width) }

  /// `work`'s result, run on one of the pool's threads when one is free for `priority`. Throws
  /// `CancellationError` when the task is cancelled while it waits.
  func run<T: Sendable>(
    _ priority: Priority = .onScreen, ticket: Ticket? = nil, _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    let ticket = ticket ?? Ticket()
    try await acquire(priority, ticket: ticket)
    defer { release(ticket: ticket) }
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }

  /// Moves `ticket`'s ahead-work to the screen's priority: to the screen's queue while it waits
  /// (or at once onto a screen lane, when one is free).
  func promote(_ ticket: Ticket) {
    let start = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      ticket.isPromoted.store(true, ordering: .sequentiallyConsistent)
      guard let index = state.aheadWaiting.firstIndex(where: { $0.ticket === ticket }) else { return nil }
      let waiter = state.aheadWaiting.remove(at: index)
      guard state.screenRunning < width else {
        state.screenWaiting.append(waiter)
        return nil
      }
      state.screenRunning += 1
      return waiter.continuation
    }
    start?.resume()
  }

  /// Drops `ticket`'s ahead-work unless it runs already: waiting, it throws `CancellationError`;
  /// not yet asking for a lane, it will. False when it runs (it then finishes).
  func drop(_ ticket: Ticket) -> Bool {
    let (dropped, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Void, any Error>?) in
      guard !state.aheadTickets.contains(ObjectIdentifier(ticket)) else { return (false, nil) }
      ticket.isDropped.store(true, ordering: .sequentiallyConsistent)
      guard let index = state.aheadWaiting.firstIndex(where: { $0.ticket === ticket }) else {
        return (true, nil)
      }
      return (true, state.aheadWaiting.remove(at: index).continuation)
    }
    waiting?.resume(throwing: CancellationError())
    return dropped
  }

  /// How many runs wait, for the screen and ahead.
  var waiting: (onScreen: Int, ahead: Int) {
    state.withLock { ($0.screenWaiting.count, $0.aheadWaiting.count) }
  }

  private func acquire(_ asked: Priority, ticket: Ticket) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let started = state.withLock { state in
          let priority = ticket.isPromoted.load(ordering: .sequentiallyConsistent) ? .onScreen : asked
          let isDropped = ticket.isDropped.load(ordering: .sequentiallyConsistent)
          if Task.isCancelled || isDropped, priority == .ahead { return nil as Bool? }
          switch priority {
          case .onScreen:
            guard state.screenRunning < width else {
              state.screenWaiting.append(Waiter(ticket: ticket, continuation: continuation))
              return false
            }
            state.screenRunning += 1
          case .ahead:
            guard state.screenWaiting.isEmpty, state.screenRunning + state.aheadRunning < width else {
              state.aheadWaiting.append(Waiter(ticket: ticket, continuation: continuation))
              return false
            }
            state.aheadRunning += 1
            state.aheadTickets.insert(ObjectIdentifier(ticket))
          }
          return true
        }
        switch started {
        case true: continuation.resume()
        case nil: continuation.resume(throwing: CancellationError())
        default: break
        }
      }
    } onCancel: {
      // Only waiting ahead-work is dropped; work for the screen runs to the end.
      let dropped = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let index = state.aheadWaiting.firstIndex(where: { $0.ticket === ticket }) else { return nil }
        return state.aheadWaiting.remove(at: index).continuation
      }
      dropped?.resume(throwing: CancellationError())
    }
  }

  /// Frees `ticket`'s lane, handing lanes to waiting work for the screen first, and to
  /// ahead-work only the lanes the screen leaves free.
  private func release(ticket: Ticket) {
    let next = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      if state.aheadTickets.remove(ObjectIdentifier(ticket)) != nil {
        state.aheadRunning -= 1
      } else {
        state.screenRunning -= 1
      }
      var next: [CheckedContinuation<Void, any Error>] = []
      while state.screenRunning < width, !state.screenWaiting.isEmpty {
        state.screenRunning += 1
        next.append(state.screenWaiting.removeFirst().continuation)
      }
      while state.screenWaiting.isEmpty, state.screenRunning + state.aheadRunning < width,
        !state.aheadWaiting.isEmpty
      {
        let waiter = state.aheadWaiting.removeFirst()
        state.aheadRunning += 1
        state.aheadTickets.insert(ObjectIdentifier(waiter.ticket))
        next.append(waiter.continuation)
      }
      return next
    }
    for continuation in next { continuation.resume() }
  }
}
