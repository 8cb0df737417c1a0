import FaverCore
import GRDB

extension IndexStore {
  /// Files written by one insert statement in `apply`.
  static let upsertRows = 128

  /// Applies one batch of what a walk found, in one transaction: a crash leaves the index as it
  /// was before or after the batch, never in between.
  ///
  /// A file edited in place (same root and path, same capture time, new content and so a new id)
  /// is the same photo: its review mark and favorite follow it. A different photo saved under an
  /// old name (another capture time) starts unreviewed.
  package func apply(_ changes: IndexChanges) throws {
    guard !changes.isEmpty else { return }
    try database.write { db in
      var forgetNonMedia = try BatchStatement(
        db, sql: "DELETE FROM nonMediaFile WHERE rootId = ? AND path = ?")
      var forgetMedia = try BatchStatement(db, sql: "DELETE FROM file WHERE rootId = ? AND path = ?")
      var carryReview = try BatchStatement(
        db,
        sql: """
          INSERT OR IGNORE INTO review (assetId, reviewedAt, favorite, rejected)
          SELECT ?, r.reviewedAt, r.favorite, r.rejected FROM file AS f JOIN review AS r ON r.assetId = f.assetId
          WHERE f.rootId = ? AND f.path = ? AND f.assetId <> ? AND f.takenAt = ?
          """)
      var insertMedia = try BatchStatement(db, sql: FileRecord.upsertSQL)
      var insertNonMedia = try BatchStatement(
        db,
        sql: """
          INSERT INTO nonMediaFile (rootId, path, size, mtimeNs, device, inode) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (rootId, path) DO UPDATE SET size = excluded.size, mtimeNs = excluded.mtimeNs,
            device = excluded.device, inode = excluded.inode
          """)
      func forget(_ rootId: Int64, _ path: String, with statement: inout BatchStatement) throws {
        statement.bind(rootId)
        statement.bind(path)
        try statement.run()
      }
      // A file rarely turns from media into something else or back, and most batches carry no
      // review: skip the lookups a batch cannot need (always, in a first index of photos only).
      func exists(_ sql: String, _ arguments: StatementArguments = []) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (\(sql))", arguments: arguments) ?? true
      }
      let mediaRoots = Set(changes.media.map(\.rootId))
      let mayBeNonMedia = try mediaRoots.contains {
        try exists("SELECT 1 FROM nonMediaFile WHERE rootId = ?", [$0])
      }
      let mayCarryReview = try !changes.media.isEmpty && exists("SELECT 1 FROM review")

      // Files go in by `upsertRows` per statement, the rest one by one: each statement opens a
      // cursor on every index and updates the autoincrement counter, and that was a third of
      // the writer's work per file (callgrind, 5,000 files: 583 M instructions one by one, 552 M
      // by 8, 523 M by 32, 513 M by 128, statement journals in memory).
      // Each file's review is carried before any row of its group is written, so a group never
      // holds one file location twice: a second file at the same location first writes the group
      // one by one.
      var insertRows = try BatchStatement(db, sql: FileRecord.upsertSQL(rows: Self.upsertRows))
      var group: [Int] = []  // positions in `changes.media`
      group.reserveCapacity(Self.upsertRows)
      var locations = Set<FileLocation>()
      /// The ids a review was carried to: the saved queue's flags follow (see `saveQueue`).
      var carried = Set<AssetID>()
      func insertOneByOne() throws {
        for index in group {
          changes.media[index].bindInsert(to: &insertMedia)
          try insertMedia.run()
        }
        group.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
      }
      for (index, record) in changes.media.enumerated() {
        if mayCarryReview {
          let location = FileLocation(rootId: record.rootId, path: record.path)
          if !locations.insert(location).inserted {
            try insertOneByOne()
            locations.insert(location)
          }
        }
        if mayBeNonMedia { try forget(record.rootId, record.path, with: &forgetNonMedia) }
        if mayCarryReview {
          carryReview.bind(record.assetId)
          carryReview.bind(record.rootId)
          carryReview.bind(record.path)
          carryReview.bind(record.assetId)
          carryReview.bind(record.takenAt)
          try carryReview.run()
          if db.changesCount > 0 { carried.insert(AssetID(rawValue: record.assetId)) }
        }
        group.append(index)
        if group.count == Self.upsertRows {
          for index in group { changes.media[index].bindInsert(to: &insertRows) }
          try insertRows.run()
          group.removeAll(keepingCapacity: true)
          locations.removeAll(keepingCapacity: true)
        }
      }
      try insertOneByOne()

      // Asked only now: the files just written count too.
      let mayBeMedia =
        try !changes.nonMedia.isEmpty
        && exists("SELECT 1 FROM file WHERE rootId = ?", [changes.rootId])
      for file in changes.nonMedia {
        if mayBeMedia { try forget(changes.rootId, file.path, with: &forgetMedia) }
        insertNonMedia.bind(changes.rootId)
        insertNonMedia.bind(file.path)
        for value in [file.stamp.size, file.stamp.mtimeNs, file.stamp.device, file.stamp.inode] {
          insertNonMedia.bind(value)
        }
        try insertNonMedia.run()
      }
      for path in changes.removed {
        try forget(changes.rootId, path, with: &forgetMedia)
        try forget(changes.rootId, path, with: &forgetNonMedia)
      }
      if !carried.isEmpty { try Self.updateQueueReviewed(carried, in: db) }
    }
  }

  /// Where a file is: a root and a path under it.
  private struct FileLocation: Hashable {
    var rootId: Int64
    var path: String
  }
}
