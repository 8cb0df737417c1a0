import GRDB

/// `file_contentIdentifier` and `file_burstID`: the files that carry Apple's Live Photo or burst
/// identifier, by it. A plan reads the files that share one with a changed photo
/// (see `readPlan`): a lookup of a few entries, where it was a scan of every file (0.3 s at a
/// million) whenever the new photos came from an iPhone. Only files that carry one are in them: a
/// library without iPhone photos keeps them empty. A first index builds them once at the end
/// (`fillingFirstTime`), as it does the index of asset ids: their keys are random.
extension IndexStore {
  /// The two indexes, by name, as created.
  static let appleIdentifierIndexes = [
    (
      name: "file_contentIdentifier",
      sql:
        "CREATE INDEX file_contentIdentifier ON file (contentIdentifier) WHERE contentIdentifier IS NOT NULL"
    ),
    (name: "file_burstID", sql: "CREATE INDEX file_burstID ON file (burstID) WHERE burstID IS NOT NULL"),
  ]

  static func registerAppleIdentifierMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v24: files by Live Photo and burst identifier") { db in
      for index in appleIdentifierIndexes { try db.execute(sql: index.sql) }
    }
  }

  /// Whether a file up to row ?1 carries a Live Photo identifier of the JSON array ?2 or a burst
  /// identifier of the JSON array ?3: by `file_contentIdentifier` and `file_burstID` (each term
  /// says IS NOT NULL, the condition of its partial index, for SQLite to use it).
  static let identifiersShared = """
    SELECT EXISTS(SELECT 1 FROM file WHERE contentIdentifier IS NOT NULL
        AND contentIdentifier IN (SELECT value FROM json_each(?2)) AND +rowid <= ?1)
      OR EXISTS(SELECT 1 FROM file WHERE burstID IS NOT NULL
        AND burstID IN (SELECT value FROM json_each(?3)) AND +rowid <= ?1)
    """
}
