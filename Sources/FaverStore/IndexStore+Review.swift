package import FaverCore
package import Foundation
import GRDB

/// Review marks and the resume cursor. Marks are keyed by asset id, not by file, so they survive a
/// file being moved, renamed or deleted and indexed again.
extension IndexStore {
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

  /// What a mark did: how many ids it changed (the others already were so), and, when it kept
  /// newer marks, the ids it left alone because they were marked after it.
  package struct Marking: Hashable, Sendable {
    package var changed = 0
    package var superseded: Set<AssetID> = []
  }

  /// Records `mark` for every id in one transaction (the first review time is kept). With
  /// `keepingNewer` (a mark sent late), an id marked after `date` keeps its mark and is reported
  /// superseded, checked in the same transaction as the write.
  @discardableResult
  package func mark(_ ids: [AssetID], as mark: ReviewMark, at date: Date, keepingNewer: Bool = false) throws
    -> Marking
  {
    try database.write { db in try Self.mark(ids, as: mark, at: date, keepingNewer: keepingNewer, in: db) }
  }

  /// `mark` in the write transaction of `db`.
  static func mark(
    _ ids: [AssetID], as mark: ReviewMark, at date: Date, keepingNewer: Bool, in db: Database
  ) throws -> Marking {
    let superseded = keepingNewer ? try Self.markedAfter(date, among: ids, in: db) : []
    let ids = Set(ids).subtracting(superseded)
    var changed = 0
    for id in ids {
      let row = try Row.fetchOne(
        db, sql: "SELECT favorite, rejected FROM review WHERE assetId = ?", arguments: [id.rawValue])
      let before = Self.state(favorite: row?[0], rejected: row?[1])
      let after = before.marked(mark)
      guard after != before else { continue }
      changed += 1
      if after == .unreviewed {
        try db.execute(sql: "DELETE FROM review WHERE assetId = ?", arguments: [id.rawValue])
      } else {
        try db.execute(
          sql: """
            INSERT INTO review (assetId, reviewedAt, favorite, rejected) VALUES (?, ?, ?, ?)
            ON CONFLICT(assetId) DO UPDATE SET favorite = excluded.favorite, rejected = excluded.rejected
            """,
          arguments: [id.rawValue, date.timeIntervalSince1970, after == .favorite, after == .rejected])
      }
    }
    try Self.noteMarkTime(ids, at: date, in: db)
    try Self.updateQueueReviewed(ids, in: db)
    return Marking(changed: changed, superseded: superseded)
  }

  /// Makes every id plainly reviewed — neither favorite nor rejected — in one transaction (an
  /// undo's exact state: a crash halfway must not leave a reject unreviewed). The first review
  /// time is kept; `keepingNewer` as in `mark`.
  @discardableResult
  package func setPlainlyReviewed(_ ids: [AssetID], at date: Date, keepingNewer: Bool = false) throws
    -> Marking
  {
    try database.write { db in
      let superseded = keepingNewer ? try Self.markedAfter(date, among: ids, in: db) : []
      let ids = Set(ids).subtracting(superseded)
      var changed = 0
      for id in ids {
        let row = try Row.fetchOne(
          db, sql: "SELECT favorite, rejected FROM review WHERE assetId = ?", arguments: [id.rawValue])
        guard Self.state(favorite: row?[0], rejected: row?[1]) != .reviewed else { continue }
        changed += 1
        try db.execute(
          sql: """
            INSERT INTO review (assetId, reviewedAt, favorite, rejected) VALUES (?, ?, 0, 0)
            ON CONFLICT(assetId) DO UPDATE SET favorite = 0, rejected = 0
            """,
          arguments: [id.rawValue, date.timeIntervalSince1970])
      }
      try Self.noteMarkTime(ids, at: date, in: db)
      try Self.updateQueueReviewed(ids, in: db)
      return Marking(changed: changed, superseded: superseded)
    }
  }

  /// The review state of every asset id marked (absent: unreviewed).
  package func reviewStates() throws -> [AssetID: ReviewState] {
    try database.read { db in
      var states: [AssetID: ReviewState] = [:]
      let rows = try Row.fetchCursor(db, sql: "SELECT assetId, favorite, rejected FROM review")
      while let row = try rows.next() {
        states[AssetID(rawValue: row[0])] = Self.state(favorite: row[1], rejected: row[2])
      }
      return states
    }
  }

