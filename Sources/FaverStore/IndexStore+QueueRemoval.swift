package import FaverCore
import Foundation
import GRDB

/// Bringing a stale saved queue up to date after photos of its last moments were removed (a bad
/// shot of the last day deleted), without reading the whole library: the queue's last dated
/// moment and the "Undated" one are cut again without them, as an append cuts them with new
/// photos (`appendToQueue`).
///
/// Taken only when the result is, byte for byte, the one a full rebuild saves:
/// - Only files were removed since the queue was saved: the data generation moved by exactly the
///   number of changes `fileChange` logged, each a removal. At most `editLimit` of them.
/// - Each removed file was not a copy (no file holds its id any more) and was one item of its own
///   (no Live Photo video, no raw file with it): it paired with nothing.
/// - Each knew its instant (an offset in the file, not dated by name or modification time), and
///   changed nothing placed around it: no file is a wall clock within `Timeline.reach` + the
///   widest offset (+ twice the largest clock shift) of it, either side (its zone is inferred from
///   evidence that near), none in its folder is dated by its modification time (the folder's
///   span of dated photos), none shares its burst identifier.
/// - Each was an item of the queue's last dated moment, not its first, or of the "Undated" one;
///   no item before that moment ends after it starts or within the burst window (+1 s) of its
///   start, and none of its photos has a burst identifier: bursts, gaps and cuts from that moment
///   on depend on that moment alone.
/// - The smart threshold, from the kept gaps and the moment's new ones, moves past no gap before
///   that moment; when it moves past none, earlier time-gap boundaries take the new threshold.
extension IndexStore {
  /// Brings the saved queue of `mode` up to date with the files removed since it was saved, when
  /// the rules above hold, summarising each moment cut again with `summaries`; else leaves it as
  /// it is and says why.
  package func removeFromQueueEnd(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection],
    summaries: ([Moment]) -> [MomentSummary]
  ) throws -> QueueEdit {
    let timeline = Timeline()
    let clusterer = MomentClusterer(mode: mode)
    return try database.write { db in
      guard try !Self.isScratch(db) else { return .rebuild("the queue is in scratch tables") }
      guard let stamp = try Self.queueStamp(db), stamp.isCurrent(recipe: recipe), stamp.mode == mode,
        stamp.lastFileRow != nil, let savedThreshold = stamp.threshold
      else { return .rebuild("no queue of these rules and mode to remove from") }
      let generation = try Self.dataGeneration(db)
      guard generation != stamp.generation else { return .edited(items: 0) }
      let changes = try Row.fetchAll(
        db,
        sql: """
          SELECT assetId, removed, rootId, path, takenAt, utcOffset, timeSource, burstID FROM fileChange
          ORDER BY seq LIMIT ?
          """, arguments: [Self.editLimit + 1])
      guard !changes.isEmpty, changes.count <= Self.editLimit, generation - stamp.generation == changes.count,
        changes.allSatisfy({ $0[1] == true })
      else { return .rebuild("files other than removed ones changed") }
      let shift = corrections.map { TimeInterval(abs($0.shift)) }.max() ?? 0
      let zoneReach = timeline.reach + Timeline.widestOffset + 2 * shift + Self.pairingReach
      var removed: Set<String> = []
      for change in changes {
        let (id, root, path, takenAt): (String, Int64, String, Double) = (
          change[0], change[2], change[3], change[4]
        )
        let (offset, source, burstID): (Int?, String, String?) = (change[5], change[6], change[7])
        guard offset != nil, source != TimeSource.fileModified.rawValue,
          source != TimeSource.fileName.rawValue
        else { return .rebuild("a removed file had no offset of its own") }
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? ""
        let near = try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS(SELECT 1 FROM file WHERE assetId = ?1)
            OR (SELECT COUNT(*) FROM queueItem WHERE assetId = ?1 AND companionId IS NULL AND rawId IS NULL) != 1
            OR EXISTS(SELECT 1 FROM queueItem WHERE companionId = ?1 OR rawId = ?1)
            OR EXISTS(SELECT 1 FROM file WHERE utcOffset IS NULL AND timeSource != 'fileModified'
              AND takenAt >= ?2 AND takenAt <= ?3)
            OR EXISTS(SELECT 1 FROM file WHERE timeSource = 'fileModified' AND rootId = ?4
              AND substr(path, 1, length(?5)) = ?5)
            OR (?6 IS NOT NULL AND EXISTS(SELECT 1 FROM file WHERE burstID = ?6))
            """,
          arguments: [id, takenAt - zoneReach, takenAt + zoneReach, root, folder, burstID])
        guard near == false else {
          return .rebuild("a removed file was a copy or a pair, or files near it depend on it")
        }
        removed.insert(id)
      }
      guard
        let latest = try Double.fetchOne(db, sql: "SELECT MAX(instant) FROM queueItem WHERE isUndated = 0"),
        let tail = try QueueTail(
          db, firstNew: Date(timeIntervalSince1970: latest), window: clusterer.burstDetector.window.seconds,
          removed: removed)
      else { return .rebuild("the queue's last moment reaches back") }
      let holding = try Int.fetchAll(
        db, sql: "SELECT position FROM queueItem WHERE assetId IN (SELECT value FROM json_each(?))",
        arguments: [String(decoding: try JSONEncoder().encode(Array(removed)), as: UTF8.self)])
      guard holding.count == removed.count, holding.allSatisfy({ $0 > tail.firstPosition }) else {
        return .rebuild("a removed photo is not in the queue's last moments, or starts the last one")
      }
      // Nothing before that moment within the burst window of its start, nor a burst identifier
      // in it: no burst reaches across its start, whatever the removed photos joined.
      guard let start = tail.assets.first?.captureTime.instant.timeIntervalSince1970,
        try Bool.fetchOne(
          db,
          sql: "SELECT EXISTS(SELECT 1 FROM queueItem WHERE isUndated = 0 AND position < ? AND instant >= ?)",
          arguments: [tail.firstPosition, start - clusterer.burstDetector.window.seconds - 1]) == false,
        tail.assets.allSatisfy({ $0.burstID == nil })
      else { return .rebuild("a burst may reach across the last moment's start") }
      let assets = tail.assets.filter { !removed.contains($0.id.rawValue) }
      guard
        let written = try Self.cutAgain(
          tail, with: assets, clusterer: clusterer, savedThreshold: savedThreshold,
          stamp: QueueStamp(generation: generation, mode: mode, threshold: nil, recipe: recipe),
          lastFileRow: try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM file") ?? 0, summaries: summaries,
          in: db)
      else { return .rebuild("the smart threshold moved past an earlier gap") }
      return .edited(items: written)
    }
  }
}
