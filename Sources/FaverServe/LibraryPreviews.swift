public import FaverKit
import Foundation
import Synchronization

/// The previews faver makes (`Library.preview`): upright, of the size asked (or the original's,
/// when smaller), from the fastest good source of each format, cached in the store folder; where
/// there is none, a placeholder that says why.
///
/// Made on a pool of at most as many threads as the machine has cores (`BlockingPool`), never on
/// the threads that answer requests, each decode in a child process with limits
/// (`PreviewDecoding`): a file that hangs its decoder holds one pool thread until its limit, and
/// every other route answers meanwhile. Requests for a preview being made wait for that one
/// decode.
public struct LibraryPreviews: PreviewSource {
  public let library: Library
  public let decoding: PreviewDecoding
  private let pool: BlockingPool
  private let running: Running

  /// The previews being made, by asset id and size.
  private final class Running: Sendable {
    let tasks = Mutex<[String: Task<Preview, any Error>]>([:])
  }

  /// Previews of `library`, decoded under `decoding`'s limits on at most `threads` threads at
  /// once (nil: as many as the machine has cores).
  public init(
    library: Library, decoding: PreviewDecoding = PreviewDecoding(), threads: Int? = nil
  ) {
    self.library = library
    self.decoding = decoding
    pool = BlockingPool(width: threads ?? ProcessInfo.processInfo.activeProcessorCount)
    running = Running()
  }

  public func preview(of asset: Asset, size: Int) async throws -> Preview {
    let key = "\(asset.id.rawValue)-\(size)"
    let (library, decoding, pool, running) = (library, decoding, pool, running)
    let task = running.tasks.withLock { tasks in
      if let task = tasks[key] { return task }
      let task = Task {
        // Removed under the lock it was added with: after it was added.
        defer { _ = running.tasks.withLock { $0.removeValue(forKey: key) } }
        return try await pool.run {
          let made = try library.preview(of: asset.id, size: size, decoding: decoding)
          return Preview(jpeg: try Data(contentsOf: made.file), failure: made.failure)
        }
      }
      tasks[key] = task
      return task
    }
    return try await task.value
  }
}
