import Foundation
import Synchronization

/// Runs blocking work (a preview: a lookup, a child process to wait for) on at most `width`
/// threads at once, each started for its run, off the threads that answer requests: a caller
/// beyond `width` waits without holding a thread, in the order it came.
///
/// Work comes at one of three priorities. The photo on the review screen (`.review`) has `width`
/// lanes of its own, newest first: it never waits behind anything else asked of the server (a
/// hostile file's decode among thumbnails, a zoom, what is made ahead), nor behind photos the
/// person has moved past. Other work for the screen (`.onScreen`) never waits for work ahead of
/// the reviewer: it takes one of its `width` lanes whether ahead-work runs or not.
/// Ahead-work (`.ahead`) starts only on the lanes the screen leaves free (while no work for the
/// screen waits, and the two run on fewer than `width` lanes); one already running is not
/// stopped, so for the rest of it the two share the cores. Waiting ahead-work is dropped when its task is cancelled, and moves to the screen's
/// queue when the screen asks for it (`promote`).
final class BlockingPool: Sendable {
  let width: Int
  private let state = Mutex(State())

  enum Priority: Int, Sendable, Comparable {
    case ahead, onScreen, review
    static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
  }

  /// One run's place in the pool, for `promote`: once promoted, it runs at the priority it was
  /// promoted to (also when it has not asked for a lane yet).
  final class Ticket: Sendable {
    /// The `Priority` it was promoted to; -1 while not promoted.
    fileprivate let promotedTo = Atomic(-1)
    fileprivate let isDropped = Atomic(false)
    init() {}

    /// `asked`, or the priority it was promoted to when higher.
    fileprivate func priority(_ asked: Priority) -> Priority {
      max(asked, Priority(rawValue: promotedTo.load(ordering: .sequentiallyConsistent)) ?? asked)
    }
  }

  fileprivate struct Waiter {
    var ticket: Ticket
    var continuation: CheckedContinuation<Void, any Error>
  }

  fileprivate struct State {
    var reviewRunning = 0
    var screenRunning = 0
    var aheadRunning = 0
    /// The newest first.
    var reviewWaiting: [Waiter] = []
    var screenWaiting: [Waiter] = []
    var aheadWaiting: [Waiter] = []
    /// Tickets of ahead-work and of review work running now.
    var aheadTickets: Set<ObjectIdentifier> = []
    var reviewTickets: Set<ObjectIdentifier> = []

    /// Takes `waiter` out of whichever queue holds it.
    mutating func removeWaiting(_ ticket: Ticket) -> Waiter? {
      for keyPath in [\State.aheadWaiting, \State.screenWaiting, \State.reviewWaiting] {
        if let index = self[keyPath: keyPath].firstIndex(where: { $0.ticket === ticket }) {
          return self[keyPath: keyPath].remove(at: index)
        }
      }
      return nil
    }
  }

  init(width: Int) { self.width = max(1, width) }

  /// `work`'s result, run on one of the pool's threads when one is free for `priority`. Throws
  /// `CancellationError` when the task is cancelled while it waits.
  func run<T: Sendable>(
    _ priority: Priority, ticket: Ticket? = nil, _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    let ticket = ticket ?? Ticket()
    try await acquire(priority, ticket: ticket)
    // A thread of its own, not Dispatch's global queue: on Linux that queue runs on the threads
    // of Swift's tasks, so blocking work there would hold the threads that answer requests. The
    // lane is freed as the work ends, not once its caller runs again (which may wait for a thread).
    return try await withCheckedThrowingContinuation { continuation in
      Thread {
        let result = Result { try work() }
        self.release(ticket: ticket)
        continuation.resume(with: result)
      }.start()
    }
  }

  /// `work`'s result, run for the screen (`.onScreen`).
  func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await run(.onScreen, work)
  }

  /// Moves `ticket`'s work to `priority` (the screen's, or the review's) when that is higher: to
  /// that queue while it waits (or at once onto a lane of it, when one is free).
  func promote(_ ticket: Ticket, to priority: Priority = .onScreen) {
    let start = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      guard ticket.priority(.ahead) < priority else { return nil }
      ticket.promotedTo.store(priority.rawValue, ordering: .sequentiallyConsistent)
      guard let waiter = state.removeWaiting(ticket) else { return nil }
      return state.admit(waiter, at: priority, width: width) ? waiter.continuation : nil
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
          let priority = ticket.priority(asked)
          let isDropped = ticket.isDropped.load(ordering: .sequentiallyConsistent)
          if Task.isCancelled || isDropped, priority == .ahead { return nil as Bool? }
          return state.admit(Waiter(ticket: ticket, continuation: continuation), at: priority, width: width)
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

  /// Frees `ticket`'s lane, handing lanes to waiting review work (the newest first), then to
  /// waiting work for the screen, and to ahead-work only the lanes the screen leaves free.
  private func release(ticket: Ticket) {
    let next = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      if state.reviewTickets.remove(ObjectIdentifier(ticket)) != nil {
        state.reviewRunning -= 1
      } else if state.aheadTickets.remove(ObjectIdentifier(ticket)) != nil {
        state.aheadRunning -= 1
      } else {
        state.screenRunning -= 1
      }
      var next: [CheckedContinuation<Void, any Error>] = []
      while state.reviewRunning < width, !state.reviewWaiting.isEmpty {
        let waiter = state.reviewWaiting.removeFirst()
        state.reviewRunning += 1
        state.reviewTickets.insert(ObjectIdentifier(waiter.ticket))
        next.append(waiter.continuation)
      }
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

extension BlockingPool.State {
  /// Gives `waiter` a lane of `priority` when one is free (true: the caller resumes it), else
  /// queues it: review work first in its queue (the newest photo on screen is the one shown),
  /// the rest last.
  fileprivate mutating func admit(
    _ waiter: BlockingPool.Waiter, at priority: BlockingPool.Priority, width: Int
  )
    -> Bool
  {
    switch priority {
    case .review:
      guard reviewRunning < width else {
        reviewWaiting.insert(waiter, at: 0)
        return false
      }
      reviewRunning += 1
      reviewTickets.insert(ObjectIdentifier(waiter.ticket))
    case .onScreen:
      guard screenRunning < width else {
        screenWaiting.append(waiter)
        return false
      }
      screenRunning += 1
    case .ahead:
      guard screenWaiting.isEmpty, screenRunning + aheadRunning < width else {
        aheadWaiting.append(waiter)
        return false
      }
      aheadRunning += 1
      aheadTickets.insert(ObjectIdentifier(waiter.ticket))
    }
    return true
  }
}

extension BlockingPool {
  /// The pool of a server's blocking work (SQLite, files): every read and write of the page's
  /// API, the pairing and the device check, run off the server's threads, so a burst of requests
  /// waits for a lane in the order it came instead of taking a thread each. Previews have their
  /// own pool (`LibraryPreviews`), so a decode never holds a lane here. Twice the cores, at least
  /// 8: a lane mostly waits (for the disk, or for the writer lock while a cron `refresh` writes),
  /// and reads must still find one then.
  static func forRequests() -> BlockingPool {
    BlockingPool(width: max(8, 2 * ProcessInfo.processInfo.activeProcessorCount))
  }
}
