import GRDB

extension IndexStore {
  /// As migration v1 created it, so a store that went through `fillingFirstTime` has the same
  /// schema as any other.
  static let assetIndexSQL = #"CREATE INDEX "file_on_assetId" ON "file"("assetId")"#

  /// The indexes of `file` a first index builds once at the end (their keys are random): asset
  /// ids, and the Apple identifiers (`appleIdentifierIndexes`).
  static var indexesBuiltAfterAFirstFill: [(name: String, sql: String)] {
    [(name: "file_on_assetId", sql: assetIndexSQL)] + appleIdentifierIndexes
  }

  /// Runs `body`, which adds files to the index. When the index holds no file yet (a first
  /// index), the index of asset ids is dropped first and built once at the end: ids are random,
  /// so every transaction rewrote most of its pages (then copied them again into the database
  /// file), a quarter of the writer's work at 200,000 files; sorting them once costs less. So are
  /// the indexes of Apple identifiers (`indexesBuiltAfterAFirstFill`). They are rebuilt even when
  /// `body` throws, and, should faver be killed before that, by the next run (queries only run
  /// slower meanwhile).
  package func fillingFirstTime<T>(_ body: () throws -> T) throws -> T {
    let (hasFiles, missing) = try database.read { db in
      (
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM file)") ?? true,
        try Self.missingIndexes(db)
      )
    }
    if hasFiles {
      if !missing.isEmpty { try buildIndexes() }
      return try body()
    }
    let present = Self.indexesBuiltAfterAFirstFill.map(\.name).filter { !missing.contains($0) }
    if !present.isEmpty {
      try database.write { db in
        for name in present { try db.execute(sql: "DROP INDEX \(name)") }
      }
    }
    let result: T
    do {
      result = try body()
    } catch {
      try? buildIndexes()
      throw error
    }
    try buildIndexes()
    return result
  }

  /// The names of the indexes of `indexesBuiltAfterAFirstFill` the database lacks.
  private static func missingIndexes(_ db: Database) throws -> Set<String> {
    let present = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'"))
    return Set(indexesBuiltAfterAFirstFill.map(\.name).filter { !present.contains($0) })
  }

  private func buildIndexes() throws {
    try database.write { db in
      let missing = try Self.missingIndexes(db)
      for index in Self.indexesBuiltAfterAFirstFill where missing.contains(index.name) {
        try db.execute(sql: index.sql)
      }
    }
  }
}
