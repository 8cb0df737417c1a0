import Foundation

/// Work that blocks (SQLite, files): every read and write of the page's API, the pairing and the
/// device check, run off the server's threads on a bounded pool, so a burst of requests waits for
/// a lane in the order it came instead of taking a thread each. Previews have their own pool
/// (`LibraryPreviews`), so a decode never holds a lane here.
enum Blocking {
  /// Twice the cores, at least 8: a lane mostly waits (for the disk, or for the writer lock while
  /// a cron `refresh` writes), and reads must still find one then.
  static let pool = BlockingPool(width: max(8, 2 * ProcessInfo.processInfo.activeProcessorCount))

  static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await pool.run(.onScreen, work)
  }
}
