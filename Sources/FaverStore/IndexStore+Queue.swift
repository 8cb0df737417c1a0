package import FaverCore
import Foundation
import GRDB

/// The review queue as last built, kept so `status`, `next`, `cursor` and `mark` read the few rows
/// they need instead of rebuilding the whole library (issue #17).
///
/// `queueItem` holds every asset of the queue in queue order (moment, burst, capture order) with
/// its member ids (so "reviewed" is checked against `review`), its burst and moment ordinals and
/// its placed capture time; `queueMoment` holds each moment's summary. Every write that changes
/// what the queue would be (files, roots, clock corrections) bumps `dataGeneration` in `state`, by
/// triggers in the same transaction; the queue is fresh while the generation, the clustering mode
/// and the `QueueStamp` format and rules (`QueueRecipe`) it was built with are the current ones.
extension IndexStore {
  static func registerQueueMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v12: review queue") { db in
      try db.create(table: "queueItem") { t in
        t.primaryKey("position", .integer)
        t.column("assetId", .text).notNull()
        t.column("companionId", .text)
        t.column("rawId", .text)
        t.column("burst", .integer).notNull()
        t.column("moment", .integer).notNull()
        t.column("instant", .double).notNull()
        t.column("utcOffset", .integer)
        t.column("timeSource", .text).notNull()
        t.column("hasSubseconds", .boolean).notNull()
        t.column("offsetSource", .text).notNull()
        t.column("inferredOffset", .integer)
        t.column("clockShift", .integer).notNull()
        t.column("isUndated", .boolean).notNull()
        t.column("problem", .text)
        t.column("reviewed", .boolean).notNull().defaults(to: false)
      }
      try db.create(index: "queueItem_on_assetId", on: "queueItem", columns: ["assetId"])
      try db.create(index: "queueItem_on_burst", on: "queueItem", columns: ["burst"])
      // The items left to review, in queue order: `next` finds the first of them at once however
      // much of the queue is reviewed.
      try db.execute(sql: "CREATE INDEX queueItem_pending ON queueItem(position) WHERE reviewed = 0")
      try db.create(
        index: "queueItem_on_companionId", on: "queueItem", columns: ["companionId"],
        condition: Column("companionId") != nil)
      try db.create(
        index: "queueItem_on_rawId", on: "queueItem", columns: ["rawId"], condition: Column("rawId") != nil)
      try db.create(table: "queueMoment") { t in
        t.primaryKey("ordinal", .integer)
        t.column("summary", .text).notNull()
        t.column("total", .integer).notNull()
        t.column("reviewed", .integer).notNull()
      }
      try db.execute(sql: "INSERT OR REPLACE INTO state (key, value) VALUES ('dataGeneration', '0')")
      for table in ["file", "root", "clockCorrection"] {
        for event in ["INSERT", "UPDATE", "DELETE"] {
          try db.execute(
            sql: """
              CREATE TRIGGER \(table)_\(event.lowercased())_bumps_generation AFTER \(event) ON \(table)
              BEGIN
                UPDATE state SET value = CAST(value AS INTEGER) + 1 WHERE key = 'dataGeneration';
              END
              """)
        }
      }
    }
    migrator.registerMigration("v13: moments in columns, the listing order") { db in
      // The queue is derived data (the stamp's format changes with it, so a queue saved before
      // is rebuilt): `queueMoment` is made anew with each moment's summary and boundary in
      // columns — the manifest is written from it, and decoding JSON for each moment cost more
      // than reading its items —, its id and first item (the web page's moments). `assets` is
      // listed straight from `queueItem` in capture order.
      try db.drop(table: "queueMoment")
      try db.create(table: "queueMoment") { t in
        t.primaryKey("ordinal", .integer)
        t.column("momentId", .text).notNull()
        t.column("firstPosition", .integer).notNull()
        t.column("total", .integer).notNull()
        t.column("reviewed", .integer).notNull()
        t.column("start", .text).notNull()
        t.column("end", .text).notNull()
        t.column("photos", .integer).notNull()
        t.column("videos", .integer).notNull()
        t.column("title", .text).notNull()
        t.column("placeName", .text)
        t.column("placeAdmin1", .text)
        t.column("placeCountry", .text)
        t.column("placeCountryCode", .text)
        t.column("placeLatitude", .double)
        t.column("placeLongitude", .double)
        t.column("boundary", .text).notNull()
        t.column("gapSeconds", .double)
        t.column("thresholdSeconds", .double)
        t.column("meters", .double)
        t.column("localMean", .double)
      }
      try db.create(index: "queueMoment_on_momentId", on: "queueMoment", columns: ["momentId"])
      // A digest of each item's values: a save rewrites the queue only from the first item that
      // changed (new photos come last), comparing one number an item.
      try db.alter(table: "queueItem") { t in t.add(column: "digest", .integer).notNull().defaults(to: 0) }
      try db.create(index: "queueItem_listing", on: "queueItem", columns: ["instant", "assetId"])
      try db.execute(sql: "DELETE FROM queueItem")
      try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
    }
  }

  /// What a saved queue was built from.
  package struct QueueStamp: Hashable, Codable, Sendable {
    /// Bumped when the way the queue is built or saved changes: an older table is rebuilt.
    /// 2: moments keep their boundary, the stamp its threshold.
    package static let format = 2
    /// The digest of the rules this faver builds queues by (`QueueRecipe`).
    package static let recipe = QueueRecipe().digest

    package var format: Int
    /// The digest of the rules that built the queue; a queue of other rules is stale.
    package var recipe: String
    package var generation: Int
    package var mode: MomentClusterer.Mode
    /// The clustering's threshold (`MomentClusterer.Result.threshold`).
    package var threshold: Double?

    package init(generation: Int, mode: MomentClusterer.Mode, threshold: Double? = nil) {
      (format, recipe, self.generation, self.mode, self.threshold) = (
        Self.format, Self.recipe, generation, mode, threshold
      )
    }

    /// Whether the queue it stamps was built and saved the way this faver does.
    var isCurrent: Bool { format == Self.format && recipe == Self.recipe }

    /// Whether the queue it stamps is the one `mode` would build from the data of `generation`.
    func isFresh(generation: Int, mode: MomentClusterer.Mode) -> Bool {
      isCurrent && self.generation == generation && self.mode == mode
    }
  }

  /// A moment of the saved queue: what it is, why it starts where it does, and how much of it is
  /// reviewed.
  package struct QueuedMoment: Hashable, Sendable {
    package var ordinal: Int
    package var summary: MomentSummary
    package var boundary: Manifest.BoundaryEntry
    package var total: Int
    package var reviewed: Int
    /// The position of its first item: its items are the `total` from there.
    package var firstPosition: Int
  }

  /// One asset of the saved queue.
  package struct QueuedItem: Hashable, Sendable {
    package var position: Int
    package var assetID: AssetID
    package var companionID: AssetID?
    package var rawID: AssetID?
    package var burst: Int
    package var moment: Int
    /// The placed capture time (see `Timeline`).
    package var captureTime: CaptureTime
    /// The placed problem (see `Timeline`).
    package var problem: String?

    package var cursor: FaverCore.Cursor { FaverCore.Cursor(assetID: assetID, instant: captureTime.instant) }

    static let selection = """
      q.position, q.assetId, q.companionId, q.rawId, q.burst, q.moment, q.instant, q.utcOffset, \
      q.timeSource, q.hasSubseconds, q.offsetSource, q.inferredOffset, q.clockShift, q.isUndated, q.problem
      """

    init(row: Row) {
      position = row[0]
      assetID = AssetID(rawValue: row[1])
      companionID = (row[2] as String?).map(AssetID.init(rawValue:))
      rawID = (row[3] as String?).map(AssetID.init(rawValue:))
      burst = row[4]
      moment = row[5]
      captureTime = CaptureTime(
        instant: Date(timeIntervalSince1970: row[6]), utcOffset: row[7],
        source: TimeSource(rawValue: row[8]) ?? .fileModified, hasSubseconds: row[9],
        offsetSource: OffsetSource(rawValue: row[10]) ?? .file)
      captureTime.inferredOffset = row[11]
      captureTime.clockShift = row[12]
      captureTime.isUndated = row[13]
      problem = row[14]
    }
  }

  /// The data generation: bumped by every write to files, roots and clock corrections.
  package func dataGeneration() throws -> Int {
    try database.read { try Self.dataGeneration($0) }
  }

  private static func dataGeneration(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM state WHERE key = 'dataGeneration'") ?? 0
  }

  /// Whether a queue was ever saved (of any mode, fresh or not).
  package func hasSavedQueue() throws -> Bool {
    try database.read { try Self.queueStamp($0) != nil }
  }

  /// Whether the saved queue is the one `mode` would build now.
  package func isQueueFresh(mode: MomentClusterer.Mode) throws -> Bool {
    try database.read { db in
      try Self.queueStamp(db)?.isFresh(generation: try Self.dataGeneration(db), mode: mode) ?? false
    }
  }

  static func queueStamp(_ db: Database) throws -> QueueStamp? {
    guard let text = try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = 'queue'") else {
      return nil
    }
    return try? JSONDecoder().decode(QueueStamp.self, from: Data(text.utf8))
  }

  /// Replaces the saved queue with `moments` (in queue order, as `ReviewQueue` orders them) and
  /// their summaries, built in `mode` with `threshold` from the data of `generation`: when the
  /// data changed since, it is saved as stale. Items are written from the first that differs from
  /// the queue saved before (see `digest`); returns how many were written.
  @discardableResult
  package func saveQueue(
    _ moments: [Moment], summaries: [MomentSummary], generation: Int, mode: MomentClusterer.Mode,
    threshold: Double
  ) throws -> Int {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let stamp = String(
      decoding: try encoder.encode(QueueStamp(generation: generation, mode: mode, threshold: threshold)),
      as: UTF8.self)
    return try database.write { db in
      // Read in the transaction that writes: a mark made meanwhile is counted, or waits.
      let marked = Set(try String.fetchAll(db, sql: "SELECT assetId FROM review"))
      /// Hands `body` every item of the new queue in order, with its position, burst and moment
      /// ordinals and whether it is reviewed.
      func forEachItem(
        _ body: (Asset, _ position: Int, _ burst: Int, _ moment: Int, _ reviewed: Bool) throws -> Void
      )
        rethrows
      {
        var position = 0
        var burstOrdinal = 0
        for (ordinal, moment) in moments.enumerated() {
          for burst in moment.bursts {
            for asset in burst.assets {
              let reviewed =
                marked.contains(asset.id.rawValue)
                || asset.companion.map { marked.contains($0.id.rawValue) } == true
                || asset.raw.map { marked.contains($0.id.rawValue) } == true
              try body(asset, position, burstOrdinal, ordinal, reviewed)
              position += 1
            }
            burstOrdinal += 1
          }
        }
      }
      // The first item that differs from the queue saved: only the items from there are written.
      // One pass finds it and counts each moment's items.
      let saved = try Int64.fetchAll(db, sql: "SELECT digest FROM queueItem ORDER BY position")
      var count = 0
      var unchanged = 0
      var counts: [(first: Int, total: Int, reviewed: Int)] = Array(
        repeating: (0, 0, 0), count: moments.count)
      forEachItem { asset, position, burst, moment, reviewed in
        count += 1
        if counts[moment].total == 0 { counts[moment].first = position }
        counts[moment].total += 1
        if reviewed { counts[moment].reviewed += 1 }
        guard unchanged == position, position < saved.count,
          saved[position] == QueueItemInserts.digest(asset, burst: burst, moment: moment)
        else { return }
        unchanged += 1
      }
      let rewritten = saved.count - unchanged + count - unchanged
      if rewritten > count / 2 {
        // Most of it: the indexes are dropped and made again once the rows are in (by sorting
        // them); kept, every row went into each of them at a random place, and a million rows
        // took 10 s.
        let indexes = try Row.fetchAll(
          db,
          sql:
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'queueItem' AND sql IS NOT NULL"
        ).map { (name: $0[0] as String, sql: $0[1] as String) }
        for index in indexes { try db.execute(sql: "DROP INDEX \(index.name.quotedDatabaseIdentifier)") }
        try db.execute(sql: "DELETE FROM queueItem")
        try insertItems(from: 0)
        for index in indexes { try db.execute(sql: index.sql) }
      } else if rewritten > 0 {
        try db.execute(sql: "DELETE FROM queueItem WHERE position >= ?", arguments: [unchanged])
        try insertItems(from: unchanged)
      }
      func insertItems(from first: Int) throws {
        var items = QueueItemInserts(db)
        try forEachItem { asset, position, burst, moment, reviewed in
          guard position >= first else { return }
          try items.add(asset, position: position, burst: burst, moment: moment, reviewed: reviewed)
        }
        try items.finish()
      }
      // Every moment's row: a boundary holds the library's threshold, which any new photo moves.
      try db.execute(sql: "DELETE FROM queueMoment")
      let summary = try db.makeStatement(
        sql: """
          INSERT INTO queueMoment (\(QueuedMoment.selection))
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """)
      for (ordinal, moment) in moments.enumerated() {
        let (said, boundary, count) = (
          summaries[ordinal], Manifest.BoundaryEntry(moment.boundary), counts[ordinal]
        )
        let place = said.place
        try summary.execute(arguments: [
          ordinal, said.id, count.first, count.total, count.reviewed, said.start, said.end, said.photos,
          said.videos, said.title, place?.name, place?.admin1, place?.country, place?.countryCode,
          place?.latitude, place?.longitude, boundary.reason, boundary.gapSeconds, boundary.thresholdSeconds,
          boundary.meters,
        ])
      }
      try db.execute(
        sql:
          "INSERT INTO state (key, value) VALUES ('queue', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        arguments: [stamp])
      return rewritten == 0 ? 0 : count - (rewritten > count / 2 ? 0 : unchanged)
    }
  }

  /// SQL true when the queue item `q` is left to review (none of its files is marked), as
  /// `queueItem_pending` says it.
  private static let isPending = "q.reviewed = 0"

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

  /// The saved queue's counts: assets reviewed and in all, moments with something left to review
  /// and in all.
  package func queueCounts() throws -> (reviewed: Int, total: Int, momentsToReview: Int, moments: Int) {
    try database.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT COALESCE(SUM(reviewed), 0), COALESCE(SUM(total), 0), COALESCE(SUM(reviewed < total), 0), COUNT(*)
          FROM queueMoment
          """)
      return (row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? 0, row?[3] ?? 0)
    }
  }

  /// The first unreviewed item of the saved queue, in queue order, that satisfies `condition`
  /// (SQL over `q`), else nil.
  private func firstPending(where condition: String = "1", arguments: StatementArguments = [])
    throws -> QueuedItem?
  {
    try database.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT \(QueuedItem.selection) FROM queueItem q
          WHERE (\(condition)) AND \(Self.isPending) ORDER BY q.position LIMIT 1
          """,
        arguments: arguments
      ).map(QueuedItem.init(row:))
    }
  }

  /// Where to resume in the saved queue, by the rule of `ReviewQueue.resume(from:)`.
  package func queueResume(from cursor: FaverCore.Cursor?) throws -> QueuedItem? {
    guard let cursor else { return try firstPending() }
    if let item = try queuedItem(cursor.assetID) {
      if let exact = try firstPending(where: "q.position = ?", arguments: [item.position]) { return exact }
      return try firstPending(where: "q.position > ?", arguments: [item.position]) ?? firstPending()
    }
    // Gone from the index: continue after the place it held, by capture instant and id.
    let instant = cursor.instant.timeIntervalSince1970
    return try firstPending(
      where: "q.instant > ? OR (q.instant = ? AND q.assetId > ?)",
      arguments: [instant, instant, cursor.assetID.rawValue]) ?? firstPending()
  }

  /// The first unreviewed item of the saved queue, in queue order, one of whose files is among
  /// `ids`.
  package func firstPendingQueued(among ids: Set<AssetID>) throws -> QueuedItem? {
    // One id a statement: a list of them all could pass the limit of bound values of some SQLite
    // builds (32,766 by default).
    try ids.compactMap { id in
      try firstPending(
        where: "q.assetId = ?1 OR q.companionId = ?1 OR q.rawId = ?1", arguments: [id.rawValue])
    }.min { $0.position < $1.position }
  }

  /// The saved queue's item of `id` (its first, in queue order).
  package func queuedItem(_ id: AssetID) throws -> QueuedItem? {
    try database.read { db in
      try Row.fetchOne(
        db,
        sql:
          "SELECT \(QueuedItem.selection) FROM queueItem q WHERE q.assetId = ? ORDER BY q.position LIMIT 1",
        arguments: [id.rawValue]
      ).map(QueuedItem.init(row:))
    }
  }

  /// The items of burst `burst` of the saved queue, in queue order: the unreviewed ones, and the
  /// id of its first item (reviewed or not), which names the burst.
  package func queuedBurst(_ burst: Int) throws -> (first: AssetID?, pending: [QueuedItem]) {
    try database.read { db in
      let first = try String.fetchOne(
        db, sql: "SELECT assetId FROM queueItem WHERE burst = ? ORDER BY position LIMIT 1", arguments: [burst]
      )
      let pending = try Row.fetchAll(
        db,
        sql: """
          SELECT \(QueuedItem.selection) FROM queueItem q WHERE q.burst = ? AND \(Self.isPending)
          ORDER BY q.position
          """,
        arguments: [burst]
      ).map(QueuedItem.init(row:))
      return (first.map(AssetID.init(rawValue:)), pending)
    }
  }

  /// The summary of the saved queue's moment `ordinal`.
  package func queuedMomentSummary(_ ordinal: Int) throws -> MomentSummary? {
    try database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT \(QueuedMoment.selection) FROM queueMoment WHERE ordinal = ?", arguments: [ordinal]
      ).map { QueuedMoment(row: $0).summary }
    }
  }

  /// The assets of queue items as `assets()` and `Timeline` made them: each at the first of its
  /// places (by root, then path) with the others as duplicates, with its Live Photo video and raw
  /// file, its placed capture time and problem; nil for an item whose file is no longer indexed.
  package func assets(of items: [QueuedItem]) throws -> [Asset?] {
    let roots = try roots()
    return try database.read { db -> [Asset?] in
      let reader = try QueuedAssetReader(db, roots: roots)
      return try items.map { try reader.asset(of: $0) }
    }
  }
}

