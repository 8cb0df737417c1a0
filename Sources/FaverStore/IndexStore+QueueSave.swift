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
          WHERE tbl_name IN ('queueItem', 'queueMoment') AND sql IS NOT NULL ORDER BY type = 'index'
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
  /// tables of a store that keeps them): when the data changed since, it is saved as stale. Items
  /// are written from the first that differs from the queue saved before (see `digest`); returns
  /// how many were written. `assets` is emptied once the rows are written: a million assets are
  /// let go before SQLite builds the indexes of a queue written whole.
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
    // A queue written whole: the writer's page cache while it is written, and the indexes to
    // build once its rows are in.
    var indexes: [(name: String, sql: String)] = []
    // The save reads every asset's file row (a walk of an index of a million entries) and
    // writes in order: a small page cache does it as fast, where the writer's own (64 MiB) would
    // fill with pages read once. The writer's is given back for a few rows written in place.
    let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
    try db.execute(sql: "PRAGMA cache_size = -4096")
    defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    // Read in the transaction that writes: a mark made meanwhile is counted, or waits.
    let marked = Set(try String.fetchAll(db, sql: "SELECT assetId FROM review"))
    // Let go once each item's row is found (a table of every asset).
    var fileRows: OnlyFileRows? = try OnlyFileRows(db)
    /// Hands `body` every item of the new queue in order, with its rank (its place in the queue),
    /// its burst's ordinal (times `queueStep`), its moment's index in `cuts` and whether it is
    /// reviewed. An item's position is its rank times `queueStep`, its moment's ordinal the
    /// index times it (see `queueStep`).
    func forEachItem(
      _ body: (Asset, _ rank: Int, _ burst: Int, _ moment: Int, _ reviewed: Bool) throws -> Void
    )
      rethrows
    {
      var rank = 0
      for moment in 0..<cuts.momentCount {
        for burst in cuts.burstOrdinals(of: moment) {
          for member in cuts.bursts.members(of: cuts.order[burst]) {
            let asset = assets[member]
            // An id's text is made anew on each read: none is made when nothing is marked.
            let reviewed =
              !marked.isEmpty
              && (marked.contains(asset.id.rawValue)
                || asset.companion.map { marked.contains($0.id.rawValue) } == true
                || asset.raw.map { marked.contains($0.id.rawValue) } == true)
            try body(asset, rank, burst * Self.queueStep, moment, reviewed)
            rank += 1
          }
        }
      }
    }
    // The first item that differs from the queue saved: only the items from there are written.
    // One pass finds it and counts each moment's items.
    // A saved item is kept only at its rank's position: a queue numbered otherwise (a span cut
    // again, see `IndexStore+QueueSpans`) is written from the first item out of step on.
    var saved: [Int64] = []
    var firstHole = Int.max
    let rows = try Row.fetchCursor(db, sql: "SELECT position, digest FROM queueItem ORDER BY position")
    while let row = try rows.next() {
      if firstHole == Int.max, row[0] as Int != saved.count * Self.queueStep { firstHole = saved.count }
      saved.append(row[1])
    }
    var count = 0
    var unchanged = 0
    // Each moment's items, their range and their fingerprint, kept in its row (see
    // `registerItemFingerprintMigration`).
    var counts = Array(repeating: MomentCount(first: 0, end: 0), count: cuts.momentCount)
    var previous = (moment: -1, burst: -1)
    // Each item's file row by position, 0 when none (rows are numbered from 1): looked up once.
    var fileIDs: [Int64] = []
    fileIDs.reserveCapacity(assets.count)
    func fileID(_ rank: Int) -> Int64? { fileIDs[rank] == 0 ? nil : fileIDs[rank] }
    // How the items fall in the indexes that are not in queue order (see `indexesKept`).
    var layout = ItemLayout()
    forEachItem { asset, rank, burst, moment, reviewed in
      count += 1
      layout.add(asset)
      if counts[moment].total == 0 { counts[moment].first = rank * Self.queueStep }
      counts[moment].total += 1
      counts[moment].end = rank * Self.queueStep + 1
      if reviewed { counts[moment].reviewed += 1 }
      counts[moment].items.add(item: asset, startsBurst: previous != (moment, burst))
      previous = (moment, burst)
      fileIDs.append(fileRows?.row(of: asset.id) ?? 0)
      guard unchanged == rank, rank < saved.count, rank < firstHole,
        saved[rank]
          == QueueItemInserts.digest(
            asset, burst: burst, moment: moment * Self.queueStep, fileID: fileID(rank))
      else { return }
      unchanged += 1
    }
    fileRows = nil
    let rewritten = saved.count - unchanged + count - unchanged
    if rewritten > count / 2 {
      // Most of it: the indexes are dropped and made again once the rows are in (by sorting
      // them); kept, every row went into each of them at a random place, and a million rows
      // took 10 s. Those where nearly every row lands at the end (or that few rows enter) are
      // kept: that costs less than a scan of the whole table to make each again.
      let schema = scratch ? "temp" : "main"
      indexes = try Row.fetchAll(
        db,
        sql:
          "SELECT name, sql FROM \(schema).sqlite_master WHERE type = 'index' AND tbl_name = 'queueItem' AND sql IS NOT NULL"
      ).map { (name: $0[0] as String, sql: $0[1] as String) }
        .filter { !layout.indexesKept.contains($0.name) }
      for index in indexes {
        try db.execute(sql: "DROP INDEX \(schema).\(index.name.quotedDatabaseIdentifier)")
      }
      // The rows go in in order and each index is built once from them: the small page cache
      // writes them as fast as the writer's own, which a million rows would fill (64 MiB).
      try db.execute(sql: "DELETE FROM queueItem")
      try insertItems(from: 0)
    } else if rewritten > 0 {
      // Each row goes into the indexes at its place: the writer's cache keeps their pages.
      try db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
      // After the last item kept (at its rank's position): a span cut again may have numbered
      // the next saved one below its rank's.
      try db.execute(
        sql: "DELETE FROM queueItem WHERE position > ?", arguments: [(unchanged - 1) * Self.queueStep])
      try insertItems(from: unchanged)
    }
    func insertItems(from first: Int) throws {
      var items = QueueItemInserts(db)
      try forEachItem { asset, rank, burst, moment, reviewed in
        guard rank >= first else { return }
        try items.add(
          asset, position: rank * Self.queueStep, burst: burst, moment: moment * Self.queueStep,
          reviewed: reviewed,
          fileID: fileID(rank))
      }
      try items.finish()
    }
    // Every moment's row: a boundary holds the library's threshold, which any new photo moves.
    try db.execute(sql: "DELETE FROM queueMoment")
    try Self.insertMoments(
      count: cuts.momentCount,
      row: { (cuts.summary(ofMoment: $0, of: assets, place: places[$0]), cuts.boundaries[$0]) },
      counts: counts, from: 0, step: Self.queueStep, in: db)
    (assets, fileIDs) = ([], [])
    for index in indexes { try db.execute(sql: index.sql) }
    if !scratch {
      try db.execute(sql: "DELETE FROM queueGap")
      try Self.insertGaps(cuts.gaps, firstBurst: Self.queueStep, step: Self.queueStep, in: db)
      if try Self.dataGeneration(db) == generation {
        stamp.lastFileRow = try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM file") ?? 0
      }
    }
    try Self.writeStamp(stamp, scratch: scratch, in: db)
    return rewritten == 0 ? 0 : count - (rewritten > count / 2 ? 0 : unchanged)
  }

  /// How the items of a queue written whole, in order, fall in the indexes of `queueItem`: which
  /// of them are kept while the rows go in (see `indexesKept`).
  struct ItemLayout {
    private(set) var count = 0
    /// Items whose instant is below one before them: they land inside `queueItem_listing`.
    private(set) var outOfOrder = 0
    private(set) var companions = 0
    private(set) var raws = 0
    private var latest = -Double.infinity

    mutating func add(_ asset: Asset) {
      count += 1
      let instant = asset.captureTime.instant.timeIntervalSince1970
      if instant < latest { outOfOrder += 1 } else { latest = instant }
      if asset.companion != nil { companions += 1 }
      if asset.raw != nil { raws += 1 }
    }

    /// The indexes kept while the rows go in: those whose keys grow with the position (the
    /// burst ordinal, the position itself), where each row goes in at the end; the listing's (by
    /// instant) when at most one item in 16 lands inside it; and the companion's and raw file's
    /// (partial) when at most one item in 16 enters them. Any other is dropped and made again
    /// from the rows, by one sort: a million rows inserted at random places took 10 s.
    var indexesKept: Set<String> {
      func few(_ items: Int) -> Bool { items * 16 <= count }
      var kept: Set<String> = ["queueItem_on_burst", "queueItem_pending"]
      if few(outOfOrder) { kept.insert("queueItem_listing") }
      if few(companions) { kept.insert("queueItem_on_companionId") }
      if few(raws) { kept.insert("queueItem_on_rawId") }
      return kept
    }
  }

  /// How many items a moment of the queue holds from which position, and how many are reviewed.
  struct MomentCount {
    var first: Int
    var total = 0
    var reviewed = 0
    /// One past its last item's position.
    var end: Int
    /// The fingerprint of its items (see `registerItemFingerprintMigration`): each one's
    /// `Manifest.Fingerprint.add(item:startsBurst:)`, in queue order.
    var items = Manifest.Fingerprint()
  }

  /// Inserts the rows of `moments` with their summaries and counts, numbered from `ordinal`,
  /// `step` apart.
  static func insertMoments(
    _ moments: [Moment], summaries: [MomentSummary], counts: [MomentCount], from ordinal: Int, step: Int,
    in db: Database
  ) throws {
    try insertMoments(
      count: moments.count, row: { (summaries[$0], moments[$0].boundary) }, counts: counts, from: ordinal,
      step: step, in: db)
  }

  /// Inserts `count` moment rows, each with the summary and boundary `row` gives of it (by its
  /// index, asked once, in order) and its count, numbered from `ordinal`, `step` apart.
  static func insertMoments(
    count: Int, row: (_ index: Int) throws -> (MomentSummary, Moment.Boundary), counts: [MomentCount],
    from ordinal: Int, step: Int, in db: Database
  ) throws {
    // Its values bound straight to SQLite (see `BatchStatement`): GRDB's arguments cost more
    // than the insert of a row.
    var insert = try BatchStatement(
      db,
      sql: """
        INSERT INTO queueMoment (\(QueuedMoment.selection), itemsHigh, itemsLow)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for offset in 0..<count {
      let (said, boundary) = try row(offset)
      let (count, reason) = (counts[offset], Manifest.BoundaryEntry(boundary))
      let place = said.place
      insert.bind(Int64(ordinal + offset * step))
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
      try insert.run()
    }
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
    // One id a statement: a list of them all could pass the limit of bound values of some SQLite
    // builds (32,766 by default).
    let holding = try db.cachedStatement(
      sql: """
        SELECT q.position, q.moment, q.reviewed, \(Self.anyMemberMarked) FROM queueItem q
        WHERE q.assetId = ?1 OR q.companionId = ?1 OR q.rawId = ?1
        """)
    for id in ids {
      for row in try Row.fetchAll(holding, arguments: [id.rawValue]) {
        let (position, moment, was, now): (Int, Int, Bool, Bool) = (row[0], row[1], row[2], row[3])
        guard was != now else { continue }
        try db.execute(
          sql: "UPDATE queueItem SET reviewed = ? WHERE position = ?", arguments: [now, position])
        try db.execute(
          sql: "UPDATE queueMoment SET reviewed = reviewed + ? WHERE ordinal = ?",
          arguments: [now ? 1 : -1, moment])
      }
    }
  }

  /// SQL true when one of the files of the queue item `q` is marked in `review`.
  private static let anyMemberMarked = """
    (EXISTS (SELECT 1 FROM review WHERE review.assetId = q.assetId) \
    OR (q.companionId IS NOT NULL AND EXISTS (SELECT 1 FROM review WHERE review.assetId = q.companionId)) \
    OR (q.rawId IS NOT NULL AND EXISTS (SELECT 1 FROM review WHERE review.assetId = q.rawId)))
    """

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

/// The rows of `queueItem`, inserted `rows` at a time with their values bound straight to SQLite
/// (see `BatchStatement`): GRDB's arguments cost more than the inserts.
struct QueueItemInserts {
  static let rows = 64
  static let columns = """
    position, assetId, companionId, rawId, burst, moment, instant, utcOffset, timeSource, hasSubseconds, \
    offsetSource, inferredOffset, clockShift, isUndated, problem, reviewed, digest, fileId
    """

  private let db: Database
  private var batch: BatchStatement?
  private var pending: [(Asset, position: Int, burst: Int, moment: Int, reviewed: Bool, fileID: Int64?)] = []

  init(_ db: Database) { self.db = db }

  private static func sql(rows: Int) -> String {
    let row = "(" + Array(repeating: "?", count: 18).joined(separator: ", ") + ")"
    return "INSERT INTO queueItem (\(columns)) VALUES "
      + Array(repeating: row, count: rows).joined(separator: ", ")
  }

  /// Adds the item `asset` at `position`, its only file at the row `fileID` of `file` (nil: not
  /// known, or several files; see `OnlyFileRows`).
  mutating func add(
    _ asset: Asset, position: Int, burst: Int, moment: Int, reviewed: Bool, fileID: Int64? = nil
  ) throws {
    pending.append((asset, position, burst, moment, reviewed, fileID))
    guard pending.count == Self.rows else { return }
    var statement = try batch ?? BatchStatement(db, sql: Self.sql(rows: Self.rows))
    try Self.insert(pending, with: &statement)
    batch = statement
    pending.removeAll(keepingCapacity: true)
  }

  /// Inserts what is left.
  mutating func finish() throws {
    guard !pending.isEmpty else { return }
    var last = try BatchStatement(db, sql: Self.sql(rows: pending.count))
    try Self.insert(pending, with: &last)
    pending.removeAll()
  }

  /// A digest of the item's values, its file row (`fileID`) included (FNV-1a, 64 bits, the same
  /// on every run): equal digests at a position mean the row saved there holds what it would be
  /// written with. `reviewed` is left out: every write to `review` keeps the saved flags in step
  /// (`updateQueueReviewed`).
  static func digest(_ asset: Asset, burst: Int, moment: Int, fileID: Int64? = nil) -> Int64 {
    asset.id.withUTF8 { digest(asset, id: $0, burst: burst, moment: moment, fileID: fileID) }
  }

  /// `digest`, the asset's id given as the UTF-8 bytes of its text (`id`: no string is made).
  private static func digest(
    _ asset: Asset, id: UnsafeBufferPointer<UInt8>, burst: Int, moment: Int, fileID: Int64?
  ) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func bits(_ value: UInt64) {
      var value = value
      for _ in 0..<8 {
        hash = (hash ^ (value & 0xFF)) &* 0x100_0000_01b3
        value >>= 8
      }
    }
    func utf8(_ utf8: some Collection<UInt8>) {
      for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      bits(UInt64(utf8.count))
    }
    func text(_ value: String?) {
      guard let value else { return bits(UInt64.max) }
      utf8(value.utf8)
    }
    func number(_ value: Int?) { bits(value.map { UInt64(bitPattern: Int64($0)) } ?? 0x8000_0000_0000_0001) }
    let time = asset.captureTime
    utf8(id)
    text(asset.companion?.id.rawValue)
    text(asset.raw?.id.rawValue)
    number(burst)
    number(moment)
    bits(time.instant.timeIntervalSince1970.bitPattern)
    number(time.utcOffset)
    text(time.source.rawValue)
    text(time.offsetSource.rawValue)
    number(time.inferredOffset)
    number(time.clockShift)
    bits(UInt64((time.hasSubseconds ? 1 : 0) | (time.isUndated ? 2 : 0)))
    text(asset.problem)
    bits(fileID.map { UInt64(bitPattern: $0) } ?? UInt64.max)
    return Int64(bitPattern: hash)
  }

  private static func insert(
    _ rows: [(Asset, position: Int, burst: Int, moment: Int, reviewed: Bool, fileID: Int64?)],
    with statement: inout BatchStatement
  ) throws {
    for (asset, position, burst, moment, reviewed, fileID) in rows {
      let time = asset.captureTime
      statement.bind(Int64(position))
      // The id's text as bytes, bound and digested: no string is made for it.
      let digest = asset.id.withUTF8 { id in
        statement.bind(utf8: id)
        return Self.digest(asset, id: id, burst: burst, moment: moment, fileID: fileID)
      }
      statement.bind(asset.companion?.id.rawValue)
      statement.bind(asset.raw?.id.rawValue)
      statement.bind(Int64(burst))
      statement.bind(Int64(moment))
      statement.bind(time.instant.timeIntervalSince1970)
      statement.bind(time.utcOffset)
      statement.bind(time.source.rawValue)
      statement.bind(time.hasSubseconds)
      statement.bind(time.offsetSource.rawValue)
      statement.bind(time.inferredOffset)
      statement.bind(Int64(time.clockShift))
      statement.bind(time.isUndated)
      statement.bind(asset.problem)
      statement.bind(reviewed)
      statement.bind(digest)
      statement.bind(fileID.map(Int.init))
    }
    try statement.run()
  }
}
