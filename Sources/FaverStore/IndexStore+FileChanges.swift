import GRDB

/// `fileChange`: every file updated or removed since the saved queue's stamp was written, with
/// what the queue needs of the file as it was: its row, its old asset id, whether it was removed,
/// for an update whether every value the queue is built from stayed the same (`sameInputs`), and
/// where and when it was, with its offset, time source and burst identifier.
/// Kept by triggers in the transaction of each change while a queue is saved, emptied with every
/// stamp written (`writeStamp`), so it holds exactly the changes since (see `editQueue`).
extension IndexStore {
  /// The columns of `file` an update may change and still leave the queue's placement, pairing,
  /// bursts and moments as they were: the content's id and what a stat reads. The update trigger
  /// compares every other column (`FileRecord.Columns`); a column added to `file` needs a
  /// migration that makes the trigger again with it (a test reads the trigger to hold this).
  package static let columnsOutsideQueueInputs: Set<String> = [
    "assetId", "size", "mtimeNs", "device", "inode",
  ]

  static func registerFileChangeMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v20: file changes since the queue") { db in
      try db.create(table: "fileChange") { t in
        t.autoIncrementedPrimaryKey("seq")
        t.column("fileRow", .integer).notNull()
        t.column("assetId", .text).notNull()
        t.column("removed", .boolean).notNull()
        t.column("sameInputs", .boolean).notNull()
        // What a removal is checked against (see `removeFromQueueEnd`).
        t.column("rootId", .integer).notNull()
        t.column("path", .text).notNull()
        t.column("takenAt", .double).notNull()
        t.column("utcOffset", .integer)
        t.column("timeSource", .text).notNull()
        t.column("burstID", .text)
      }
      // Every column of `file` as this migration found it, but the id and the stat.
      let compared = [
        "rootId", "path", "format", "kind", "takenAt", "utcOffset", "hasSubseconds", "timeSource", "latitude",
        "longitude", "make", "model", "problem", "contentIdentifier", "burstID", "duration", "offsetSource",
        "serial",
      ]
      let logged =
        "fileRow, assetId, removed, sameInputs, rootId, path, takenAt, utcOffset, timeSource, burstID"
      let old = "OLD.rootId, OLD.path, OLD.takenAt, OLD.utcOffset, OLD.timeSource, OLD.burstID"
      let same = compared.map { "OLD.\($0) IS NEW.\($0)" }.joined(separator: " AND ")
      try db.execute(
        sql: """
          CREATE TRIGGER file_update_logs_change AFTER UPDATE ON file
          WHEN EXISTS (SELECT 1 FROM state WHERE key = 'queue')
          BEGIN
            INSERT INTO fileChange (\(logged))
            VALUES (OLD.rowid, OLD.assetId, 0, \(same), \(old));
          END;
          CREATE TRIGGER file_delete_logs_change AFTER DELETE ON file
          WHEN EXISTS (SELECT 1 FROM state WHERE key = 'queue')
          BEGIN
            INSERT INTO fileChange (\(logged)) VALUES (OLD.rowid, OLD.assetId, 1, 0, \(old));
          END;
          """)
    }
  }
}