/// Makes the assets of saved queue items from their files' rows, with statements prepared once.
struct QueuedAssetReader {
  private let roots: [Int64: String]
  private let places: Statement
  private let review: Statement

  init(_ db: Database, roots: [Int64: String]) throws {
    self.roots = roots
    places = try db.makeStatement(sql: "SELECT \(FileRecord.Columns.selection) FROM file WHERE assetId = ?")
    review = try db.makeStatement(sql: "SELECT favorite, rejected FROM review WHERE assetId = ?")
  }

  /// The asset of `item` (see `IndexStore.assets(of:)`), nil when its file is no longer indexed.
  func asset(of item: IndexStore.QueuedItem) throws -> Asset? { try placed(item)?.asset }

  /// The asset of `item` and the first of its places; nil when its file is no longer indexed.
  func placed(_ item: IndexStore.QueuedItem) throws -> (asset: Asset, place: FileRecord)? {
    let found = try places(item.assetID)
    guard let first = found.first else { return nil }
    var asset = first.asset(root: roots[first.rootId] ?? "")
    asset.duplicates = found.dropFirst().map { joinPath(roots[$0.rootId] ?? "", $0.path) }
    asset.companion = try companion(item.companionID)
    asset.raw = try companion(item.rawID)
    asset.captureTime = item.captureTime
    asset.problem = item.problem
    return (asset, first)
  }

