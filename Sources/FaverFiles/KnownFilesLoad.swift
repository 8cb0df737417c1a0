import FaverCore
import FaverStore
import Foundation

/// What the last run saw under one root (`IndexStore.known`), read on a thread of its own while
/// the walk starts: at a million files the read takes about a second of one core, and the walk,
/// mostly the kernel's `stat`, keeps the other busy meanwhile.
final class KnownFilesLoad: Sendable {
  private struct State {
    var isLoaded = false
    var known = KnownFiles()
    var error: (any Error)?
  }

  private let state = Guarded(State())

  /// Starts reading the known files of `rootId`, of which `mediaCount` are photos and videos.
  init(store: IndexStore, rootId: Int64, mediaCount: Int) {
    Thread.detachNewThread { [state] in
      var known = KnownFiles()
      var failure: (any Error)?
      do { known = try store.known(inRoot: rootId, mediaCount: mediaCount) } catch { failure = error }
      state.withLock { state in
        swap(&state.known, &known)
        (state.error, state.isLoaded) = (failure, true)
      }
    }
  }

  /// Moves the known files into `target` once read, waiting for them when `wait`; false when
  /// not read yet. Swapped, never copied: the walk marks them in place, and a second reference
  /// would copy a million entries at its first mark. Throws what reading them threw.
  func take(into target: inout KnownFiles, wait: Bool) throws -> Bool {
    try state.withLock(
      whenReady: { $0.isLoaded || !wait },
      then: { state, _ in
        guard state.isLoaded else { return false }
        if let error = state.error { throw error }
        swap(&target, &state.known)
        return true
      })
  }
}
