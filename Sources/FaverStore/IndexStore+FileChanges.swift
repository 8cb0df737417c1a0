import GRDB

/// `fileChange`: every file updated or removed since the saved queue's stamp was written, with
/// what the queue needs of the file as it was: its row, its old asset id, whether it was removed,
/// for an update whether every value the queue is built from stayed the same (`sameInputs`), and
/// where and when it was, with its offset, time source and burst identifier.
/// Kept by triggers in the transaction of each change while a queue is saved, emptied with every
/// stamp written (`writeStamp`), so it holds exactly the changes since (see `readPlan`).
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
        // What a removal is checked against (see `readPlan`).
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

  /// `clockChange`: the cameras whose clock corrections were added, changed or removed since the
  /// saved queue's stamp was written (a row for each correction row written: its camera as it is,
  /// and as it was with its shift and span), kept by triggers as `fileChange` is and emptied with it, so a queue stale
  /// by corrections alone moves only those cameras' photos (see `readPlan`).
  static func registerClockChangeMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v26: clock changes since the queue") { db in
      try db.create(table: "clockChange") { t in
        t.autoIncrementedPrimaryKey("seq")
        t.column("camera", .text)
        t.column("oldCamera", .text)
        t.column("oldShift", .integer)
        t.column("oldFrom", .double)
        t.column("oldTo", .double)
      }
      let when = "WHEN EXISTS (SELECT 1 FROM state WHERE key = 'queue')"
      try db.execute(
        sql: """
          CREATE TRIGGER clockCorrection_insert_logs_change AFTER INSERT ON clockCorrection \(when)
          BEGIN
            INSERT INTO clockChange (camera) VALUES (NEW.camera);
          END;
          CREATE TRIGGER clockCorrection_update_logs_change AFTER UPDATE ON clockCorrection \(when)
          BEGIN
            INSERT INTO clockChange (camera, oldCamera, oldShift, oldFrom, oldTo)
            VALUES (NEW.camera, OLD.camera, OLD.shift, OLD.fromWall, OLD.toWall);
          END;
          CREATE TRIGGER clockCorrection_delete_logs_change AFTER DELETE ON clockCorrection \(when)
          BEGIN
            INSERT INTO clockChange (oldCamera, oldShift, oldFrom, oldTo)
            VALUES (OLD.camera, OLD.shift, OLD.fromWall, OLD.toWall);
          END;
          """)
    }
  }
}
