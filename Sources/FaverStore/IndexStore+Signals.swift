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
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT q.assetId, r.path, f.path, f.kind FROM queueItem AS q
        JOIN file AS f ON f.assetId = q.assetId JOIN root AS r ON r.id = f.rootId
        WHERE NOT EXISTS (SELECT 1 FROM photoSignal AS s WHERE s.assetId = q.assetId AND s.version = ?)
        ORDER BY q.position, f.rootId, f.path
        """,
      arguments: [version])
    var assets: [UnanalyzedAsset] = []
    while let row = try rows.next() {
      let id = AssetID(rawValue: row[0])
      let path = joinPath(row[1], row[2] as String)
      if assets.last?.id == id {
        assets[assets.count - 1].paths.append(path)
      } else {
        assets.append(UnanalyzedAsset(id: id, paths: [path], isVideo: (row[3] as String) == "video"))
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
    var positions = (first: 0, end: Int.max)
    if let moment {
      guard
        let row = try Row.fetchOne(
          db.cachedStatement(sql: "SELECT firstPosition, endPosition FROM queueMoment WHERE ordinal = ?"),
          arguments: [moment])
      else { return [] }
      positions = (row[0], row[1])
    }
    var rows = try ColumnCursor(
      db,
      sql:
        "\(IndexStore.CandidateColumns.selection) WHERE q.position >= ? AND q.position < ? ORDER BY q.position",
      arguments: [version, positions.first, positions.end])
    var candidates: [SimilarGrouper.Candidate] = []
    while try rows.next() {
      candidates.append(IndexStore.CandidateColumns.candidate(rows, id: rows.string(0)))
    }
    return candidates
  }
}

extension IndexStore {
  /// The columns of queue items joined with their signals, as `SimilarGrouper` reads them: one
  /// selection for every reader (a moment's, the whole queue's, the manifest's single pass).
  enum CandidateColumns {
    /// `SELECT` of the candidate columns (`candidate(_:)` reads them from 0), then `reviewed`
    /// (at `reviewed`), `FROM queueItem AS q` joined with the signals of the version bound first;
    /// the caller adds its `WHERE` and `ORDER BY`.
    static let selection = """
      SELECT q.assetId, q.moment, q.burst, q.instant,
        s.hash, s.sharpness, s.shadows, s.highlights, s.width, s.height, q.reviewed
      FROM queueItem AS q
      LEFT JOIN photoSignal AS s ON s.assetId = q.assetId AND s.version = ? AND s.failure IS NULL
      """
    static let reviewed = 10

    /// The candidate of the row `rows` is on, whose asset id (column 0) the caller read as `id`.
    static func candidate(_ rows: borrowing ColumnCursor, id: String) -> SimilarGrouper.Candidate {
      SimilarGrouper.Candidate(
        id: AssetID(rawValue: id), moment: rows.int(1), burst: rows.int(2),
        instant: Date(timeIntervalSince1970: rows.double(3)), signals: signals(rows))
    }

    /// The signals of the row `rows` is on; nil when it has none.
    static func signals(_ rows: borrowing ColumnCursor) -> PhotoSignals? {
      rows.isNull(4)
        ? nil
        : PhotoSignals(
          hash: UInt64(bitPattern: rows.int64(4)), sharpness: rows.double(5), shadows: rows.double(6),
          highlights: rows.double(7), width: rows.int(8), height: rows.int(9))
    }
  }
}