  /// The review state of the first of `ids` that is marked; unreviewed when none is.
  func reviewState(of ids: some Sequence<AssetID>) throws -> ReviewState {
    for id in ids {
      if let row = try Row.fetchOne(review, arguments: [id.rawValue]) {
        return IndexStore.state(favorite: row[0], rejected: row[1])
      }
    }
    return .unreviewed
  }

  private func places(_ id: AssetID) throws -> [FileRecord] {
    try Row.fetchAll(places, arguments: [id.rawValue]).map { try FileRecord(row: $0) }.sorted {
      $0.rootId != $1.rootId ? $0.rootId < $1.rootId : $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
    }
  }

  private func companion(_ id: AssetID?) throws -> Asset.Companion? {
    guard let id, let first = try places(id).first else { return nil }
    return Asset.Companion(id: id, root: roots[first.rootId] ?? "", path: first.path)
  }
}

/// The rows of `queueItem`, inserted `rows` at a time with their values bound straight to SQLite
/// (see `BatchStatement`): GRDB's arguments cost more than the inserts.
private struct QueueItemInserts {
  static let rows = 64
  static let columns = """
    position, assetId, companionId, rawId, burst, moment, instant, utcOffset, timeSource, hasSubseconds, \
    offsetSource, inferredOffset, clockShift, isUndated, problem, reviewed, digest
    """

