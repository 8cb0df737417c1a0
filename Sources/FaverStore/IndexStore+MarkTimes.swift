package import FaverCore
package import Foundation
import GRDB

/// When each asset was last marked, whatever the mark (an undo too): kept apart from `review`,
/// whose row an undo deletes, so that a mark sent late (a phone back online) can be told from a
/// newer one made elsewhere and never overwrites it.
extension IndexStore {
  static func registerMarkTimeMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v15: mark times") { db in
      try db.create(table: "markTime") { t in
        t.primaryKey("assetId", .text)
        t.column("markedAt", .double).notNull()
      }
      // A mark made before an asset was first reviewed is older than its mark, whatever came after.
      try db.execute(sql: "INSERT INTO markTime (assetId, markedAt) SELECT assetId, reviewedAt FROM review")
    }
  }

  /// Notes that `ids` were marked at `date`; a later time already noted is kept.
  static func noteMarkTime(_ ids: Set<AssetID>, at date: Date, in db: Database) throws {
    for id in ids {
      try db.execute(
        sql: """
          INSERT INTO markTime (assetId, markedAt) VALUES (?, ?)
          ON CONFLICT(assetId) DO UPDATE SET markedAt = max(markedAt, excluded.markedAt)
          """,
        arguments: [id.rawValue, date.timeIntervalSince1970])
    }
  }

  /// Which of `ids` were marked after `date`: a mark made at `date` would undo a newer one.
  static func markedAfter(_ date: Date, among ids: [AssetID], in db: Database) throws -> Set<AssetID> {
    var newer: Set<AssetID> = []
    for id in Set(ids) {
      if let time = try Double.fetchOne(
        db, sql: "SELECT markedAt FROM markTime WHERE assetId = ?", arguments: [id.rawValue]),
        time > date.timeIntervalSince1970
      {
        newer.insert(id)
      }
    }
    return newer
  }
}
