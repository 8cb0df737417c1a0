package import FaverCore
import Foundation
import GRDB

/// The saved queue's items, kept per moment: `queueItems` holds each moment's items packed in one
/// value (`PackedItems`), `queueAsset` finds the moments holding an id (an item's asset, its
/// Live Photo video or its raw file), and each `queueMoment` row says where its items fall: their
/// positions (`firstPosition ..< endPosition`), its first burst's ordinal (`firstBurst`) and the
/// span of its dated items' instants (`low ... high`). Every read of items goes through here.
extension IndexStore {
  /// `queueItems` and `queueAsset` in place of a row per item: saving a million items as rows
  /// with their five indexes took 4.8 s, their moments' packed values and the small map 1 s (see
  /// docs/performance.md). The queue is a cache: the old rows are dropped, and it is built again.
  static func registerQueuePerMomentMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v29: the queue per moment") { db in
      try db.drop(table: "queueItem")
      try db.execute(sql: "DELETE FROM queueMoment")
      try db.execute(sql: "DELETE FROM queueGap")
      try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
      try db.alter(table: "queueMoment") { t in
        t.add(column: "firstBurst", .integer).notNull().defaults(to: 0)
        t.add(column: "low", .double)
        t.add(column: "high", .double)
      }
      try db.create(table: "queueItems") { t in
        t.primaryKey("moment", .integer)
        t.column("items", .blob).notNull()
      }
      // An id's key (see `key(of:)`) and a moment holding it: an id's text would cost twice as
      // much to sort and keep.
      try db.execute(
        sql: """
          CREATE TABLE queueAsset (key INTEGER NOT NULL, moment INTEGER NOT NULL, PRIMARY KEY (key, moment))
          WITHOUT ROWID
          """)
      try db.create(index: "queueMoment_on_firstPosition", on: "queueMoment", columns: ["firstPosition"])
      try db.create(index: "queueMoment_on_firstBurst", on: "queueMoment", columns: ["firstBurst"])
      try db.execute(sql: "CREATE INDEX queueMoment_on_low ON queueMoment(low) WHERE low IS NOT NULL")
      try db.execute(sql: "CREATE INDEX queueMoment_length ON queueMoment(high - low) WHERE low IS NOT NULL")
      try db.execute(sql: "CREATE INDEX queueMoment_pending ON queueMoment(ordinal) WHERE reviewed < total")
    }
  }

  /// The key of `id` in `queueAsset` (`AssetID.key`, as SQLite's signed integer).
  static func key(of id: AssetID) -> Int64 { Int64(bitPattern: id.key) }

  // MARK: Reading

  /// The items of the moment at `ordinal`, in queue order; none when it has no row.
  static func items(ofMoment ordinal: Int, in db: Database) throws -> [QueuedItem] {
    var rows = try ColumnCursor(cached: db, sql: "SELECT items FROM queueItems WHERE moment = ?")
    try rows.restart(int: Int64(ordinal))
    guard try rows.next() else { return [] }
    let (items, isWhole) = rows.blob(0) { PackedItems.read($0, moment: ordinal) }
    // A review queue that silently lost photos is worse than one that says the store is damaged
    // (a writer rebuilds a damaged index, see `IndexStore+Open`).
    guard isWhole else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "the saved items of moment \(ordinal) are cut short")
    }
    return items
  }

  /// The ordinals of the moments whose positions meet `first ..< end`, in queue order.
  static func moments(inPositions first: Int, to end: Int, in db: Database) throws -> [Int] {
    guard first < end else { return [] }
    return try Int.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT ordinal FROM queueMoment
          WHERE firstPosition >= COALESCE((SELECT MAX(firstPosition) FROM queueMoment WHERE firstPosition <= ?1), 0)
            AND firstPosition < ?2 AND endPosition > ?1
          ORDER BY firstPosition
          """),
      arguments: [first, end])
  }

  /// The items at positions `first ..< end`, in queue order; none when `end` is not after
  /// `first`.
  static func items(from first: Int, to end: Int, in db: Database) throws -> [QueuedItem] {
    try moments(inPositions: first, to: end, in: db).flatMap { ordinal in
      try items(ofMoment: ordinal, in: db).filter { $0.position >= first && $0.position < end }
    }
  }

  /// The items one of whose files is `id` (its asset, its companion or its raw file), in queue
  /// order.
  static func items(holding id: AssetID, in db: Database) throws -> [QueuedItem] {
    let moments = try Int.fetchAll(
      db.cachedStatement(sql: "SELECT moment FROM queueAsset WHERE key = ? ORDER BY moment"),
      arguments: [key(of: id)])
    return try moments.flatMap { ordinal in
      try items(ofMoment: ordinal, in: db).filter { $0.holds(id) }
    }
  }

  /// The item of `id` (its asset's, not a companion's), the first in queue order.
  static func item(_ id: AssetID, in db: Database) throws -> QueuedItem? {
    try items(holding: id, in: db).first { $0.assetID == id }
  }

  /// The moment holding the burst of ordinal `burst`; nil when none.
  static func moment(ofBurst burst: Int, in db: Database) throws -> Int? {
    try Int.fetchOne(
      db.cachedStatement(
        sql: "SELECT ordinal FROM queueMoment WHERE firstBurst <= ? ORDER BY firstBurst DESC LIMIT 1"),
      arguments: [burst])
  }

  /// The ordinals of the moments with dated items at instants from `range`'s lower bound to its
  /// upper (by the span of their dated items), in queue order.
  static func moments(dating range: ClosedRange<Double>, in db: Database) throws -> [Int] {
    let longest =
      try Double.fetchOne(
        db.cachedStatement(sql: "SELECT MAX(high - low) FROM queueMoment WHERE low IS NOT NULL")) ?? 0
    return try Int.fetchAll(
      db.cachedStatement(sql: momentsDating), arguments: [range.lowerBound, range.upperBound, longest])
  }

  /// The moments whose dated items begin from ?1 − ?3 to ?2 and end at ?1 or later (?3: the
  /// longest span of a moment's dated items), by the index on where they begin.
  static let momentsDating = """
    SELECT ordinal FROM queueMoment
    WHERE low IS NOT NULL AND low >= ?1 - ?3 AND low <= ?2 AND high >= ?1 ORDER BY ordinal
    """

  /// The dated items placed at instants from `range`'s lower bound to its upper, by instant,
  /// then id.
  static func datedItems(in range: ClosedRange<Double>, in db: Database) throws -> [QueuedItem] {
    try moments(dating: range, in: db).flatMap { ordinal in
      try items(ofMoment: ordinal, in: db).filter {
        !$0.captureTime.isUndated && range.contains($0.captureTime.instant.timeIntervalSince1970)
      }
    }.sorted(by: QueuedItem.inCaptureOrder)
  }

  /// The "Undated" moment's ordinal (the queue's last, when it has one); nil when none.
  static func undatedMoment(in db: Database) throws -> Int? {
    try Int.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT ordinal FROM (SELECT ordinal, boundary FROM queueMoment ORDER BY ordinal DESC LIMIT 1)
          WHERE boundary = 'undated'
          """))
  }

  /// The first item left to review after `position` (from the queue's start when nil) that
  /// passes `condition`, in queue order.
  static func firstPending(
    after position: Int? = nil, in db: Database, where condition: (QueuedItem) -> Bool = { _ in true }
  ) throws -> QueuedItem? {
    let from =
      try position.map { try moments(inPositions: $0, to: Int.max, in: db).first ?? Int.max } ?? Int.min
    let pending = try db.cachedStatement(
      sql: "SELECT ordinal FROM queueMoment WHERE reviewed < total AND ordinal >= ? ORDER BY ordinal")
    let rows = try Int.fetchCursor(pending, arguments: [from])
    while let ordinal = try rows.next() {
      for item in try items(ofMoment: ordinal, in: db)
      where !item.reviewed && position.map({ item.position > $0 }) ?? true && condition(item) {
        return item
      }
    }
    return nil
  }

  // MARK: Writing

  /// Writes the packed `items` of the moment at `ordinal`.
  static func insertItems(_ items: PackedMoment, moment ordinal: Int, in db: Database) throws {
    var insert = try BatchStatement(db, sql: "INSERT INTO queueItems (moment, items) VALUES (?, ?)")
    insert.bind(Int64(ordinal))
    items.packed.bytes.withUnsafeBytes { insert.bind(bytes: $0) }
    try insert.run()
  }

  /// Inserts `keys` (an id's key and its moment's ordinal) into `queueAsset`, in their order
  /// (sorted, they go in at the end of its key).
  static func insertKeys(_ keys: [(key: Int64, moment: Int)], in db: Database) throws {
    let rows = 128
    func sql(_ count: Int) -> String {
      "INSERT OR IGNORE INTO queueAsset (key, moment) VALUES "
        + Array(repeating: "(?, ?)", count: count).joined(separator: ", ")
    }
    var start = 0
    var batch: BatchStatement?
    while start < keys.count {
      let count = min(rows, keys.count - start)
      var statement =
        try count == rows
        ? (batch ?? BatchStatement(db, sql: sql(rows))) : BatchStatement(db, sql: sql(count))
      for entry in keys[start..<start + count] {
        statement.bind(entry.key)
        statement.bind(Int64(entry.moment))
      }
      try statement.run()
      if count == rows { batch = statement }
      start += count
    }
  }

  /// Deletes the items, keys and rows of the moments at ordinals `first ..< end`.
  static func deleteMoments(from first: Int, to end: Int, in db: Database) throws {
    let ordinals = try Int.fetchAll(
      db, sql: "SELECT ordinal FROM queueMoment WHERE ordinal >= ? AND ordinal < ?", arguments: [first, end])
    let delete = try db.cachedStatement(sql: "DELETE FROM queueAsset WHERE key = ? AND moment = ?")
    for ordinal in ordinals {
      for item in try items(ofMoment: ordinal, in: db) {
        for id in item.memberIDs { try delete.execute(arguments: [key(of: id), ordinal]) }
      }
    }
    try db.execute(sql: "DELETE FROM queueItems WHERE moment >= ? AND moment < ?", arguments: [first, end])
    try db.execute(
      sql: "DELETE FROM queueMoment WHERE ordinal >= ? AND ordinal < ?", arguments: [first, end])
  }

  /// Writes `items`, those of the moment at `ordinal` with their review flags changed, packed
  /// anew, and its reviewed count.
  static func rewriteItems(_ items: [QueuedItem], ofMoment ordinal: Int, in db: Database) throws {
    var packed = PackedItems.Writer()
    for item in items { packed.append(item) }
    var update = try BatchStatement(db, sql: "UPDATE queueItems SET items = ? WHERE moment = ?")
    packed.bytes.withUnsafeBytes { update.bind(bytes: $0) }
    update.bind(Int64(ordinal))
    try update.run()
    try db.execute(
      sql: "UPDATE queueMoment SET reviewed = ? WHERE ordinal = ?",
      arguments: [items.count { $0.reviewed }, ordinal])
  }

  /// One moment's items as they are written (`PackedItems`): packed, counted, fingerprinted, with the keys of
  /// their ids, their first burst and the span of their dated instants.
  struct PackedMoment {
    var packed = PackedItems.Writer()
    var count: MomentCount
    var keys: [Int64] = []
    var previousBurst: Int?

    init(first position: Int) { count = MomentCount(first: position, end: position) }

    mutating func add(_ asset: Asset, position: Int, burst: Int, reviewed: Bool) {
      packed.append(asset, position: position, burst: burst, reviewed: reviewed)
      if count.total == 0 { (count.first, count.firstBurst) = (position, burst) }
      count.total += 1
      count.end = position + 1
      if reviewed { count.reviewed += 1 }
      count.items.add(item: asset, startsBurst: previousBurst != burst)
      previousBurst = burst
      if !asset.captureTime.isUndated {
        let instant = asset.captureTime.instant.timeIntervalSince1970
        count.low = min(count.low ?? instant, instant)
        count.high = max(count.high ?? instant, instant)
      }
      keys.append(IndexStore.key(of: asset.id))
      if let companion = asset.companion { keys.append(IndexStore.key(of: companion.id)) }
      if let raw = asset.raw { keys.append(IndexStore.key(of: raw.id)) }
    }
  }
}

extension IndexStore.QueuedItem {
  /// The ids of its files: its asset's, its companion's, its raw file's.
  var memberIDs: [AssetID] { [assetID] + [companionID, rawID].compactMap(\.self) }

  /// Whether `a` comes before `b` by placed instant, then id (the order `assets --json` lists).
  static func inCaptureOrder(_ a: Self, _ b: Self) -> Bool {
    let (first, second) = (a.captureTime.instant, b.captureTime.instant)
    return first != second
      ? first < second : a.assetID.rawValue.utf8.lexicographicallyPrecedes(b.assetID.rawValue.utf8)
  }

  /// Whether one of its files is `id`.
  func holds(_ id: AssetID) -> Bool { assetID == id || companionID == id || rawID == id }
}
