package import Foundation
import GRDB

/// The devices paired with `faver serve --lan` (a phone): each known by a name and the SHA-256 of
/// its secret, never the secret itself, so a copy of the store lets no one in.
extension IndexStore {
  /// A paired device as the store keeps it.
  package struct DeviceRow: Hashable, Sendable {
    package var name: String
    package var pairedAt: Date
    package var lastSeen: Date
  }

  static func registerDeviceMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v14: paired devices") { db in
      try db.create(table: "device") { t in
        t.primaryKey("name", .text)
        t.column("secretHash", .text).notNull().unique()
        t.column("pairedAt", .double).notNull()
        t.column("lastSeen", .double).notNull()
      }
    }
  }

  /// Keeps a new device under `name`, or `name 2`, `name 3`… when that name is taken; answers the
  /// name it got.
  package func addDevice(name: String, secretHash: String, at date: Date) throws -> String {
    try database.write { db in
      var candidate = name
      var number = 1
      while try Bool.fetchOne(
        db, sql: "SELECT EXISTS(SELECT 1 FROM device WHERE name = ?)", arguments: [candidate]) == true
      {
        number += 1
        candidate = "\(name) \(number)"
      }
      try db.execute(
        sql: "INSERT INTO device (name, secretHash, pairedAt, lastSeen) VALUES (?, ?, ?, ?)",
        arguments: [candidate, secretHash, date.timeIntervalSince1970, date.timeIntervalSince1970])
      return candidate
    }
  }

  /// The device whose secret hashes to `secretHash`, nil when none (never paired, or revoked).
  /// Its last-seen time moves to `date` when it is a minute or more behind (one write a minute,
  /// not one a request).
  package func device(secretHash: String, seenAt date: Date) throws -> DeviceRow? {
    let found = try database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT name, pairedAt, lastSeen FROM device WHERE secretHash = ?", arguments: [secretHash]
      ).map(Self.deviceRow)
    }
    guard var found else { return nil }
    if date.timeIntervalSince(found.lastSeen) >= 60, !isReadOnly {
      try database.write { db in
        try db.execute(
          sql: "UPDATE device SET lastSeen = ? WHERE secretHash = ?",
          arguments: [date.timeIntervalSince1970, secretHash])
      }
      found.lastSeen = date
    }
    return found
  }

  /// Every paired device, by the time it was paired.
  package func devices() throws -> [DeviceRow] {
    try database.read { db in
      try Row.fetchAll(db, sql: "SELECT name, pairedAt, lastSeen FROM device ORDER BY pairedAt, name")
        .map(Self.deviceRow)
    }
  }

  /// Forgets the device named `name` (its secret stops working at once); false when none has it.
  package func removeDevice(named name: String) throws -> Bool {
    try database.write { db in
      try db.execute(sql: "DELETE FROM device WHERE name = ?", arguments: [name])
      return db.changesCount > 0
    }
  }

  /// Forgets every paired device; answers how many there were.
  package func removeAllDevices() throws -> Int {
    try database.write { db in
      try db.execute(sql: "DELETE FROM device")
      return db.changesCount
    }
  }

  private static func deviceRow(_ row: Row) -> DeviceRow {
    DeviceRow(
      name: row[0], pairedAt: Date(timeIntervalSince1970: row[1]),
      lastSeen: Date(timeIntervalSince1970: row[2]))
  }
}
