import GRDB

/// `file_wallClock_takenAt`: the files with no offset of their own that are dated by their
/// metadata or name (wall clocks, whose zone `Timeline` infers from the photos near them), by the
/// time they were taken. A plan reads those near a change (see `readPlan`),
/// and a removal whether one is near the removed photo: each a lookup of a few entries, where
/// each was a scan of every file. Only wall clocks are in it: a library whose photos all carry
/// an offset keeps it empty, and pays nothing for it in a first index.
extension IndexStore {
  static func registerWallClockMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v23: wall clocks by time") { db in
      try db.execute(
        sql: """
          CREATE INDEX file_wallClock_takenAt ON file (takenAt)
          WHERE utcOffset IS NULL AND timeSource != 'fileModified'
          """)
    }
  }
}