  /// The review state of each of `ids` that is marked (absent: unreviewed).
  package func reviewStates(of ids: [AssetID]) throws -> [AssetID: ReviewState] {
    try database.read { db in
      var states: [AssetID: ReviewState] = [:]
      for id in ids {
        let row = try Row.fetchOne(
          db, sql: "SELECT favorite, rejected FROM review WHERE assetId = ?", arguments: [id.rawValue])
        if let row { states[id] = Self.state(favorite: row[0], rejected: row[1]) }
      }
      return states
    }
  }

  /// A row of `review` as a state; no row is unreviewed.
  static func state(favorite: Bool?, rejected: Bool?) -> ReviewState {
    guard let favorite, let rejected else { return .unreviewed }
    return favorite ? .favorite : rejected ? .rejected : .reviewed
  }

  /// Every asset id marked reviewed (favorites and rejects included).
  package func reviewedIDs() throws -> Set<AssetID> {
    try database.read { db in
      Set(try String.fetchAll(db, sql: "SELECT assetId FROM review").map(AssetID.init(rawValue:)))
    }
  }

  /// Asset ids marked favorite.
  package func favoriteIDs() throws -> Set<AssetID> {
    try database.read { db in
      Set(
        try String.fetchAll(db, sql: "SELECT assetId FROM review WHERE favorite").map(AssetID.init(rawValue:))
      )
    }
  }

  /// Which of `ids` the index knows.
  package func knownAssetIDs(among ids: [AssetID]) throws -> Set<AssetID> {
    try database.read { db in try Self.knownAssetIDs(among: ids, in: db) }
  }

  static func knownAssetIDs(among ids: [AssetID], in db: Database) throws -> Set<AssetID> {
    var known: Set<AssetID> = []
    for id in ids
    where try Bool.fetchOne(
      db, sql: "SELECT EXISTS(SELECT 1 FROM file WHERE assetId = ?)", arguments: [id.rawValue]) == true
    {
      known.insert(id)
    }
    return known
  }

  /// The saved cursor; nil when none was saved or it cannot be read.
  package func cursor() throws -> FaverCore.Cursor? {
    try state(FaverCore.Cursor.self, key: "cursor")
  }

  /// Saves the cursor, or forgets it when nil.
  package func setCursor(_ cursor: FaverCore.Cursor?) throws {
    try setState(cursor, key: "cursor")
  }

  /// How moments were last cut at the person's request, so an unattended `refresh` writes the
  /// manifest the same way; nil when never chosen or unreadable.
  package func clusteringMode() throws -> MomentClusterer.Mode? {
    try state(MomentClusterer.Mode.self, key: "clusteringMode")
  }

  /// Whether the remembered mode is adaptive, a mode faver no longer has (`clusteringMode` is nil
  /// for it), so the person can be told once.
  package func remembersAdaptiveMode() throws -> Bool {
    try database.read { db in
      guard
        let text = try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = 'clusteringMode'"),
        (try? JSONDecoder().decode(MomentClusterer.Mode.self, from: Data(text.utf8))) == nil
      else { return false }
      return text.contains("\"adaptive\"")
    }
  }

  /// Remembers the mode, or forgets it when nil.
  package func setClusteringMode(_ mode: MomentClusterer.Mode?) throws {
    try setState(mode, key: "clusteringMode")
  }

  /// A JSON value of the `state` table; nil when absent or unreadable (a newer or damaged value
  /// must never stop a review).
  private func state<Value: Decodable>(_ type: Value.Type, key: String) throws -> Value? {
    try database.read { db in try Self.state(type, key: key, in: db) }
  }

  static func state<Value: Decodable>(_ type: Value.Type, key: String, in db: Database) throws -> Value? {
    guard let text = try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = ?", arguments: [key])
    else { return nil }
    return try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
  }

  /// Replaces a JSON value of the `state` table in one statement, or deletes it when nil.
  private func setState<Value: Encodable>(_ value: Value?, key: String) throws {
    try database.write { db in try Self.setState(value, key: key, in: db) }
  }

  static func setState<Value: Encodable>(_ value: Value?, key: String, in db: Database) throws {
    if let value {
      try db.execute(
        sql:
          "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        arguments: [key, String(decoding: try JSONEncoder().encode(value), as: UTF8.self)])
    } else {
      try db.execute(sql: "DELETE FROM state WHERE key = ?", arguments: [key])
    }
  }
}
