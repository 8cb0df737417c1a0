package import FaverCore
import Foundation
import GRDB

/// Saving the review queue, and keeping it fresh: what it was built from, and its review counts
/// kept in step with the marks.
extension IndexStore {
  /// The data generation: bumped by every write to files, roots and clock corrections.
  package func dataGeneration() throws -> Int {
    try database.read { try Self.dataGeneration($0) }
  }

  static func dataGeneration(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM state WHERE key = 'dataGeneration'") ?? 0
  }

  /// Whether a queue was ever saved (of any mode, fresh or not).
  package func hasSavedQueue() throws -> Bool {
    try database.read { try Self.queueStamp($0) != nil }
  }

  /// Whether the saved queue is the one `mode` would build now by the rules of `recipe` (see
  /// `QueueRecipe.digest`).
  package func isQueueFresh(mode: MomentClusterer.Mode, recipe: String) throws -> Bool {
    try readingQueue { try $0.isFresh(mode: mode, recipe: recipe) }
  }

  /// The stamp of the saved queue: the scratch queue's on a connection that keeps one.
  static func queueStamp(_ db: Database) throws -> QueueStamp? {
    let sql =
      try isScratch(db)
      ? "SELECT value FROM temp.\(scratchStamp)" : "SELECT value FROM state WHERE key = 'queue'"
    guard let text = try String.fetchOne(db, sql: sql) else { return nil }
    return try? JSONDecoder().decode(QueueStamp.self, from: Data(text.utf8))
  }

  /// The temporary table that holds the scratch queue's stamp (see `useScratchQueue`).
  static let scratchStamp = "queueScratchStamp"

