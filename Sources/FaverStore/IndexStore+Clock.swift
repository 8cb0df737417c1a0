package import FaverCore
import Foundation
import GRDB

/// Camera clock corrections (`faver clock`): kept in their own table, never in the files they
/// move, so they survive a refresh, a move and a new index of the same photos.
extension IndexStore {
  /// Every correction, oldest first (a later one wins where two cover the same photo).
  package func clockCorrections() throws -> [ClockCorrection] {
    try database.read { db in try Self.clockCorrections(in: db) }
  }

  static func clockCorrections(in db: Database) throws -> [ClockCorrection] {
    try Row.fetchAll(db, sql: "SELECT camera, shift, fromWall, toWall FROM clockCorrection ORDER BY position")
      .map { row in
        ClockCorrection(
          camera: row[0], shift: row[1],
          from: (row[2] as Double?).map(Date.init(timeIntervalSince1970:)),
          to: (row[3] as Double?).map(Date.init(timeIntervalSince1970:)))
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

  /// Every camera the files name (`Asset.camera`), each once: one pass over the files' makes,
  /// models and serial numbers, not a library read.
  package func cameraNames() throws -> Set<String> {
    try database.read { db in Set(try Self.cameraKeys(in: db).compactMap(\.camera)) }
  }

  /// The places of the files of `cameras` (by `Asset.camera`, or `cameraModel`), unplaced: what
  /// `faver clock` counts as the photos it moves, once made assets (`QueuePlanner.assets(of:)`).
  package func places(ofCameras cameras: Set<String>) throws -> [QueuePlanner.FilePlace] {
    let roots = try roots()
    return try database.read { db in
      let keys = try Self.cameraKeys(in: db).filter { $0.isOne(of: cameras) }
      guard !keys.isEmpty else { return [] }
      let records = try Row.fetchAll(
        db,
        sql:
          "SELECT \(FileRecord.Columns.selection) FROM file WHERE \(CameraKey.condition(count: keys.count))",
        arguments: StatementArguments(keys.flatMap(\.arguments))
      ).map(FileRecord.init(row:))
      return records.map { $0.place(root: roots[$0.rootId] ?? "") }
    }
  }

  /// A make, model and serial number as the files write them, and the camera they name.
  struct CameraKey {
    var make: String?
    var model: String?
    var serial: String?

    var camera: String? { Asset.camera(make: make, model: model, serial: serial) }

    /// Whether it names one of `cameras`, by its name or its model's (a correction named without
    /// the serial number covers every body).
    func isOne(of cameras: Set<String>) -> Bool {
      camera.map(cameras.contains) == true
        || Asset.cameraModel(make: make, model: model, serial: serial).map(cameras.contains) == true
    }

    var arguments: [(any DatabaseValueConvertible)?] { [make, model, serial] }

    /// The SQL condition of a file of one of `count` keys, each bound by its `arguments`.
    static func condition(count: Int) -> String {
      "("
        + Array(repeating: "(make IS ? AND model IS ? AND serial IS ?)", count: count).joined(
          separator: " OR ")
        + ")"
    }
  }

  /// Every make, model and serial number the files write, each once.
  static func cameraKeys(in db: Database) throws -> [CameraKey] {
    try Row.fetchAll(
      db, sql: "SELECT DISTINCT make, model, serial FROM file WHERE make IS NOT NULL OR model IS NOT NULL"
    ).map { CameraKey(make: $0[0], model: $0[1], serial: $0[2]) }
  }
}
