import FaverCore
import Foundation
import GRDB

/// Review marks and the resume cursor. Marks are keyed by asset id, not by file, so they survive a
/// file being moved, renamed or deleted and indexed again.
extension IndexStore {
  /// What a person decided about assets.
  public enum Mark: String, Sendable, CaseIterable {
    /// Seen: leaves the queue, favorite flag unchanged.
    case reviewed
    /// Seen and kept as a favorite.
    case favorite
    /// Seen, and no longer a favorite.
    case unfavorite
  }

  static func registerReviewMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v3: review") { db in
      try db.create(table: "review") { t in
        t.primaryKey("assetId", .text)
        t.column("reviewedAt", .double).notNull()
        t.column("favorite", .boolean).notNull().defaults(to: false)
      }
      try db.create(table: "state") { t in
        t.primaryKey("key", .text)
        t.column("value", .text).notNull()
      }
    }
  }

  /// Records `mark` for every id in one transaction; the first review time is kept.
  public func mark(_ ids: [AssetID], as mark: Mark, at date: Date) throws {
    try database.write { db in
      for id in ids {
        let favorite: Bool? =
          switch mark {
          case .reviewed: nil
          case .favorite: true
          case .unfavorite: false
          }
        try db.execute(
          sql: """
            INSERT INTO review (assetId, reviewedAt, favorite) VALUES (?, ?, COALESCE(?, 0))
            ON CONFLICT(assetId) DO UPDATE SET favorite = COALESCE(?, favorite)
            """,
          arguments: [id.rawValue, date.timeIntervalSince1970, favorite, favorite])
      }
    }
  }

  /// Every asset id marked reviewed (favorites included).
  public func reviewedIDs() throws -> Set<AssetID> {
    try database.read { db in
      Set(try String.fetchAll(db, sql: "SELECT assetId FROM review").map(AssetID.init(rawValue:)))
    }
  }

  /// Asset ids marked favorite.
  public func favoriteIDs() throws -> Set<AssetID> {
    try database.read { db in
      Set(
        try String.fetchAll(db, sql: "SELECT assetId FROM review WHERE favorite").map(AssetID.init(rawValue:))
      )
    }
  }

  /// Which of `ids` the index knows.
  public func knownAssetIDs(among ids: [AssetID]) throws -> Set<AssetID> {
    try database.read { db in
      var known: Set<AssetID> = []
      for id in ids
      where try Bool.fetchOne(
        db, sql: "SELECT EXISTS(SELECT 1 FROM file WHERE assetId = ?)", arguments: [id.rawValue]) == true
      {
        known.insert(id)
      }
      return known
    }
  }

  /// The saved cursor; nil when none was saved or it cannot be read.
  public func cursor() throws -> FaverCore.Cursor? { try state("cursor") }

  /// Saves the cursor, or forgets it when nil.
  public func setCursor(_ cursor: FaverCore.Cursor?) throws { try setState("cursor", cursor) }

  /// The clustering mode `faver clusters` last used; nil when none was saved or it cannot be read.
  public func clusteringMode() throws -> MomentClusterer.Mode? { try state("clusteringMode") }

  /// Saves the clustering mode for the commands that are not given one.
  public func setClusteringMode(_ mode: MomentClusterer.Mode?) throws { try setState("clusteringMode", mode) }

  /// A JSON value from the `state` table; nil when absent or unreadable (it is only a preference).
  private func state<Value: Decodable>(_ key: String) throws -> Value? {
    try database.read { db in
      guard let text = try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = ?", arguments: [key])
      else { return nil }
      return try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
  }

  /// Stores a JSON value in the `state` table, or removes the key when nil.
  private func setState(_ key: String, _ value: (some Encodable)?) throws {
    let text = try value.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    try database.write { db in
      if let text {
        try db.execute(
          sql:
            "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          arguments: [key, text])
      } else {
        try db.execute(sql: "DELETE FROM state WHERE key = ?", arguments: [key])
      }
    }
  }
}
