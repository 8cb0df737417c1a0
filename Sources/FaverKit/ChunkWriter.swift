import FaverStore
import Foundation

/// Writes batches to the store on one background thread, so the next chunk is read while the
/// last one is written. At most one batch waits, which keeps memory bounded; the first error is
/// kept and thrown by the next `submit` or by `finish`.
final class ChunkWriter: @unchecked Sendable {
  private let store: IndexStore
  private let queue = DispatchQueue(label: "faver.index.writer")
  private let slots = DispatchSemaphore(value: 1)
  private let lock = NSLock()
  private var failure: (any Error)?

  init(store: IndexStore) { self.store = store }

  func submit(_ changes: IndexChanges) throws {
    try rethrowFailure()
    slots.wait()
    queue.async { [self] in
      defer { slots.signal() }
      do {
        try store.apply(changes)
      } catch {
        lock.withLock { failure = failure ?? error }
      }
    }
  }

  /// Waits for every submitted batch to be written.
  func finish() throws {
    queue.sync {}
    try rethrowFailure()
  }

  private func rethrowFailure() throws {
    if let failure = lock.withLock({ failure }) { throw failure }
  }
}
