package import FaverCore
import Foundation
package import GRDB

extension IndexStore {
  /// The saved review queue, the marks and the cursor in one transaction: a read
  /// (`readingQueue`) or a write (`updatingQueue`). A use case makes the queue fresh and reads
  /// all it needs in one (FaverKit's `Library.withFreshQueue`), so what it answers never mixes
  /// two states of the store.
  package struct QueueSnapshot {
    let db: Database
    private let reader: QueuedAssetReader

    init(_ db: Database) throws {
      self.db = db
      reader = try QueuedAssetReader(db, roots: try IndexStore.roots(db))
    }

    /// The queue's counts: read from the index `queueMoment_counts` alone (see
    /// `registerQueueCountsMigration`).
    static let countsQuery = """
      SELECT COALESCE(SUM(reviewed), 0), COALESCE(SUM(total), 0), COALESCE(SUM(reviewed < total), 0), COUNT(*)
      FROM queueMoment
      """

    /// Whether the saved queue is the one `mode` would build by the rules of `recipe` now.
    package func isFresh(mode: MomentClusterer.Mode, recipe: String) throws -> Bool {
      try IndexStore.queueStamp(db)?.isFresh(
        generation: try IndexStore.dataGeneration(db), mode: mode, recipe: recipe) ?? false
    }

    /// The saved cursor; nil when none was saved or it cannot be read.
    package func cursor() throws -> FaverCore.Cursor? {
      try IndexStore.state(FaverCore.Cursor.self, key: "cursor", in: db)
    }

    /// Saves the cursor, or forgets it when nil (in a write transaction only).
    package func setCursor(_ cursor: FaverCore.Cursor?) throws {
      try IndexStore.setState(cursor, key: "cursor", in: db)
    }

    /// The saved queue's counts: assets reviewed and in all, moments with something left to
    /// review and in all.
    package func counts() throws -> (reviewed: Int, total: Int, momentsToReview: Int, moments: Int) {
      let row = try Row.fetchOne(db, sql: Self.countsQuery)
      return (row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? 0, row?[3] ?? 0)
    }

    /// The library's progress, from the counts.
    package func progress() throws -> ReviewProgress {
      let counts = try counts()
      return ReviewProgress(reviewed: counts.reviewed, total: counts.total)
    }

    /// Where to resume in the saved queue, by the rule of `ReviewQueue.resume(from:)`.
    package func resume(from cursor: FaverCore.Cursor?) throws -> QueuedItem? {
      guard let cursor else { return try IndexStore.firstPending(in: db) }
      if let item = try IndexStore.item(cursor.assetID, in: db) {
        if !item.reviewed { return item }
        return try IndexStore.firstPending(after: item.position, in: db) ?? IndexStore.firstPending(in: db)
      }
      // Gone from the index: continue after the place it held, by capture instant and id.
      let (instant, id) = (cursor.instant.timeIntervalSince1970, cursor.assetID.rawValue)
      return try IndexStore.firstPending(in: db) {
        let time = $0.captureTime.instant.timeIntervalSince1970
        return time > instant || (time == instant && $0.assetID.rawValue > id)
      } ?? IndexStore.firstPending(in: db)
    }

    /// The first unreviewed item of the saved queue, in queue order, one of whose files is among
    /// `ids`.
    package func firstPending(among ids: Set<AssetID>) throws -> QueuedItem? {
      try ids.compactMap { id in try IndexStore.items(holding: id, in: db).first { !$0.reviewed } }
        .min { $0.position < $1.position }
    }

    /// The saved queue's item of `id` (its first, in queue order).
    package func item(_ id: AssetID) throws -> QueuedItem? { try IndexStore.item(id, in: db) }

    /// The items of burst `burst` of the saved queue, in queue order: the unreviewed ones, and the
    /// id of its first item (reviewed or not), which names the burst.
    package func burst(_ burst: Int) throws -> (first: AssetID?, pending: [QueuedItem]) {
      guard let moment = try IndexStore.moment(ofBurst: burst, in: db) else { return (nil, []) }
      let items = try IndexStore.items(ofMoment: moment, in: db).filter { $0.burst == burst }
      return (items.first?.assetID, items.filter { !$0.reviewed })
    }

    /// The assets of queue items as a build made them (`unpairedAssets()`, paired, placed by
    /// `Timeline`): each at the first of its places (by root, then path) with the others as
    /// duplicates, with its Live Photo video and raw file, its placed capture time and problem;
    /// nil for an item whose file is no longer indexed.
    package func assets(of items: [QueuedItem]) throws -> [Asset?] {
      try items.map { try reader.asset(of: $0) }
    }

    /// The review state of the first of `ids` that is marked; unreviewed when none is.
    package func reviewState(of ids: [AssetID]) throws -> ReviewState {
      try reader.reviewState(of: ids)
    }

    /// The saved queue's moment with `id`; nil when none has it.
    package func moment(id: String) throws -> QueuedMoment? {
      try Row.fetchOne(
        db, sql: "SELECT \(QueuedMoment.selection) FROM queueMoment WHERE momentId = ?", arguments: [id]
      ).map(QueuedMoment.init(row:))
    }

    /// At most `limit` moments of the saved queue from the one at `ordinal` on, in queue order.
    package func moments(from ordinal: Int, limit: Int) throws -> [QueuedMoment] {
      try Row.fetchAll(
        db,
        sql: "SELECT \(QueuedMoment.selection) FROM queueMoment WHERE ordinal >= ? ORDER BY ordinal LIMIT ?",
        arguments: [max(ordinal, 0), max(limit, 0)]
      ).map(QueuedMoment.init(row:))
    }

    /// The saved queue's moment at `ordinal`; nil when none is.
    package func moment(at ordinal: Int) throws -> QueuedMoment? {
      guard ordinal >= 0 else { return nil }
      return try moments(from: ordinal, limit: 1).first.flatMap { $0.ordinal == ordinal ? $0 : nil }
    }

    /// The saved queue's moment just before the one at `ordinal`; nil at the first (ordinals may
    /// keep holes, see `IndexStore+QueueSpans`).
    package func moment(before ordinal: Int) throws -> QueuedMoment? {
      try Row.fetchOne(
        db,
        sql:
          "SELECT \(QueuedMoment.selection) FROM queueMoment WHERE ordinal < ? ORDER BY ordinal DESC LIMIT 1",
        arguments: [ordinal]
      ).map(QueuedMoment.init(row:))
    }

    /// The saved queue's moment just after the one at `ordinal`; nil at the last.
    package func moment(after ordinal: Int) throws -> QueuedMoment? {
      try moments(from: ordinal + 1, limit: 1).first
    }

    /// Every asset of `moment`, in queue order, with its review state and its burst's ordinal; an
    /// item whose file is no longer indexed is left out (it cannot be, while the queue is fresh).
    package func assets(of moment: QueuedMoment) throws -> [(burst: Int, asset: Asset)] {
      var found: [(burst: Int, asset: Asset)] = []
      for item in try IndexStore.items(from: moment.firstPosition, to: moment.endPosition, in: db) {
        guard var asset = try reader.asset(of: item) else { continue }
        asset.review = try reader.reviewState(of: asset.memberIDs)
        found.append((item.burst, asset))
      }
      return found
    }

    /// The saved queue's item one of whose files is `id` (its first, in queue order), and its
    /// asset with its review state; nil when no item holds it.
    package func asset(holding id: AssetID) throws -> (item: QueuedItem, asset: Asset)? {
      guard let item = try IndexStore.items(holding: id, in: db).first,
        var asset = try reader.asset(of: item)
      else { return nil }
      asset.review = try reader.reviewState(of: asset.memberIDs)
      return (item, asset)
    }
  }

