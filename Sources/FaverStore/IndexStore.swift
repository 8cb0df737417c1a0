package import FaverCore
import Foundation
package import GRDB

/// The SQLite index of one library (which may have several roots).
package final class IndexStore: Sendable {
  let database: any DatabaseWriter

  package static let fileName = "index.sqlite"

  /// Whether the index was opened read-only (see `init(folder:readOnly:keepingDamaged:now:)`).
  package var isReadOnly: Bool { database.configuration.readonly }

  /// Uses `database` (a file's pool, or an in-memory queue in tests) and brings its schema up to
  /// date.
  package init(database: any DatabaseWriter) throws(StoreError) {
    do {
      try Self.bringUpToDate(database, migrating: true)
    } catch let error as StoreError {
      throw error
    } catch {
      throw .cannotOpen(path: database.path, reason: "\(error)")
    }
    self.database = database
  }

  /// Uses `database`, already brought up to date.
  init(ready database: any DatabaseWriter) {
    self.database = database
  }

  /// Refuses an index written by a newer faver; migrates an older one, or with `migrating` off
  /// (a read-only open) refuses it.
  static func bringUpToDate(_ database: any DatabaseWriter, migrating: Bool) throws {
    let migrator = Self.migrator
    if try database.read({ try migrator.hasBeenSuperseded($0) }) {
      throw StoreError.newerSchema(path: database.path)
    }
    if migrating {
      try migrator.migrate(database)
    } else if try !database.read({ try migrator.hasCompletedMigrations($0) }) {
      throw StoreError.olderSchema(path: database.path)
    }
  }

  /// An index in memory, for tests.
  package convenience init() throws(StoreError) {
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(configuration: Self.configuration)
    } catch {
      throw .cannotOpen(path: ":memory:", reason: "\(error)")
    }
    try self.init(database: queue)
  }

  /// How faver opens its index: waits up to 30 s for a writer's transaction, and (for the
  /// writer) a large page cache and statement journals in memory.
  package static var configuration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(30)
    configuration.prepareDatabase { db in
      guard !db.configuration.readonly else { return }
      // The writer keeps up to 64 MiB of pages (the whole index of 200,000 files is ~50 MiB):
      // with SQLite's default 2 MiB, a bulk index read back each index page it updated.
      try db.execute(sql: "PRAGMA cache_size = -65536")
      // An insert of many rows keeps a statement journal (the pages it touched, to undo it
      // alone if it fails) in memory: in a temporary file it took two writes per file indexed.
      // It plays no part in crash safety, which rests on the WAL.
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
    }
    return configuration
  }

  /// (`belongsTo` names its table: without it, GRDB compiles its English inflection rules, 40
  /// regular expressions, to guess the table from the name, a tenth of the time to create a store.)
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: roots and files") { db in
      try db.create(table: "root") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("path", .text).notNull().unique()
      }
      try db.create(table: "file") { t in
        t.autoIncrementedPrimaryKey("id")
        t.belongsTo("root", inTable: "root", onDelete: .cascade).notNull()
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
    migrator.registerMigration("v2: non-media files") { db in
      // Files that are not photos or videos, remembered so an unchanged one is never read again.
      try db.create(table: "nonMediaFile") { t in
        t.belongsTo("root", inTable: "root", onDelete: .cascade).notNull()
        t.column("path", .text).notNull()
        t.column("size", .integer).notNull()
        t.column("mtimeNs", .integer).notNull()
        t.column("device", .integer).notNull()
        t.column("inode", .integer).notNull()
        t.primaryKey(["rootId", "path"])
      }
    }
    registerReviewMigration(in: &migrator)
    migrator.registerMigration("v4: apple identifiers") { db in
      try db.alter(table: "file") { t in
        t.add(column: "contentIdentifier", .text).indexed()
        t.add(column: "burstID", .text)
      }
    }
    migrator.registerMigration("v5: forget non-media files") { db in
      // RAF, MRW, X3F and CRW files are media now: files remembered as non-media by an older
      // faver are read once more on the next run instead of being passed over for good.
      try db.execute(sql: "DELETE FROM nonMediaFile")
    }
    migrator.registerMigration("v6: drop the rootId indexes their (rootId, path) keys cover") { db in
      // Each cost an index insert per file (a tenth of the writer's work in a bulk index); the
      // unique (rootId, path) indexes serve the same lookups and the cascades from `root`.
      try db.drop(index: "file_on_rootId")
      try db.drop(index: "nonMediaFile_on_rootId")
    }
    migrator.registerMigration("v7: drop the takenAt and contentIdentifier indexes no query uses") { db in
      // Nothing looks a file up by either: `unpairedAssets()` reads the whole table and sorting it costs
      // less than following the takenAt index row by row. Together they were a third of the
      // writer's b-tree inserts in a first index.
      try db.drop(index: "file_on_takenAt")
      try db.drop(index: "file_on_contentIdentifier")
    }
    migrator.registerMigration("v8: rejected") { db in
      // Seen and not kept (`faver mark --rejected`); favorite and rejected never both.
      try db.alter(table: "review") { t in t.add(column: "rejected", .boolean).notNull().defaults(to: false) }
    }
    migrator.registerMigration("v9: video duration") { db in
      // Live Photos pair only with a short video: videos indexed before are read once more (a
      // stamp that matches no file) to learn their length.
      try db.alter(table: "file") { t in t.add(column: "duration", .double) }
      try db.execute(sql: "UPDATE file SET size = -1 WHERE kind = 'video'")
    }
    migrator.registerMigration("v10: files dated by name or modification time") { db in
      // XMP, IPTC, PNG-text and sidecar dates come before these now: such files are read once
      // more (a stamp that matches no file) to find them.
      try db.execute(sql: "UPDATE file SET size = -1 WHERE timeSource IN ('fileName', 'fileModified')")
    }
    migrator.registerMigration("v11: offset source, serial number, clock corrections") { db in
      // Whether an offset came from the file or from its GPS stamps, and the camera's serial
      // number: photos dated by EXIF are read once more (a stamp that matches no file) to learn
      // them, and so are files dated by modification time (a name that confirms the day now
      // dates them by name); until then an offset counts as the file's.
      try db.alter(table: "file") { t in
        t.add(column: "offsetSource", .text)
        t.add(column: "serial", .text)
      }
      try db.execute(sql: "UPDATE file SET offsetSource = 'file' WHERE utcOffset IS NOT NULL")
      try db.execute(
        sql: """
          UPDATE file SET size = -1
          WHERE (kind = 'photo' AND timeSource IN ('exifOriginal', 'exifDigitized', 'exifDateTime', 'pngText'))
            OR timeSource = 'fileModified'
          """)
      // A camera's clock put right (`faver clock`), kept apart from the files it moves.
      try db.create(table: "clockCorrection") { t in
        t.column("camera", .text).notNull()
        t.column("shift", .integer).notNull()
        t.column("fromWall", .double)
        t.column("toWall", .double)
        t.column("position", .integer).notNull()
      }
    }
    registerQueueMigration(in: &migrator)
    registerDeviceMigration(in: &migrator)
    registerMarkTimeMigration(in: &migrator)
    registerSignalMigration(in: &migrator)
    registerReviewGenerationMigration(in: &migrator)
    registerQueueGapMigration(in: &migrator)
    registerQueueFileMigration(in: &migrator)
    registerFileChangeMigration(in: &migrator)
    registerQueueHolesMigration(in: &migrator)
    registerQueueCountsMigration(in: &migrator)
    registerWallClockMigration(in: &migrator)
    registerAppleIdentifierMigration(in: &migrator)
    registerItemFingerprintMigration(in: &migrator)
    registerClockChangeMigration(in: &migrator)
    registerEditedFileMigration(in: &migrator)
    registerEditedFileAgainMigration(in: &migrator)
    registerQueuePerMomentMigration(in: &migrator)
    return migrator
  }

  /// The id of a root folder, registering it on first use.
  package func rootID(for path: String) throws -> Int64 {
    try database.write { db in
      if let id = try Int64.fetchOne(db, sql: "SELECT id FROM root WHERE path = ?", arguments: [path]) {
        return id
      }
      try db.execute(sql: "INSERT INTO root (path) VALUES (?)", arguments: [path])
      return db.lastInsertedRowID
    }
  }

  /// How many photos and videos are indexed under each root, by root id (roots without any are
  /// left out).
  package func fileCounts() throws -> [Int64: Int] {
    try database.read { db in
      try Row.fetchAll(db, sql: "SELECT rootId, COUNT(*) FROM file GROUP BY rootId")
        .reduce(into: [:]) { $0[$1[0]] = $1[1] }
    }
  }

  /// Drops a root and everything indexed under it; review marks are kept (they are keyed by
  /// content). False when no such root is registered.
  package func forgetRoot(_ path: String) throws -> Bool {
    try database.write { db in
      try db.execute(sql: "DELETE FROM root WHERE path = ?", arguments: [path])
      return db.changesCount > 0
    }
  }

  /// The asset indexed at `path` under the root `root`, if any.
  package func assetID(root: String, path: String) throws -> AssetID? {
    try database.read { db in
      try String.fetchOne(
        db,
        sql:
          "SELECT f.assetId FROM file AS f JOIN root AS r ON r.id = f.rootId WHERE r.path = ? AND f.path = ?",
        arguments: [root, path]
      ).map(AssetID.init(rawValue:))
    }
  }

  /// The roots registered so far, by id.
  package func roots() throws -> [Int64: String] {
    try database.read { db in try Self.roots(db) }
  }

  /// How many files the last run saw under one root: photos and videos, and all.
  package func knownCount(inRoot rootId: Int64) throws -> (media: Int, all: Int) {
    try database.read { db in
      let media =
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file WHERE rootId = ?", arguments: [rootId]) ?? 0
      let other =
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM nonMediaFile WHERE rootId = ?", arguments: [rootId])
        ?? 0
      return (media, media + other)
    }
  }

  /// What the last run saw under one root: media files and non-media files, by relative path;
  /// `mediaCount`, when the caller counted them already (`knownCount`), sizes the table without
  /// counting again. Columns are read by position (looking them up by name cost more than the
  /// rest of a no-change refresh's work per file), and the tables are scanned in order (`+rootId`
  /// keeps SQLite off the rootId index, whose every entry cost a lookup of its row).
  package func known(inRoot rootId: Int64, mediaCount: Int? = nil) throws -> KnownFiles {
    typealias Column = FileRecord.Columns
    return try database.read { db in
      var known = KnownFiles()
      let count =
        try mediaCount
        ?? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file WHERE rootId = ?", arguments: [rootId])
      known.media.reserveCapacity(count ?? 0)
      let stampColumns = [Column.size, .mtimeNs, .device, .inode].map(\.name).joined(separator: ", ")
      // Paths go from SQLite's bytes into the table: no `String` is made for them.
      var media = try ColumnCursor(
        db,
        sql: """
          SELECT \(Column.path.name), \(stampColumns), \(Column.problem.name) IS NOT NULL
          FROM file WHERE +rootId = ?
          """,
        arguments: [rootId])
      while try media.next() {
        let entry = KnownFiles.Entry(stamp: FileStamp(media, from: 1), hasProblem: media.bool(5))
        media.text(0) { known.media.append(entry, forBytes: $0) }  // paths are unique in a root
      }
      known.media.indexAppended()
      var other = try ColumnCursor(
        db, sql: "SELECT path, size, mtimeNs, device, inode FROM nonMediaFile WHERE +rootId = ?",
        arguments: [rootId])
      while try other.next() {
        let stamp = FileStamp(other, from: 1)
        other.text(0) { known.nonMedia.append(stamp, forBytes: $0) }
      }
      known.nonMedia.indexAppended()
      return known
    }
  }

  /// Every file record under one root, keyed by relative path.
  package func files(inRoot rootId: Int64) throws -> [String: FileRecord] {
    try database.read { db in
      try FileRecord.filter(FileRecord.Columns.rootId == rootId).fetchAll(db)
        .reduce(into: [:]) { $0[$1.path] = $1 }
    }
  }

  /// SQLite's own consistency check: `["ok"]` when the index is sound.
  package func integrityCheck() throws -> [String] {
    try database.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
  }

  /// Every indexed file's asset once, in file time order (ties by root, then path). Files with the
  /// same content are one asset, found at the first of its paths (by root, then path). Not yet
  /// paired: FaverKit combines a Live Photo's still and video, and a RAW+JPEG pair, into one asset
  /// each (`QueuePlanner.paired`).
  ///
  /// Rows are read by column position (`AssetRows`) in the table's order, and put in capture
  /// order here, by their keys alone: SQLite's sort of whole rows cost a second and a quarter,
  /// and its memory, at 1,000,000. The copies are found after, by the keys of the ids read
  /// (a grouped walk of the index on asset ids cost a quarter of a second), and the list is put
  /// in order in place: a second list of a million assets, or a table of every id, was most of
  /// the memory of a first `clusters`.
  package func unpairedAssets() throws -> [Asset] {
    try database.read { db in try Self.unpairedAssets(in: db) }
  }

  /// `unpairedAssets()` in the transaction of `db`.
  static func unpairedAssets(in db: Database) throws -> [Asset] {
    // Pages read once: a small cache does it as fast, where the writer's own (64 MiB) would fill.
    let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
    try db.execute(sql: "PRAGMA cache_size = -4096")
    defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file") ?? 0
    var assets: [Asset] = []
    assets.reserveCapacity(total)
    /// Each asset's order: its place's time and root (the path is the asset's own).
    var keys: [(takenAt: Double, rootId: Int64)] = []
    keys.reserveCapacity(total)
    /// The key of each one's id (see `AssetID.key`).
    var idKeys: [UInt64] = []
    idKeys.reserveCapacity(total)
    var reader = AssetRows(roots: try Self.roots(db))
    var rows = try ColumnCursor(db, sql: "SELECT \(AssetRows.selection) FROM file")
    while try rows.next() {
      let read = try reader.asset(rows)
      assets.append(read.asset)
      keys.append((read.takenAt, read.rootId))
      idKeys.append(read.key)
    }
    // Each id of several files is at the first of its places (by root, then path bytes, as
    // SQLite orders text); the others are its duplicates, in order, and leave the list.
    func precedes(_ a: Int, _ b: Int) -> Bool {
      keys[a].rootId != keys[b].rootId
        ? keys[a].rootId < keys[b].rootId : utf8Precedes(assets[a].path, assets[b].path)
    }
    var isDropped = [Bool](repeating: false, count: assets.count)
    for places in copies(keyed: idKeys, ids: { assets[$0].id }) {
      let sorted = places.sorted(by: precedes)
      assets[sorted[0]].duplicates = sorted.dropFirst().map { joinPath(assets[$0].root, assets[$0].path) }
      for index in sorted.dropFirst() { isDropped[index] = true }
    }
    idKeys = []
    // Capture order as the index stores it (ties by root, then path), the copies left out: they
    // go last, and are cut off.
    var order = assets.indices.filter { !isDropped[$0] }
    order.sort { a, b in
      keys[a].takenAt != keys[b].takenAt ? keys[a].takenAt < keys[b].takenAt : precedes(a, b)
    }
    keys = []
    let kept = order.count
    order += assets.indices.filter { isDropped[$0] }
    Self.permute(&assets, to: order)
    assets.removeLast(assets.count - kept)
    return assets
  }

  /// The positions of each id found at more than one of `keys` (the keys of the ids at each
  /// position; `ids` gives the id at a position): the keys sorted find the few shared, and ids
  /// that share a key only by chance are told apart.
  static func copies(keyed keys: [UInt64], ids: (Int) -> AssetID) -> [[Int]] {
    var sorted = keys
    sorted.sort()
    var shared: Set<UInt64> = []
    for index in sorted.indices.dropFirst() where sorted[index] == sorted[index - 1] {
      shared.insert(sorted[index])
    }
    guard !shared.isEmpty else { return [] }
    var places: [AssetID: [Int]] = [:]
    for (index, key) in keys.enumerated() where shared.contains(key) {
      places[ids(index), default: []].append(index)
    }
    return places.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
  }

  /// Puts `elements[order[i]]` at `i` for every `i` (`order` holds every index once), in place:
  /// each cycle of the permutation is followed, each element moved once, so none is copied.
  static func permute<Element>(_ elements: inout [Element], to order: [Int]) {
    var order = order
    elements.withUnsafeMutableBufferPointer { elements in
      guard let base = elements.baseAddress else { return }
      for start in order.indices where order[start] != start {
        // Each element of the cycle through `start` moved once, the first held aside (a swap
        // copied three times, and a million of them were a sixth of reading the assets).
        let first = (base + start).move()
        var current = start
        while order[current] != start {
          let next = order[current]
          (base + current).moveInitialize(from: base + next, count: 1)
          order[current] = current
          current = next
        }
        (base + current).initialize(to: first)
        order[current] = current
      }
    }
  }

  /// Whether `a` sorts before `b` by their UTF-8 bytes, as SQLite's default collation does.
  private static func utf8Precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// How many indexed files are copies of another one.
  package func duplicateCount() throws -> Int {
    try database.read {
      // DISTINCT over the assetId index walks it in order; COUNT(DISTINCT) built a temporary
      // b-tree of every id (a sixth of a no-change refresh).
      try Int.fetchOne(
        $0,
        sql: "SELECT (SELECT COUNT(*) FROM file) - (SELECT COUNT(*) FROM (SELECT DISTINCT assetId FROM file))"
      )
        ?? 0
    }
  }
}
