import FaverCore
import Foundation
import GRDB

/// What an append asks of the files indexed before the new ones (see `appendToQueue`'s rules):
/// whether any would be placed, paired or grouped otherwise with them. Each question is one
/// lookup by an index (the (rootId, path) key, `file_wallClock_takenAt`, `file_contentIdentifier`,
/// `file_burstID`), never a read of every file.
extension IndexStore {
  /// Why files indexed before (rows up to `mark`) would be placed, paired or grouped otherwise
  /// with the new `records`, taken within `taken` (file time and placed, widest); nil when none
  /// would. `evidence`: the times (file time and placed, widest) of the new files with an offset of
  /// their own, evidence of the zone of a wall clock near them; nil when none has one.
  static func touchesOldFiles(
    _ db: Database, _ records: [FileRecord], before mark: Int64, taken: ClosedRange<Double>,
    evidence: ClosedRange<Double>?, corrections: [ClockCorrection], timeline: Timeline
  ) throws -> String? {
    let firstTaken = taken.lowerBound
    let ids = records.map(\.assetId)
    let copies = try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS(SELECT 1 FROM file WHERE assetId IN (SELECT value FROM json_each(?1)) AND rowid <= ?2)
        OR EXISTS(SELECT 1 FROM queueItem WHERE assetId IN (SELECT value FROM json_each(?1)))
        OR EXISTS(SELECT 1 FROM queueItem WHERE companionId IN (SELECT value FROM json_each(?1)))
        OR EXISTS(SELECT 1 FROM queueItem WHERE rawId IN (SELECT value FROM json_each(?1)))
        """, arguments: [try json(ids), mark])
    guard copies == false else { return "a new file is a copy of one indexed before" }
    let shift = corrections.map { TimeInterval(abs($0.shift)) }.max() ?? 0
    let zoneReach = timeline.reach + Timeline.widestOffset + 2 * shift + pairingReach
    // Each rule is its own lookup, by an index: a scan of every file (a million rows) was most
    // of an append's work.
    if let evidence,
      try Bool.fetchOne(
        db, sql: wallClocksSince,
        arguments: [evidence.lowerBound - zoneReach, mark, evidence.upperBound + zoneReach])
        != false
    {
      return "a file indexed before is a wall clock near the new ones (its zone)"
    }
    // A new wall clock is no evidence of a zone; it joins the run of an older one of its camera
    // within `runGap` of it (a run takes the zone most of its photos got).
    let runReach = timeline.runGap + 2 * shift + 1
    for record in records where record.utcOffset == nil {
      if try Bool.fetchOne(
        db, sql: wallClocksSince, arguments: [record.takenAt - runReach, mark, record.takenAt + runReach])
        != false
      {
        return "a file indexed before is a wall clock in the run of a new one"
      }
    }
    let identifiers = records.compactMap(\.contentIdentifier)
    let bursts = records.compactMap(\.burstID)
    if !identifiers.isEmpty || !bursts.isEmpty,
      try Bool.fetchOne(
        db, sql: identifiersShared, arguments: [mark, try json(identifiers), try json(bursts)]) != false
    {
      return "a file indexed before shares a Live Photo or burst identifier with the new ones"
    }
    // The folders of the new files (a prefix of their paths, root-level files: the whole root).
    var folders: Set<FolderPrefix> = []
    for record in records {
      let folder = record.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(record.path[...$0]) } ?? ""
      folders.insert(FolderPrefix(rootId: record.rootId, prefix: folder))
    }
    for folder in folders {
      let arguments: StatementArguments = [folder.rootId, firstTaken - pairingReach, mark]
      let latest = taken.upperBound + pairingReach
      let near =
        if let end = folder.end {
          try Bool.fetchOne(db, sql: filesOfFolderSince, arguments: arguments + [folder.prefix, end, latest])
        } else {
          try Bool.fetchOne(db, sql: filesOfRootSince, arguments: arguments + [latest])
        }
      if near != false {
        return "a file indexed before is near the new ones in their folder (a pair or the folder's span)"
      }
    }
    return nil
  }

  /// Whether a file up to row ?2 is a wall clock (no offset of its own, dated by its metadata or
  /// name) taken from ?1 to ?3: by the partial index of wall clocks (`registerWallClockMigration`).
  static let wallClocksSince = """
    SELECT EXISTS(SELECT 1 FROM file
      WHERE utcOffset IS NULL AND timeSource != 'fileModified' AND takenAt >= ?1 AND takenAt <= ?3
      AND +rowid <= ?2)
    """

  /// Whether a file of root ?1 up to row ?3 is dated by its modification time or taken from ?2
  /// to the last argument (?6, ?4): in the folder whose paths are from ?4 to before ?5
  /// (`filesOfFolderSince`), or anywhere in the root (`filesOfRootSince`), by the (rootId, path)
  /// key.
  static let filesOfFolderSince = """
    SELECT EXISTS(SELECT 1 FROM file WHERE rootId = ?1 AND path >= ?4 AND path < ?5
      AND (timeSource = 'fileModified' OR (takenAt >= ?2 AND takenAt <= ?6)) AND +rowid <= ?3)
    """
  static let filesOfRootSince = """
    SELECT EXISTS(SELECT 1 FROM file WHERE rootId = ?1
      AND (timeSource = 'fileModified' OR (takenAt >= ?2 AND takenAt <= ?4)) AND +rowid <= ?3)
    """

  /// The paths of a folder of a root: those that begin with `prefix` ("" for the whole root, else
  /// a folder's path and "/").
  struct FolderPrefix: Hashable {
    var rootId: Int64
    var prefix: String
    /// The first path after every path of the folder (bytes compared, as SQLite compares text):
    /// the prefix with its final "/" made "0", the byte after it; nil for the whole root.
    var end: String? {
      guard prefix.hasSuffix("/") else { return nil }
      return String(prefix.dropLast()) + "0"
    }
  }

  private static func json(_ value: some Encodable) throws -> String {
    String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
  }
}