  /// Runs `body` on one snapshot of the saved queue, the marks and the cursor.
  package func readingQueue<T>(_ body: (QueueSnapshot) throws -> T) throws -> T {
    try database.read { db in try body(QueueSnapshot(db)) }
  }

  /// Runs `body` in one write transaction over the saved queue, the marks and the cursor: what
  /// it reads and the cursor it saves agree.
  package func updatingQueue<T>(_ body: (QueueSnapshot) throws -> T) throws -> T {
    try database.write { db in try body(QueueSnapshot(db)) }
  }

  static func roots(_ db: Database) throws -> [Int64: String] {
    try Row.fetchAll(db, sql: "SELECT id, path FROM root").reduce(into: [Int64: String]()) {
      $0[$1[0]] = $1[1]
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
    places = try db.makeStatement(
      sql: "SELECT \(FileRecord.Columns.selection), id FROM file WHERE assetId = ?")
    review = try db.makeStatement(sql: "SELECT favorite, rejected FROM review WHERE assetId = ?")
  }

  /// The asset of `item` as the saved queue holds it (its pair, its placed time), nil when its file is no longer indexed.
  func asset(of item: IndexStore.QueuedItem) throws -> Asset? { try placed(item)?.asset }

  /// The asset of `item` and the first of its places; nil when its file is no longer indexed.
  func placed(_ item: IndexStore.QueuedItem) throws -> (asset: Asset, place: FileRecord)? {
    let rows = try Row.fetchAll(places, arguments: [item.assetID.rawValue])
    let found = Self.inPlaceOrder(try rows.map { try FileRecord(row: $0) })
    guard let first = found.first else { return nil }
    let row: Int64 = rows[0][FileRecord.Columns.allCases.count]
    var asset = first.asset(root: roots[first.rootId] ?? "", row: rows.count == 1 ? row : nil)
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

  /// An asset's places, first the one it is shown at: by root, then by path as UTF-8 bytes.
  static func inPlaceOrder(_ places: [FileRecord]) -> [FileRecord] {
    guard places.count > 1 else { return places }
    return places.sorted {
      $0.rootId != $1.rootId ? $0.rootId < $1.rootId : $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
    }
  }

  private func companion(_ id: AssetID?) throws -> Asset.Companion? {
    guard let id else { return nil }
    let found = try Row.fetchAll(places, arguments: [id.rawValue]).map { try FileRecord(row: $0) }
    guard let first = Self.inPlaceOrder(found).first else { return nil }
    return Asset.Companion(id: id, root: roots[first.rootId] ?? "", path: first.path)
  }
}
