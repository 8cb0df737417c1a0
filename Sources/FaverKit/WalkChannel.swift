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
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var chunks: [[Element]] = []
  private var isClosed = false
  private var isCancelled = false
  private var seen = 0
  private var sent = 0
  // The sender's own, not shared.
  private var filling: [Element] = []

  init(chunkSize: Int, capacity: Int = 16) {
    self.chunkSize = max(1, chunkSize)
    self.capacity = max(1, capacity)
    filling.reserveCapacity(self.chunkSize)
  }

  /// How far the walk has got: files seen (as last told by `tally`, and at least those sent),
  /// elements sent so far, and whether it is over (and `sent` the total).
  var walked: (filesSeen: Int, sent: Int, isOver: Bool) {
    condition.lock()
    defer { condition.unlock() }
    return (max(seen, sent), sent, isClosed)
  }

  /// Sender: queues one element, waiting while the channel is full.
  func send(_ element: Element) throws(Cancelled) {
    filling.append(element)
    if filling.count == chunkSize { try flush() }
  }

  /// Sender: how many files the walk has seen, for progress; throws once the receiver stopped.
  func tally(filesSeen: Int) throws(Cancelled) {
    condition.lock()
    defer { condition.unlock() }
    seen = filesSeen
    if isCancelled { throw Cancelled() }
  }

  /// Sender: the walk is over (or failed); what is queued is still received.
  func close() {
    try? flush()
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Receiver: stops the sender at its next `send`, whatever happened.
  func cancel() {
    condition.lock()
    isCancelled = true
    chunks.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  /// Receiver: the next chunk, waiting for it up to `timeout`.
  func receive(timeout: Duration = .milliseconds(100)) -> Received {
    let deadline = Date(timeIntervalSinceNow: timeout.seconds)
    condition.lock()
    defer { condition.unlock() }
    while chunks.isEmpty && !isClosed {
      if !condition.wait(until: deadline) { return chunks.isEmpty ? (isClosed ? .closed : .waiting) : take() }
    }
    return chunks.isEmpty ? .closed : take()
  }

  /// Receiver: waits for the sender to close the channel.
  func waitUntilClosed() {
    condition.lock()
    while !isClosed { condition.wait() }
    condition.unlock()
  }

  /// Called with the lock held.
  private func take() -> Received {
    let chunk = chunks.removeFirst()
    condition.broadcast()  // the sender may be waiting for room
    return .chunk(chunk)
  }

  private func flush() throws(Cancelled) {
    guard !filling.isEmpty else { return }
    condition.lock()
    defer { condition.unlock() }
    while chunks.count >= capacity && !isCancelled { condition.wait() }
    if isCancelled { throw Cancelled() }
    chunks.append(filling)
    sent += filling.count
    filling = []
    filling.reserveCapacity(chunkSize)
    condition.broadcast()
  }
}
