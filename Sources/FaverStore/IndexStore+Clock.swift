package import FaverCore
import Foundation
import GRDB

/// Camera clock corrections (`faver clock`): kept in their own table, never in the files they
/// move, so they survive a refresh, a move and a new index of the same photos.
extension IndexStore {
  /// Every correction, oldest first (a later one wins where two cover the same photo).
  package func clockCorrections() throws -> [ClockCorrection] {
    try database.read { db in
      try Row.fetchAll(
        db, sql: "SELECT camera, shift, fromWall, toWall FROM clockCorrection ORDER BY position"
      )
      .map { row in
        ClockCorrection(
          camera: row[0], shift: row[1],
          from: (row[2] as Double?).map(Date.init(timeIntervalSince1970:)),
          to: (row[3] as Double?).map(Date.init(timeIntervalSince1970:)))
      }
    }
  }

  /// Records `correction`, replacing one of the same camera over the same span in its place (so
  /// corrections made after it still win where they overlap).
  package func addClockCorrection(_ correction: ClockCorrection) throws {
    try database.write { db in
      let from = correction.from?.timeIntervalSince1970
      let to = correction.to?.timeIntervalSince1970
      try db.execute(
        sql: "UPDATE clockCorrection SET shift = ? WHERE camera = ? AND fromWall IS ? AND toWall IS ?",
        arguments: [correction.shift, correction.camera, from, to])
      guard db.changesCount == 0 else { return }
      let position =
        try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) + 1 FROM clockCorrection") ?? 1
      try db.execute(
        sql: "INSERT INTO clockCorrection (camera, shift, fromWall, toWall, position) VALUES (?, ?, ?, ?, ?)",
        arguments: [correction.camera, correction.shift, from, to, position])
    }
  }

  /// Forgets every correction of `camera`; says how many there were.
  @discardableResult
  package func clearClockCorrections(camera: String) throws -> Int {
    try database.write { db in
      try db.execute(sql: "DELETE FROM clockCorrection WHERE camera = ?", arguments: [camera])
      return db.changesCount
    }
  }
}
