import GRDB

extension IndexStore {
  /// As migration v1 created it, so a store that went through `fillingFirstTime` has the same
  /// schema as any other.
  static let assetIndexSQL = #"CREATE INDEX "file_on_assetId" ON "file"("assetId")"#

  /// Runs `body`, which adds files to the index. When the index holds no file yet (a first
  /// index), the index of asset ids is dropped first and built once at the end: ids are random,
  /// so every transaction rewrote most of its pages (then copied them again into the database
  /// file), a quarter of the writer's work at 200,000 files; sorting them once costs less. It is
  /// rebuilt even when `body` throws, and, should faver be killed before that, by the next run
  /// (queries only run slower meanwhile).
  package func fillingFirstTime<T>(_ body: () throws -> T) throws -> T {
    let (hasFiles, hasIndex) = try database.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT EXISTS (SELECT 1 FROM file),
            EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'file_on_assetId')
          """)
      return (row?[0] ?? true, row?[1] ?? true) as (Bool, Bool)
    }
    if hasFiles {
      if !hasIndex { try buildAssetIndex() }
      return try body()
    }
    if hasIndex { try database.write { try $0.execute(sql: "DROP INDEX file_on_assetId") } }
    let result: T
    do {
      result = try body()
    } catch {
      try? buildAssetIndex()
      throw error
    }
    try buildAssetIndex()
    return result
  }

  private func buildAssetIndex() throws {
    try database.write { db in
      let exists = try Bool.fetchOne(
        db,
        sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'file_on_assetId')")
      if exists != true { try db.execute(sql: Self.assetIndexSQL) }
    }
  }
}
