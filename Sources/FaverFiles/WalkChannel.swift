import FaverCore
import Foundation

/// Hands the files a walk finds to be read from the walking thread to the reading one, a chunk
/// at a time, so reading starts with the first chunk rather than once the whole tree is listed.
/// At most `capacity` chunks wait: a huge tree never sits in memory whole.
final class WalkChannel<Element: Sendable>: @unchecked Sendable {
  /// What `receive` got.
  enum Received {
    case chunk([Element])
    /// Nothing arrived in time; the walk goes on (a moment to report progress).
    case waiting
    /// The walk is over and every chunk was received.
    case closed
  }

  /// The receiver stopped listening; the walk should end.
  struct Cancelled: Error {}

  let chunkSize: Int
  private let capacity: Int
  private struct State {
    var chunks: [[Element]] = []
    var isClosed = false
    var isCancelled = false
    var seen = 0
    var sent = 0
  }
  private let state = Guarded(State())
  /// The sender's own, never shared: the chunk being filled.
  private var filling: [Element] = []

  init(chunkSize: Int, capacity: Int = 16) {
    self.chunkSize = max(1, chunkSize)
    self.capacity = max(1, capacity)
    filling.reserveCapacity(self.chunkSize)
  }

  /// How far the walk has got: files seen (as last told by `tally`, and at least those sent),
  /// elements sent so far, and whether it is over (and `sent` the total).
  var walked: (filesSeen: Int, sent: Int, isOver: Bool) {
    state.withLock { (max($0.seen, $0.sent), $0.sent, $0.isClosed) }
  }

  /// Sender: queues one element, waiting while the channel is full.
  func send(_ element: Element) throws(Cancelled) {
    filling.append(element)
    if filling.count == chunkSize { try flush() }
  }

  /// Sender: how many files the walk has seen, for progress; throws once the receiver stopped.
  func tally(filesSeen: Int) throws(Cancelled) {
    let cancelled = state.withLock { state in
      state.seen = filesSeen
      return state.isCancelled
    }
    if cancelled { throw Cancelled() }
  }

  /// Sender: the walk is over (or failed); what is queued is still received.
  func close() {
    try? flush()
    state.withLock { $0.isClosed = true }
  }

  /// Receiver: stops the sender at its next `send`, whatever happened.
  func cancel() {
    state.withLock { state in
      state.isCancelled = true
      state.chunks.removeAll()
    }
  }

  /// Receiver: the next chunk, waiting for it up to `timeout`.
  func receive(timeout: Duration = .milliseconds(100)) -> Received {
    let deadline = Date(timeIntervalSinceNow: timeout.seconds)
    return state.withLock(
      whenReady: { !$0.chunks.isEmpty || $0.isClosed }, deadline: deadline,
      then: { state, _ in
        // Taking a chunk wakes the sender, which may be waiting for room.
        if !state.chunks.isEmpty { return .chunk(state.chunks.removeFirst()) }
        return state.isClosed ? .closed : .waiting
      })
  }

  /// Receiver: waits for the sender to close the channel.
  func waitUntilClosed() {
    state.withLock(whenReady: { $0.isClosed }, then: { _, _ in })
  }

  private func flush() throws(Cancelled) {
    guard !filling.isEmpty else { return }
    let capacity = capacity
    let chunk = filling
    let cancelled = state.withLock(
      whenReady: { $0.chunks.count < capacity || $0.isCancelled },
      then: { state, _ in
        if state.isCancelled { return true }
        state.chunks.append(chunk)
        state.sent += chunk.count
        return false
      })
    if cancelled { throw Cancelled() }
    filling = []
    filling.reserveCapacity(chunkSize)
  }
}
