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
///
/// The photo on screen of a review (`PreviewPurpose.review`) is made on lanes of its own, the
/// newest first, so no other decode (a hostile file's among thumbnails) holds it; a content
/// that failed once fails at once at every other size (`PreviewCache.failure`).
///
/// The photo on screen of a review, or one the page prefetches, has
/// the next `stopsAhead` stops after it in the saved queue made ahead, at its size, into the
/// cache (`PreviewsAhead`); a prefetch is made at the ahead priority, after what is on screen.
public struct LibraryPreviews: PreviewSource {
  public let library: Library
  public let decoding: PreviewDecoding
  /// How many stops after the photo on screen are made ahead.
  public let stopsAhead: Int
  let pool: BlockingPool
  private let running: Running
  private let ahead: PreviewsAhead

  /// The stops made ahead unless told: 20.
  public static let defaultStopsAhead = 20

  /// A preview being made, and its place in the pool.
  private struct Making {
    var task: Task<Library.PreviewFile, any Error>
    var ticket: BlockingPool.Ticket
    /// Whether the screen (or a prefetch) waits for it: then it is not dropped.
    var isWanted: Bool
  }

  /// The previews being made, by asset id and size, and the review's sizes noted.
  private final class Running: Sendable {
    let tasks = Mutex<[String: Making]>([:])
    /// The sizes of the review noted in the store since the server started.
    let sizesNoted = Mutex<Set<Int>>([])
  }

  /// Previews of `library`, decoded under `decoding`'s limits on at most `threads` threads at
  /// once (nil: as many as the machine has cores), `stopsAhead` stops made ahead of the review;
  /// `onAhead` hears the stops made ahead each time a run of them ends (for tests).
  public init(
    library: Library, decoding: PreviewDecoding = PreviewDecoding(), threads: Int? = nil,
    stopsAhead: Int = LibraryPreviews.defaultStopsAhead,
    onAhead: (@Sendable (_ from: AssetID, _ made: [AssetID]) -> Void)? = nil
  ) {
    self.library = library
    self.decoding = decoding
    self.stopsAhead = max(0, stopsAhead)
    pool = BlockingPool(width: threads ?? ProcessInfo.processInfo.activeProcessorCount)
    running = Running()
    ahead = PreviewsAhead(onAhead: onAhead)
  }

  public func preview(of asset: Asset, size: Int) async throws -> PreviewBytes {
    try await preview(of: asset, size: size, for: .other)
  }

  public func preview(of asset: Asset, size: Int, for purpose: PreviewPurpose) async throws -> PreviewBytes {
    let priority: BlockingPool.Priority =
      switch purpose {
      case .review: .review
      case .prefetch: .ahead
      case .other: .onScreen
      }
    let made = try await make(asset.id, size: size, priority: priority)
    if purpose == .review { noteSize(size) }
    if purpose != .other, stopsAhead > 0 { ahead.follow(asset.id, size: size, previews: self) }
    return PreviewBytes(jpeg: try Data(contentsOf: made.file), failure: made.failure)
  }

  public func stopAhead() { ahead.stop() }

  /// Notes the size a review shows its photos at (`Library.noteReviewSize`), the first time this
  /// server sees it: off the request, on a thread of its own (never behind the decodes made
  /// ahead, nor on the threads of Swift's tasks).
  private func noteSize(_ size: Int) {
    guard running.sizesNoted.withLock({ $0.insert(size).inserted }) else { return }
    let library = library
    Thread { try? library.noteReviewSize(size) }.start()
  }

  /// The preview of `id` at `size` made (or found in the cache) at `priority`: joins the one
  /// being made, which it promotes to the screen's priority when it asks at that priority. Work
  /// made ahead (`wanted` false) whose task is cancelled before it starts is dropped, unless a
  /// request waits for it too; once it decodes, it finishes and stays to be joined.
  func make(
    _ id: AssetID, size: Int, priority: BlockingPool.Priority, wanted: Bool = true
  ) async throws -> Library.PreviewFile {
    let key = "\(id.rawValue)-\(size)"
    let (library, decoding, pool, running) = (library, decoding, pool, running)
    let making = running.tasks.withLock { tasks in
      if var found = tasks[key] {
        found.isWanted = found.isWanted || wanted
        tasks[key] = found
        return found
      }
      let ticket = BlockingPool.Ticket()
      let task = Task {
        // Removed under the lock it was added with: after it was added; unless dropped already.
        defer {
          running.tasks.withLock { tasks in
            if tasks[key]?.ticket === ticket { tasks.removeValue(forKey: key) }
          }
        }
        return try await pool.run(priority, ticket: ticket) {
          try library.preview(of: id, size: size, decoding: decoding)
        }
      }
      let making = Making(task: task, ticket: ticket, isWanted: wanted)
      tasks[key] = making
      return making
    }
    if priority > .ahead { pool.promote(making.ticket, to: priority) }
    return try await withTaskCancellationHandler {
      try await making.task.value
    } onCancel: {
      // Dropped unless it decodes already: that preview is wanted next, and joined, not made twice.
      running.tasks.withLock { tasks in
        guard let found = tasks[key], found.ticket === making.ticket, !found.isWanted,
          pool.drop(found.ticket)
        else { return }
        tasks.removeValue(forKey: key)
      }
    }
  }
}
