import FaverCore
import Foundation
import GRDB

/// What removing or moving dated photos does to the modification times of their folder: a file
/// dated by its modification time is undated when its folder's dated photos outnumber its
/// modification times and it is more than `Timeline.folderReach` outside their span
/// (`Timeline.flagUndated`). A removal changes that only when the photo was at an end of the span,
/// or the count falls to the number of modification times, a move (a clock corrected) only when
/// the span's ends move past one; the folder is read to tell, by the (rootId, path) key.
extension IndexStore {
  /// Whether every asset of `folder` dated by its modification time stays dated or undated as it
  /// was once the dated items `removed` (queue items of assets of that folder) are gone, and the
  /// items `moving` (asset id to instant) are at their new instants. The folder is the exact
  /// directory (its subfolders are folders of their own), an asset's folder its primary file's;
  /// false (rebuild) when a file of the folder has a copy elsewhere, so its asset's folder is not
  /// known.
  static func keepsUndated(
    _ folder: FolderPrefix, without removed: Set<String> = [], moving: [String: Double] = [:],
    folderReach: TimeInterval, in db: Database
  ) throws -> Bool {
    let range = folder.end == nil ? "" : "AND f.path >= ?2 AND f.path < ?3"
    let arguments: StatementArguments =
      if let end = folder.end { [folder.rootId, folder.prefix, end] } else { [folder.rootId, folder.prefix] }
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT q.instant, q.timeSource = 'fileModified', (SELECT COUNT(*) FROM file c WHERE c.assetId = f.assetId),
          q.assetId
        FROM file f JOIN queueItem q ON q.assetId = f.assetId
        WHERE f.rootId = ?1 \(range) AND instr(substr(f.path, length(?2) + 1), '/') = 0
        """, arguments: arguments)
    var (dated, after, modified): ([Double], [Double], [Double]) = ([], [], [])
    for row in rows {
      guard row[2] as Int == 1 else { return false }
      if row[1] {
        modified.append(row[0])
      } else {
        dated.append(row[0])
        after.append(moving[row[3] as String] ?? row[0])
      }
    }
    guard !modified.isEmpty else { return true }
    let gone = try Double.fetchAll(
      db, sql: "SELECT instant FROM queueItem WHERE assetId IN (SELECT value FROM json_each(?))",
      arguments: [String(decoding: try JSONEncoder().encode(removed.sorted()), as: UTF8.self)])
    guard gone.count == removed.count else { return false }
    // As `Timeline.flagUndated` decides it: far outside the span, and the dated are most.
    func isStray(_ instant: Double, among dated: [Double]) -> Bool {
      guard let low = dated.min(), let high = dated.max(), dated.count > modified.count else { return false }
      return instant < low - folderReach || instant > high + folderReach
    }
    let before = dated + gone
    return modified.allSatisfy { isStray($0, among: before) == isStray($0, among: after) }
  }
}
