package import FaverCore
import Foundation
import GRDB

/// Each content's `PhotoSignals` (`photoSignal`), keyed by asset id like review marks: a moved or
/// renamed file keeps them, a changed file is a new content and is analyzed anew. A row holds the
/// signals, or the failure that keeps the content from having any (a damaged file is not read
/// again). Each row carries the `SignalAnalyzer.version` that computed it: a row of another
/// version counts as missing. The table is derived data outside the queue's generation: writing
/// it never makes the queue stale.
extension IndexStore {
  static func registerSignalMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v16: photo signals") { db in
      try db.create(table: "photoSignal") { t in
        t.primaryKey("assetId", .text)
        t.column("version", .integer).notNull()
        t.column("hash", .integer)
        t.column("sharpness", .double)
        t.column("shadows", .double)
        t.column("highlights", .double)
        t.column("width", .integer)
        t.column("height", .integer)
        t.column("failure", .text)
      }
    }
  }

  /// A queued asset without signals of `version`, and where to read it.
  package struct UnanalyzedAsset: Hashable, Sendable {
    package var id: AssetID
    /// Every path of its content, first by root, then path.
    package var paths: [String]
    package var isVideo: Bool
  }

  /// The assets of the saved queue without signals of `version`, in queue order (what is reviewed
  /// next is analyzed first).
  package func unanalyzedAssets(version: Int) throws -> [UnanalyzedAsset] {
    try database.read { db in try Self.unanalyzedAssets(version: version, in: db) }
  }

  /// `unanalyzedAssets` in the transaction of `db`.
  static func unanalyzedAssets(version: Int, in db: Database) throws -> [UnanalyzedAsset] {
    let analyzed = try db.cachedStatement(
      sql: "SELECT EXISTS(SELECT 1 FROM photoSignal WHERE assetId = ? AND version = ?)")
    let files = try db.cachedStatement(
      sql: """
        SELECT r.path, f.path, f.kind FROM file AS f JOIN root AS r ON r.id = f.rootId
        WHERE f.assetId = ? ORDER BY f.rootId, f.path
        """)
    var assets: [UnanalyzedAsset] = []
    for moment in try Int.fetchAll(db, sql: "SELECT ordinal FROM queueMoment ORDER BY ordinal") {
      for item in try items(ofMoment: moment, in: db) {
        let id = item.assetID.rawValue
        guard try Bool.fetchOne(analyzed, arguments: [id, version]) == false else { continue }
        let rows = try Row.fetchAll(files, arguments: [id])
        guard let first = rows.first else { continue }
        assets.append(
          UnanalyzedAsset(
            id: item.assetID, paths: rows.map { joinPath($0[0], $0[1] as String) },
            isVideo: (first[2] as String) == "video"))
      }
    }
    return assets
  }

  /// Keeps the signals (or the failure) of each asset, computed by `version`, in one transaction.
  package func saveSignals(
    _ results: [(id: AssetID, result: Result<PhotoSignals, SignalFailure>)], version: Int
  )
    throws
  {
    try database.write { db in
      let statement = try db.makeStatement(
        sql: """
          INSERT OR REPLACE INTO photoSignal
            (assetId, version, hash, sharpness, shadows, highlights, width, height, failure)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """)
      for (id, result) in results {
        switch result {
        case .success(let s):
          try statement.execute(arguments: [
            id.rawValue, version, Int64(bitPattern: s.hash), s.sharpness, s.shadows, s.highlights, s.width,
            s.height, nil,
          ])
        case .failure(let failure):
          try statement.execute(arguments: [
            id.rawValue, version, nil, nil, nil, nil, nil, nil, failure.reason,
          ])
        }
      }
      try Self.bumpSignalGeneration(in: db)
    }
  }

  /// The signals of `id` computed by `version`, or the failure recorded; nil when it has none.
  package func signals(of id: AssetID, version: Int) throws -> Result<PhotoSignals, SignalFailure>? {
    try database.read { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT hash, sharpness, shadows, highlights, width, height, failure FROM photoSignal
            WHERE assetId = ? AND version = ?
            """,
          arguments: [id.rawValue, version])
      else { return nil }
      if let failure = row[6] as String? { return .failure(SignalFailure(reason: failure)) }
      return .success(
        PhotoSignals(
          hash: UInt64(bitPattern: row[0]), sharpness: row[1], shadows: row[2], highlights: row[3],
          width: row[4],
          height: row[5]))
    }
  }
}

/// Why a content has no signals (a `PreviewFailure`'s sentence): kept so it is not read again.
package struct SignalFailure: Error, Hashable, Sendable {
  package var reason: String
  package init(reason: String) { self.reason = reason }
}

extension IndexStore.QueueSnapshot {
  /// The saved queue's items in queue order (only those of the moment of ordinal `moment`, when
  /// given), each with its signals of `version` (nil when it has none), for `SimilarGrouper`. The
  /// statement is prepared once per connection: the page asks once per moment.
  package func similarCandidates(version: Int, moment: Int? = nil) throws -> [SimilarGrouper.Candidate] {
    let moments =
      try moment.map { [$0] } ?? Int.fetchAll(db, sql: "SELECT ordinal FROM queueMoment ORDER BY ordinal")
    let candidates = try moments.flatMap { ordinal in
      try IndexStore.items(ofMoment: ordinal, in: db).map {
        SimilarGrouper.Candidate(
          id: $0.assetID, moment: $0.moment, burst: $0.burst, instant: $0.captureTime.instant, signals: nil)
      }
    }
    return try IndexStore.withSignals(candidates, version: version, in: db)
  }
}