  private let db: Database
  private var batch: BatchStatement?
  private var pending: [(Asset, position: Int, burst: Int, moment: Int, reviewed: Bool)] = []

  init(_ db: Database) { self.db = db }

  private static func sql(rows: Int) -> String {
    let row = "(" + Array(repeating: "?", count: 17).joined(separator: ", ") + ")"
    return "INSERT INTO queueItem (\(columns)) VALUES "
      + Array(repeating: row, count: rows).joined(separator: ", ")
  }

  mutating func add(_ asset: Asset, position: Int, burst: Int, moment: Int, reviewed: Bool) throws {
    pending.append((asset, position, burst, moment, reviewed))
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

  /// A digest of the item's values (FNV-1a, 64 bits, the same on every run): equal digests at a
  /// position mean the row saved there holds what it would be written with. `reviewed` is left
  /// out: every write to `review` keeps the saved flags in step (`updateQueueReviewed`).
  static func digest(_ asset: Asset, burst: Int, moment: Int) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func bits(_ value: UInt64) {
      var value = value
      for _ in 0..<8 {
        hash = (hash ^ (value & 0xFF)) &* 0x100_0000_01b3
        value >>= 8
      }
    }
    func text(_ value: String?) {
      guard let value else { return bits(UInt64.max) }
      for byte in value.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      bits(UInt64(value.utf8.count))
    }
    func number(_ value: Int?) { bits(value.map { UInt64(bitPattern: Int64($0)) } ?? 0x8000_0000_0000_0001) }
    let time = asset.captureTime
    text(asset.id.rawValue)
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
    return Int64(bitPattern: hash)
  }

  private static func insert(
    _ rows: [(Asset, position: Int, burst: Int, moment: Int, reviewed: Bool)],
    with statement: inout BatchStatement
  ) throws {
    for (asset, position, burst, moment, reviewed) in rows {
      let time = asset.captureTime
      statement.bind(Int64(position))
      statement.bind(asset.id.rawValue)
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
      statement.bind(digest(asset, burst: burst, moment: moment))
    }
    try statement.run()
  }
}
