package import FaverCore
import GRDB

/// `editedFile`: which asset id took the place of which when a file was edited in place (same
/// root and path, same capture time, new content and so a new id: a rating or a date written by
/// another tool), so that a mark sent late for the old id (a phone that reviewed offline) lands
/// on the photo as it is now; the old id's mark time goes with it (as `apply` carries its
/// review), so a newer mark made before the edit still wins. Kept by a trigger on the file
/// upsert's update, so a first index (inserts only) writes nothing.
extension IndexStore {
  /// How many edits in a row `successor(of:)` follows: a file edited back and forth makes a loop.
  package static let editChainLimit = 16

  static func registerEditedFileMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v27: files edited in place") { db in
      try db.create(table: "editedFile") { t in
        t.primaryKey("formerId", .text)
        t.column("assetId", .text).notNull()
      }
      try db.execute(
        sql: """
          CREATE TRIGGER file_edit_notes_successor AFTER UPDATE OF assetId ON file
          WHEN OLD.assetId <> NEW.assetId AND OLD.takenAt = NEW.takenAt
            AND OLD.rootId = NEW.rootId AND OLD.path = NEW.path
          BEGIN
            INSERT OR REPLACE INTO editedFile (formerId, assetId) VALUES (OLD.assetId, NEW.assetId);
            INSERT OR REPLACE INTO markTime (assetId, markedAt)
            SELECT NEW.assetId, max(m.markedAt, coalesce((SELECT markedAt FROM markTime WHERE assetId = NEW.assetId), 0))
            FROM markTime AS m WHERE m.assetId = OLD.assetId;
          END;
          """)
    }
  }

  /// v27's trigger said `INSERT OR REPLACE`, but the statement that fires it (the file upsert)
  /// decides the conflict policy, and it aborts: a file edited to a content it had before (a
  /// rating written, taken back, written again) failed the whole `index` on `editedFile`'s key
  /// (or `markTime`'s). The trigger now deletes the row it replaces, and keeps the later mark
  /// time without a conflict.
  static func registerEditedFileAgainMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v28: files edited back and forth") { db in
      try db.execute(
        sql: """
          DROP TRIGGER file_edit_notes_successor;
          CREATE TRIGGER file_edit_notes_successor AFTER UPDATE OF assetId ON file
          WHEN OLD.assetId <> NEW.assetId AND OLD.takenAt = NEW.takenAt
            AND OLD.rootId = NEW.rootId AND OLD.path = NEW.path
          BEGIN
            DELETE FROM editedFile WHERE formerId = OLD.assetId;
            INSERT INTO editedFile (formerId, assetId) VALUES (OLD.assetId, NEW.assetId);
            UPDATE markTime
            SET markedAt = max(markedAt, (SELECT m.markedAt FROM markTime AS m WHERE m.assetId = OLD.assetId))
            WHERE assetId = NEW.assetId AND EXISTS (SELECT 1 FROM markTime WHERE assetId = OLD.assetId);
            INSERT INTO markTime (assetId, markedAt)
            SELECT NEW.assetId, m.markedAt FROM markTime AS m
            WHERE m.assetId = OLD.assetId AND NOT EXISTS (SELECT 1 FROM markTime WHERE assetId = NEW.assetId);
          END;
          """)
    }
  }

  /// The indexed asset that took the place of `id` by edits in place (followed up to
  /// `editChainLimit` edits); nil when `id` is indexed itself, or no indexed asset followed it
  /// (the photo was deleted, or a different photo was saved under its name).
  package func successor(of id: AssetID) throws -> AssetID? {
    try database.read { db in
      func isIndexed(_ id: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM file WHERE assetId = ?)", arguments: [id])
          ?? false
      }
      guard try !isIndexed(id.rawValue) else { return nil }
      var current = id.rawValue
      for _ in 0..<Self.editChainLimit {
        guard
          let next = try String.fetchOne(
            db, sql: "SELECT assetId FROM editedFile WHERE formerId = ?", arguments: [current])
        else { return nil }
        if try isIndexed(next) { return AssetID(rawValue: next) }
        current = next
      }
      return nil
    }
  }
}
