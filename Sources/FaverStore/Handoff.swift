import FaverCore
import Foundation

/// Work split between two cores: what one thread makes, the calling thread writes, as it comes.
/// How the queue's full save packs and summarises its moments while SQLite inserts the rows of
/// those made before (at a million photos, each side takes about a second).
enum Handoff {
  /// Runs `produce` on a thread of its own, handing each value it sends, in order, to `consume` on
  /// the calling thread. Values go over `capacity / 4` at a time, and the calling thread takes all
  /// that wait at once: at most about `capacity` wait and as many are being consumed, so what is
  /// made is never held whole. Returns what `produce` returned, once both are done. When
  /// `consume` throws, `send` returns false from then on (the producer should return), the
  /// producer is waited for, and the error is thrown: no thread outlives the call.
  static func run<Value: Sendable, Made: Sendable>(
    capacity: Int, produce: @escaping @Sendable (_ send: (Value) -> Bool) -> Made,
    consume: (Value) throws -> Void
  ) throws -> Made {
    // The values waiting, what the producer made once it returned, and whether it must stop.
    let state = Guarded((waiting: [Value](), made: Made?.none, isStopped: false))
    let (capacity, chunk) = (max(1, capacity), max(1, capacity / 4))
    Thread.detachNewThread {
      // Handed over a chunk at a time: a handover can wake the other thread.
      var filling: [Value] = []
      func flush(made: Made? = nil) -> Bool {
        defer { filling.removeAll(keepingCapacity: true) }
        return state.withLock(
          whenReady: { $0.waiting.count < capacity || $0.isStopped || made != nil },
          then: { state, _ in
            if made != nil { state.made = made }
            guard !state.isStopped else { return false }
            state.waiting += filling
            return true
          })
      }
      let made = produce { value in
        filling.append(value)
        return filling.count < chunk || flush()
      }
      _ = flush(made: made)
    }
    do {
      while true {
        // What waits, else (nothing does and the producer is done) what it made.
        let (values, made) = state.withLock(
          whenReady: { !$0.waiting.isEmpty || $0.made != nil },
          then: { state, _ -> ([Value], Made?) in
            var values: [Value] = []
            swap(&values, &state.waiting)
            return (values, values.isEmpty ? state.made : nil)
          })
        for value in values { try consume(value) }
        if let made { return made }
      }
    } catch {
      state.withLock { ($0.isStopped, $0.waiting) = (true, []) }
      state.withLock(whenReady: { $0.made != nil }, then: { _, _ in })
      throw error
    }
  }
}
