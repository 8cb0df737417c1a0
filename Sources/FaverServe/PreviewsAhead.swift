import FaverKit
import Synchronization

/// Makes the previews of the stops after the photo on screen before the reviewer gets there:
/// the next `LibraryPreviews.stopsAhead` items left to review of the saved queue, in queue order,
/// at the size the screen asked, into the preview cache (nothing is held in memory but their ids).
///
/// One run at a time: a new photo on screen cancels the run before it, whose waiting work is
/// dropped (what already decodes finishes into the cache); at most as many previews as the pool
/// has lanes wait at once, at the pool's ahead priority, so a preview for the screen never waits
/// for them. `stop` ends the run, on shutdown.
final class PreviewsAhead: Sendable {
  private let current = Mutex<Task<Void, Never>?>(nil)
  private let onAhead: (@Sendable (_ from: AssetID, _ made: [AssetID]) -> Void)?

  init(onAhead: (@Sendable (_ from: AssetID, _ made: [AssetID]) -> Void)?) {
    self.onAhead = onAhead
  }

  /// Starts making the stops after `id` at `size`, in place of the run before.
  func follow(_ id: AssetID, size: Int, previews: LibraryPreviews) {
    let onAhead = onAhead
    current.withLock { current in
      current?.cancel()
      current = Task(priority: .low) {
        let library = previews.library
        let count = previews.stopsAhead
        guard
          let stops = try? await previews.pool.run(.ahead, { try library.stopsAhead(of: id, count: count) })
        else { return }
        let made = await Self.make(stops, size: size, previews: previews)
        if !Task.isCancelled { onAhead?(id, made) }
      }
    }
  }

  /// Cancels the run in progress.
  func stop() {
    current.withLock { current in
      current?.cancel()
      current = nil
    }
  }

  /// The ids of `stops` whose preview at `size` was made or found, at most a pool's width at once.
  private static func make(_ stops: [AssetID], size: Int, previews: LibraryPreviews) async -> [AssetID] {
    await withTaskGroup(of: AssetID?.self) { group in
      var made: [AssetID] = []
      var inFlight = 0
      for id in stops {
        if inFlight >= previews.pool.width, let done = await group.next() {
          inFlight -= 1
          if let done { made.append(done) }
        }
        if Task.isCancelled { break }
        group.addTask {
          (try? await previews.make(id, size: size, priority: .ahead, wanted: false)).map { _ in id }
        }
        inFlight += 1
      }
      for await done in group { if let done { made.append(done) } }
      return made
    }
  }
}
