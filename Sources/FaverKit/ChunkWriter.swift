import FaverStore
import Foundation

/// Writes batches to the store on one background thread, so the next chunk is read while the
/// last ones are written. Batches that arrive while a write is under way are merged and written
/// in one transaction, at least `minimumBatch` files at a time until `finish`: SQLite then
/// writes each index page once per transaction rather than once per chunk. At most
/// `maximumPending` files wait, which keeps memory bounded; the first error is kept and thrown
/// by the next `submit` or by `finish`.
final class ChunkWriter: @unchecked Sendable {
  private let store: IndexStore
  private let maximumPending: Int
  private let queue = DispatchQueue(label: "faver.index.writer")
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var batchSize: Int
  private var pending: IndexChanges?
  private var finishing = false
  private var writing = false
  private var failure: (any Error)?

  init(store: IndexStore, minimumBatch: Int = 2048, maximumPending: Int = 16384) {
    self.store = store
    self.maximumPending = max(minimumBatch, maximumPending)
    batchSize = minimumBatch
  }

  func submit(_ changes: IndexChanges) throws {
    condition.lock()
    defer { condition.unlock() }
    while failure == nil, let waiting = pending, waiting.count >= maximumPending { condition.wait() }
    if let failure { throw failure }
    if pending == nil { pending = changes } else { pending?.append(changes) }
    startWritingIfDue()
  }

  /// Files written per transaction at least, from the next `submit` on (at most `maximumPending`).
  var minimumBatch: Int {
    get {
      condition.lock()
      defer { condition.unlock() }
      return batchSize
    }
    set {
      condition.lock()
      batchSize = min(maximumPending, max(1, newValue))
      condition.unlock()
    }
  }

  /// Writes what is left and waits for every submitted batch to be written.
  func finish() throws {
    condition.lock()
    defer { condition.unlock() }
    finishing = true
    startWritingIfDue()
    while writing { condition.wait() }
    if let failure { throw failure }
  }

  /// Called with the lock held.
  private func startWritingIfDue() {
    guard !writing, let waiting = pending, finishing || waiting.count >= batchSize else { return }
    writing = true
    queue.async { [self] in drain() }
  }

  /// Writes batches until none is due, on the writer queue.
  private func drain() {
    condition.lock()
    while let batch = pending, failure == nil, finishing || batch.count >= batchSize {
      pending = nil
      condition.broadcast()  // a submit may be waiting for room
      condition.unlock()
      do {
        try store.apply(batch)
      } catch {
        condition.lock()
        failure = failure ?? error
        condition.unlock()
      }
      condition.lock()
    }
    writing = false
    condition.broadcast()
    condition.unlock()
  }
}
