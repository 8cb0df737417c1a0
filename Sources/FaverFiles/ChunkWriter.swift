import FaverCore
import FaverStore
import Foundation

/// Writes batches to the store on one background thread, so the next chunk is read while the
/// last ones are written. Batches that arrive while a write is under way are merged and written
/// in one transaction, at least `minimumBatch` files at a time until `finish`: SQLite then
/// writes each index page once per transaction rather than once per chunk. At most
/// `maximumPending` files wait, which keeps memory bounded; the first error is kept and thrown
/// by the next `submit` or by `finish`.
final class ChunkWriter: Sendable {
  private struct State {
    var batchSize: Int
    var pending: IndexChanges?
    var finishing = false
    var writing = false
    var failure: (any Error)?

    /// Whether a batch is due and no write is under way; if so the caller starts one.
    mutating func startsWriting() -> Bool {
      guard !writing, let waiting = pending, finishing || waiting.count >= batchSize else { return false }
      writing = true
      return true
    }
  }

  private let store: IndexStore
  private let maximumPending: Int
  private let queue = DispatchQueue(label: "faver.index.writer")
  private let state: Guarded<State>

  init(store: IndexStore, minimumBatch: Int = 2048, maximumPending: Int = 16384) {
    self.store = store
    self.maximumPending = max(minimumBatch, maximumPending)
    state = Guarded(State(batchSize: minimumBatch))
  }

  func submit(_ changes: IndexChanges) throws {
    let maximumPending = maximumPending
    let starts = try state.withLock(
      whenReady: {
        $0.failure != nil || ($0.pending?.count ?? 0) < maximumPending
      },
      then: { state, _ in
        if let failure = state.failure { throw failure }
        if state.pending == nil { state.pending = changes } else { state.pending?.append(changes) }
        return state.startsWriting()
      })
    if starts { queue.async { self.drain() } }
  }

  /// Files written per transaction at least, from the next `submit` on (at most `maximumPending`).
  var minimumBatch: Int {
    get { state.withLock { $0.batchSize } }
    set {
      let size = min(maximumPending, max(1, newValue))
      state.withLock { $0.batchSize = size }
    }
  }

  /// Writes what is left and waits for every submitted batch to be written.
  func finish() throws {
    let starts = state.withLock { state in
      state.finishing = true
      return state.startsWriting()
    }
    if starts { queue.async { self.drain() } }
    try state.withLock(
      whenReady: { !$0.writing },
      then: { state, _ in
        if let failure = state.failure { throw failure }
      })
  }

  /// Writes batches until none is due, on the writer queue.
  private func drain() {
    while true {
      let batch: IndexChanges? = state.withLock { state in
        guard let batch = state.pending, state.failure == nil,
          state.finishing || batch.count >= state.batchSize
        else {
          state.writing = false
          return nil
        }
        state.pending = nil  // a submit waiting for room is woken
        return batch
      }
      guard let batch else { return }
      do {
        try store.apply(batch)
      } catch {
        state.withLock { $0.failure = $0.failure ?? error }
      }
    }
  }
}
