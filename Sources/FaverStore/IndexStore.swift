import FaverCore
import Foundation
import GRDB

/// The SQLite index of one library (which may have several roots), in the store folder.
public final class IndexStore: Sendable {
  public let folder: URL
  private let database: DatabasePool

  public static let fileName = "index.sqlite"

  /// Opens (creating when needed) the index in `folder` and brings its schema up to date.
  public init(folder: URL) throws(StoreError) {
    self.folder = folder
    let path = folder.appendingPathComponent(Self.fileName).path
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotCreateFolder(path: folder.path, reason: error.localizedDescription)
    }
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(30)
      database = try DatabasePool(path: path, configuration: configuration)
      let migrator = Self.migrator
      if try database.read({ try migrator.hasBeenSuperseded($0) }) {
        throw StoreError.newerSchema(path: path)
      }
      try migrator.migrate(database)
    } catch let error as StoreError {
      throw error
    } catch {
      throw .cannotOpen(path: path, reason: "\(error)")
    }
  }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: roots and files") { db in
      try db.create(table: "root") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("path", .text).notNull().unique()
      }
      try db.create(table: "file") { t in
        t.autoIncrementedPrimaryKey("id")
        t.belongsTo("root", onDelete: .cascade).notNull()
        t.column("path", .text).notNull()
        t.column("assetId", .text).notNull().indexed()
        t.column("format", .text).notNull()
        t.column("kind", .text).notNull()
        t.column("size", .integer).notNull()
        t.column("mtimeNs", .integer).notNull()
        t.column("device", .integer).notNull()
        t.column("inode", .integer).notNull()
        t.column("takenAt", .double).notNull().indexed()
        t.column("utcOffset", .integer)
        t.column("hasSubseconds", .boolean).notNull()
        t.column("timeSource", .text).notNull()
        t.column("latitude", .double)
        t.column("longitude", .double)
        t.column("make", .text)
        t.column("model", .text)
        t.column("problem", .text)
        t.uniqueKey(["rootId", "path"])
      }
    }
    migrator.registerMigration("v2: apple identifiers") { db in
      try db.alter(table: "file") { t in
        t.add(column: "contentIdentifier", .text).indexed()
        t.add(column: "burstID", .text)
      }
    }
    return migrator
  }

  /// The id of a root folder, registering it on first use.
  public func rootID(for path: String) throws -> Int64 {
    try database.write { db in
      if let id = try Int64.fetchOne(db, sql: "SELECT id FROM root WHERE path = ?", arguments: [path]) {
        return id
      }
      try db.execute(sql: "INSERT INTO root (path) VALUES (?)", arguments: [path])
      return db.lastInsertedRowID
    }
  }

  /// The roots registered so far, by id.
  public func roots() throws -> [Int64: String] {
    try database.read { db in
      try Row.fetchAll(db, sql: "SELECT id, path FROM root").reduce(into: [:]) { $0[$1["id"]] = $1["path"] }
    }
  }

  /// Every file known under one root, keyed by relative path.
  public func files(inRoot rootId: Int64) throws -> [String: FileRecord] {
    try database.read { db in
      try FileRecord.filter(Column("rootId") == rootId).fetchAll(db)
        .reduce(into: [:]) { $0[$1.path] = $1 }
    }
  }

  /// Writes new and changed files and forgets removed ones, all in one transaction.
  public func apply(upserts: [FileRecord], removals: [Int64]) throws {
    guard !upserts.isEmpty || !removals.isEmpty else { return }
    try database.write { db in
      for var record in upserts {
        if record.id == nil {
          try record.insert(db, onConflict: .replace)
        } else {
          try record.update(db)
        }
      }
      for id in removals { _ = try FileRecord.deleteOne(db, key: id) }
    }
  }

  /// Every indexed asset in capture order (ties by root, then path).
  public func assets() throws -> [Asset] {
    let roots = try roots()
    return try database.read { db in
      try FileRecord.order(Column("takenAt"), Column("rootId"), Column("path")).fetchAll(db)
        .map { $0.asset(root: roots[$0.rootId] ?? "") }
    }
  }
}