  static func isScratch(_ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS(SELECT 1 FROM sqlite_temp_master WHERE type = 'table' AND name = ?)",
      arguments: [scratchStamp]) ?? false
  }

  /// Whether this store keeps its queue in scratch tables (see `useScratchQueue`).
  package var hasScratchQueue: Bool {
    get throws { try database.read { try Self.isScratch($0) } }
  }

  /// Keeps the saved queue of this store's connection in scratch tables: temporary ones, of the
  /// same columns and indexes, which every statement of the connection reads and writes in place
  /// of the store's own. How a store that cannot be written (read-only file, folder or disk) still
  /// builds the queue its readers read, by the one path every reader takes; the store's file is
  /// never written. The scratch queue starts empty and stale, and lives as long as the store.
  package func useScratchQueue() throws {
    try database.writeWithoutTransaction { db in
      guard try !Self.isScratch(db) else { return }
      let schema = try Row.fetchAll(
        db,
        sql: """
          SELECT type, sql FROM main.sqlite_master
          WHERE tbl_name IN ('queueItems', 'queueAsset', 'queueMoment') AND sql IS NOT NULL ORDER BY type = 'index'
          """)
      for row in schema {
        let (type, sql): (String, String) = (row[0], row[1])
        let (plain, scratch) =
          type == "table" ? ("CREATE TABLE ", "CREATE TEMP TABLE ") : ("CREATE INDEX ", "CREATE INDEX temp.")
        guard sql.hasPrefix(plain) else { continue }
        try db.execute(sql: scratch + sql.dropFirst(plain.count))
      }
      try db.execute(sql: "CREATE TEMP TABLE \(Self.scratchStamp) (value TEXT NOT NULL)")
    }
  }

  /// Replaces the saved queue with the clustering `cuts` of `assets` (in queue order, as
  /// `ReviewQueue` orders it), each moment summarised (`MomentClusterer.Cuts.summary`) at its place
  /// in `places` (by its index in `cuts`; made by FaverKit, which names places) as its row is
  /// written (a million photos make tens of thousands of moments, whose summaries are not held
  /// together), built by the rules of `recipe` from the data of `generation` (into the scratch
  /// tables of a store that keeps them): when the data changed since, it is saved as stale. Each
  /// moment's items are packed in one row (see `IndexStore+QueueItems`); returns how many items
  /// were written. `assets` is emptied once the rows are written.
  @discardableResult
  package func saveQueue(
    _ assets: inout [Asset], cuts: MomentClusterer.Cuts, places: [Place?], generation: Int, recipe: String
  ) throws -> Int {
    try database.write { db in
      try Self.saveQueue(&assets, cuts: cuts, places: places, generation: generation, recipe: recipe, in: db)
    }
  }

  /// `saveQueue` in the write transaction of `db`.
  @discardableResult
  static func saveQueue(
    _ assets: inout [Asset], cuts: MomentClusterer.Cuts, places: [Place?], generation: Int, recipe: String,
    in db: Database
  ) throws -> Int {
    let (mode, threshold) = (cuts.mode, cuts.threshold)
    var stamp = QueueStamp(generation: generation, mode: mode, threshold: threshold, recipe: recipe)
    let scratch = try Self.isScratch(db)
    // The save writes in order: a small page cache does it as fast, where the writer's own (64
    // MiB) would fill with pages written once.
    let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
    try db.execute(sql: "PRAGMA cache_size = -4096")
    defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    // Read in the transaction that writes: a mark made meanwhile is counted, or waits.
    let marked = Set(try String.fetchAll(db, sql: "SELECT assetId FROM review"))
    for table in ["queueItems", "queueAsset", "queueMoment"] { try db.execute(sql: "DELETE FROM \(table)") }
    // Each moment packed and summarised on a second core while this one inserts the rows of the
    // moments before it. The assets are handed over, and let go there once packed; the room for
    // every id's key and moment (sorted before they go in: each then lands at the end) is made
    // here, where the read let memory go, not in the other thread's new pages.
    var keys: [(key: Int64, moment: Int)] = []
    keys.reserveCapacity(assets.count)
    // Every asset is an item of one moment.
    let written = assets.count
    let handed = Guarded((assets: assets, keys: keys))
    (assets, keys) = ([], [])
    keys = try Handoff.run(
      capacity: 64,
      produce: { send -> [(key: Int64, moment: Int)] in
        var (packing, keys): ([Asset], [(key: Int64, moment: Int)]) = ([], [])
        handed.withLock {
          swap(&packing, &$0.assets)
          swap(&keys, &$0.keys)
        }
        var rank = 0
        for moment in 0..<cuts.momentCount {
          let ordinal = moment * Self.queueStep
          var items = PackedMoment(first: rank * Self.queueStep)
          for burst in cuts.burstOrdinals(of: moment) {
            for member in cuts.bursts.members(of: cuts.order[burst]) {
              let asset = packing[member]
              // An id's text is made anew on each read: none is made when nothing is marked.
              let reviewed =
                !marked.isEmpty
                && (marked.contains(asset.id.rawValue)
                  || asset.companion.map { marked.contains($0.id.rawValue) } == true
                  || asset.raw.map { marked.contains($0.id.rawValue) } == true)
              items.add(
                asset, position: rank * Self.queueStep, burst: burst * Self.queueStep, reviewed: reviewed)
              rank += 1
            }
          }
          for key in items.keys { keys.append((key, ordinal)) }
          items.keys = []
          let summary = cuts.summary(ofMoment: moment, of: packing, place: places[moment])
          guard send((items, summary, moment)) else { return [] }
        }
        packing = []
        return keys
      },
      consume: { (items: PackedMoment, summary: MomentSummary, moment: Int) in
        let (ordinal, boundary) = (moment * Self.queueStep, cuts.boundaries[moment])
        try Self.insertMoment(items, summary: summary, boundary: boundary, ordinal: ordinal, in: db)
      })
    // By key, then moment: they were added in the order of their moments, which a stable sort
    // keeps.
    keys.sort { $0.key < $1.key }
    try Self.insertKeys(keys, in: db)
    if !scratch {
      try db.execute(sql: "DELETE FROM queueGap")
      try Self.insertGaps(cuts.gaps, firstBurst: Self.queueStep, step: Self.queueStep, in: db)
      if try Self.dataGeneration(db) == generation {
        stamp.lastFileRow = try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM file") ?? 0
      }
    }
    try Self.writeStamp(stamp, scratch: scratch, in: db)
    return written
  }

  /// How many items a moment of the queue holds from which position, and how many are reviewed.
  struct MomentCount {
    var first: Int
    var total = 0
    var reviewed = 0
    /// One past its last item's position.
    var end: Int
    /// The ordinal of its first burst.
    var firstBurst = 0
    /// The earliest and latest instants of its dated items; nil when it has none.
    var low: Double?
    var high: Double?
    /// The fingerprint of its items (see `registerItemFingerprintMigration`): each one's
    /// `Manifest.Fingerprint.add(item:startsBurst:)`, in queue order.
    var items = Manifest.Fingerprint()
  }

  /// Inserts the rows of a moment at `ordinal`: its packed items, and its summary, boundary and
  /// counts.
  static func insertMoment(
    _ items: PackedMoment, summary said: MomentSummary, boundary: Moment.Boundary, ordinal: Int,
    in db: Database
  ) throws {
    try insertItems(items, moment: ordinal, in: db)
    // Its values bound straight to SQLite (see `BatchStatement`): GRDB's arguments cost more
    // than the insert of a row.
    var insert = try BatchStatement(
      db,
      sql: """
        INSERT INTO queueMoment (\(QueuedMoment.selection), itemsHigh, itemsLow, firstBurst, low, high)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let (count, reason, place) = (items.count, Manifest.BoundaryEntry(boundary), said.place)
    insert.bind(Int64(ordinal))
    insert.bind(said.id)
    insert.bind(Int64(count.first))
    insert.bind(Int64(count.total))
    insert.bind(Int64(count.reviewed))
    insert.bind(said.start)
    insert.bind(said.end)
    insert.bind(Int64(said.photos))
    insert.bind(Int64(said.videos))
    insert.bind(said.title)
    insert.bind(place?.name)
    insert.bind(place?.admin1)
    insert.bind(place?.country)
    insert.bind(place?.countryCode)
    insert.bind(place?.latitude)
    insert.bind(place?.longitude)
    insert.bind(reason.reason)
    insert.bind(reason.gapSeconds)
    insert.bind(reason.thresholdSeconds)
    insert.bind(reason.meters)
    insert.bind(Int64(count.end))
    insert.bind(Int64(bitPattern: count.items.high))
    insert.bind(Int64(bitPattern: count.items.low))
    insert.bind(Int64(count.firstBurst))
    insert.bind(count.low)
    insert.bind(count.high)
    try insert.run()
  }

  /// Saves `stamp` as the queue's (the scratch queue's when `scratch`), with the roots it covers.
  static func writeStamp(_ stamp: QueueStamp, scratch: Bool, in db: Database) throws {
    var stamp = stamp
    stamp.roots = try Int64.fetchAll(db, sql: "SELECT id FROM root ORDER BY id")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let value = String(decoding: try encoder.encode(stamp), as: UTF8.self)
    if scratch {
      try db.execute(sql: "DELETE FROM temp.\(Self.scratchStamp)")
      try db.execute(sql: "INSERT INTO temp.\(Self.scratchStamp) (value) VALUES (?)", arguments: [value])
    } else {
      try db.execute(
        sql:
          "INSERT INTO state (key, value) VALUES ('queue', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        arguments: [value])
      // The stamp covers every change made so far.
      try db.execute(sql: "DELETE FROM fileChange")
      try db.execute(sql: "DELETE FROM clockChange")
    }
  }

  /// Keeps the gaps a smart threshold counts (a minute or more) of `gaps`, the first before the
  /// burst `firstBurst`, each next one before the burst `step` further, in `queueGap`.
  /// The rows go in 64 at a time, their values bound straight to SQLite (see `BatchStatement`):
  /// half a million gaps, a statement each with GRDB's arguments, took a second.
  static func insertGaps(_ gaps: [TimeInterval], firstBurst: Int, step: Int, in db: Database) throws {
    let rows = 64
    func sql(rows: Int) -> String {
      "INSERT INTO queueGap (burst, gap) VALUES "
        + Array(repeating: "(?, ?)", count: rows).joined(separator: ", ")
    }
    func insert(_ pending: [(burst: Int, gap: TimeInterval)], with statement: inout BatchStatement) throws {
      for (burst, gap) in pending {
        statement.bind(Int64(burst))
        statement.bind(gap)
      }
      try statement.run()
    }
    var batch: BatchStatement?
    var pending: [(burst: Int, gap: TimeInterval)] = []
    pending.reserveCapacity(rows)
    for (offset, gap) in gaps.enumerated() where gap >= MomentClusterer.minimumCountedGap {
      pending.append((firstBurst + offset * step, gap))
      guard pending.count == rows else { continue }
      var statement = try batch ?? BatchStatement(db, sql: sql(rows: rows))
      try insert(pending, with: &statement)
      batch = statement
      pending.removeAll(keepingCapacity: true)
    }
    guard !pending.isEmpty else { return }
    var last = try BatchStatement(db, sql: sql(rows: pending.count))
    try insert(pending, with: &last)
  }

  /// Keeps the saved queue's review counts in step with `review` for the items holding `ids`:
  /// called in the transaction of the marks (and of a review carried to an edited file).
  static func updateQueueReviewed(_ ids: Set<AssetID>, in db: Database) throws {
    let marked = try db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM review WHERE assetId = ?)")
    func isMarked(_ item: QueuedItem) throws -> Bool {
      try item.memberIDs.contains { try Bool.fetchOne(marked, arguments: [$0.rawValue]) == true }
    }
    var moments: Set<Int> = []
    for id in ids {
      for item in try Self.items(holding: id, in: db) where try isMarked(item) != item.reviewed {
        moments.insert(item.moment)
      }
    }
    for moment in moments.sorted() {
      var items = try Self.items(ofMoment: moment, in: db)
      for index in items.indices { items[index].reviewed = try isMarked(items[index]) }
      try Self.rewriteItems(items, ofMoment: moment, in: db)
    }
  }

}

extension Manifest.Fingerprint {
  /// `add(item:startsBurst:instant:)` of `asset`'s item as its row holds it: its id's text, and
  /// its placed instant.
  mutating func add(item asset: Asset, startsBurst: Bool) {
    asset.id.withUTF8 {
      add(
        item: UnsafeRawBufferPointer($0), startsBurst: startsBurst,
        instant: asset.captureTime.instant.timeIntervalSince1970)
    }
  }
}
