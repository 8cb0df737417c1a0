import Dispatch
import Foundation
import Synchronization
import Testing

@testable import FaverServe

/// Polls `condition` until it holds, failing the test when it still does not after `seconds` of
/// polling. A pause between two polls counts as one second at most: among the other tests, this
/// task and the ones it waits for may all wait minutes for one of Swift's shared threads (a browser
/// test holds one while chromium runs), and the condition could not have come true meanwhile (a
/// lane test failed so after five minutes of wall clock in a full run).
func eventually(
  within seconds: Double = 300, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
  var polled = Duration.zero
  var last = ContinuousClock.now
  while !condition() {
    let now = ContinuousClock.now
    polled += min(last.duration(to: now), .seconds(1))
    last = now
    guard polled < .seconds(seconds) else {
      Issue.record("the condition did not hold within \(seconds) s", sourceLocation: sourceLocation)
      return
    }
    await Task.yield()
  }
}

/// A count that work on any thread adds to.
final class Tally: Sendable {
  private let value = Atomic(0)
  func add(_ amount: Int) { value.add(amount, ordering: .sequentiallyConsistent) }
  var total: Int { value.load(ordering: .sequentiallyConsistent) }
}

/// Ahead-work that runs until `gate` opens, on one lane of `pool`; returns once it runs.
private func blockAhead(_ pool: BlockingPool, until gate: DispatchSemaphore) async -> Task<Int, any Error> {
  let started = Atomic(false)
  let task = Task {
    try await pool.run(.ahead) {
      started.store(true, ordering: .sequentiallyConsistent)
      gate.wait()
      return 1
    }
  }
  await eventually { started.load(ordering: .sequentiallyConsistent) }
  return task
}

/// Work for the screen runs while every lane of ahead-work is busy and more ahead-work waits;
/// the waiting ahead-work does not start while the lane ahead is busy.
@Test func workForTheScreenDoesNotWaitForWorkAhead() async throws {
  let pool = BlockingPool(width: 1)
  let gate = DispatchSemaphore(value: 0)
  let running = await blockAhead(pool, until: gate)
  let ran = Atomic(false)
  let queued = Task {
    try await pool.run(.ahead) {
      ran.store(true, ordering: .sequentiallyConsistent)
      return 2
    }
  }
  await eventually { pool.waiting.ahead == 1 }
  let shown = try await pool.run(.onScreen) { 3 }
  #expect(shown == 3)
  #expect(pool.waiting.ahead == 1)
  let queuedRan = ran.load(ordering: .sequentiallyConsistent)
  #expect(!queuedRan)
  gate.signal()
  #expect(try await running.value == 1)
  #expect(try await queued.value == 2)
}

/// Ahead-work whose task is cancelled while it waits is dropped: it never runs and throws
/// `CancellationError`; ahead-work the screen asks for moves to the screen's lanes.
@Test func waitingWorkAheadIsDroppedWhenCancelledAndPromotedWhenShown() async throws {
  let pool = BlockingPool(width: 1)
  let gate = DispatchSemaphore(value: 0)
  let running = await blockAhead(pool, until: gate)
  let ran = Tally()
  let stale = Task { try await pool.run(.ahead) { ran.add(1) } }
  let ticket = BlockingPool.Ticket()
  let wanted = Task { try await pool.run(.ahead, ticket: ticket) { ran.add(10) } }
  await eventually { pool.waiting.ahead == 2 }
  stale.cancel()
  await #expect(throws: CancellationError.self) { try await stale.value }
  #expect(pool.waiting.ahead == 1)
  pool.promote(ticket)
  _ = try await wanted.value
  #expect(ran.total == 10)
  #expect(pool.waiting == (0, 0))
  gate.signal()
  _ = try await running.value
}

/// Ahead-work runs on the lanes the screen leaves free, and no more: beside one preview for the
/// screen on a pool of two lanes, one runs ahead and the next waits.
@Test func workAheadTakesOnlyTheLanesTheScreenLeavesFree() async throws {
  let pool = BlockingPool(width: 2)
  let (screenGate, aheadGate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
  let shown = Atomic(false)
  let screen = Task {
    try await pool.run(.onScreen) {
      shown.store(true, ordering: .sequentiallyConsistent)
      screenGate.wait()
    }
  }
  await eventually { shown.load(ordering: .sequentiallyConsistent) }
  let running = await blockAhead(pool, until: aheadGate)
  let queued = Task { try await pool.run(.ahead) { 2 } }
  await eventually { pool.waiting.ahead == 1 }
  screenGate.signal()
  try await screen.value
  #expect(try await queued.value == 2)
  aheadGate.signal()
  #expect(try await running.value == 1)
}

/// Dropping ahead-work leaves a run that has started (its preview is wanted next) and drops a
/// waiting one, which throws `CancellationError` without running.
@Test func droppingLeavesWorkAheadThatRuns() async throws {
  let pool = BlockingPool(width: 1)
  let gate = DispatchSemaphore(value: 0)
  let ran = Tally()
  let (started, waiting) = (BlockingPool.Ticket(), BlockingPool.Ticket())
  let running = Task {
    try await pool.run(.ahead, ticket: started) {
      ran.add(1)
      gate.wait()
    }
  }
  await eventually { ran.total == 1 }
  let dropped = Task { try await pool.run(.ahead, ticket: waiting) { ran.add(10) } }
  await eventually { pool.waiting.ahead == 1 }
  #expect(!pool.drop(started))
  #expect(pool.drop(waiting))
  await #expect(throws: CancellationError.self) { try await dropped.value }
  gate.signal()
  try await running.value
  #expect(ran.total == 1)
}

/// A task executor that runs each job on a thread of its own while open, and holds jobs while
/// closed: a caller that cannot get a thread to run again.
private final class HoldingExecutor: TaskExecutor {
  private let state = Mutex<(isOpen: Bool, held: [UnownedJob])>((true, []))

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let runsNow = state.withLock { state in
      if !state.isOpen { state.held.append(job) }
      return state.isOpen
    }
    if runsNow { start(job) }
  }

  var isOpen: Bool { state.withLock { $0.isOpen } }
  func close() { state.withLock { $0.isOpen = false } }
  func open() {
    let held = state.withLock { state in
      state.isOpen = true
      defer { state.held = [] }
      return state.held
    }
    for job in held { start(job) }
  }

  private func start(_ job: UnownedJob) {
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}

/// A lane is free as soon as its work ends, even while the caller waits for a thread to run on
/// again (among busy tasks, that can be long): before, it was freed only once the caller ran, and
/// every request behind it waited.
@Test func aLaneIsFreeOnceItsWorkEndsThoughItsCallerCannotRunYet() async throws {
  let pool = BlockingPool(width: 1)
  let executor = HoldingExecutor()
  let first = Task(executorPreference: executor) {
    try await pool.run { executor.close() }  // its caller is held from here on
  }
  await eventually { !executor.isOpen }
  let second = Task { try await pool.run { 2 } }
  let done = Tally()
  Task { if (try? await second.value) == 2 { done.add(1) } }
  await eventually { done.total == 1 }
  executor.open()
  try await first.value
  #expect(try await second.value == 2)
}
