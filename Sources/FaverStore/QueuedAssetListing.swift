import FaverCore
import GRDB

/// The saved queue's assets in capture order (the placed instant, then the asset id), read in one
/// joined query, each item with all its files and its mark; the first place of a companion (a
/// Live Photo's video, a raw file) and its mark are looked up only for the items that have one.
/// One statement stepped row by row: a query per item for its files, its companions and its
/// marks cost most of `assets --json` at a million assets.
struct QueuedAssetListing: ~Copyable {
  private let roots: [Int64: String]
  private var companions: ColumnCursor

  init(_ db: Database, roots: [Int64: String]) throws {
    self.roots = roots
    // The first place as `QueuedAssetReader` orders places: by root, then path (SQLite compares
    // text as its UTF-8 bytes).
    companions = try ColumnCursor(
      db,
      sql: """
        SELECT f.rootId, f.path, m.favorite, m.rejected FROM file f
        LEFT JOIN review m ON m.assetId = f.assetId
        WHERE f.assetId = ? ORDER BY f.rootId, f.path LIMIT 1
        """)
  }

  /// Where each part of a row starts.
  private enum Column {
    static let item: Int32 = 0
    static let file = item + Int32(IndexStore.QueuedItem.selection.split(separator: ",").count)
    static let mark = file + Int32(FileRecord.Columns.allCases.count)
  }

  /// Walks by the index on (instant, assetId), so the queue is never sorted in memory; an item's
  /// files come in consecutive rows.
  private static func sql(reviewedOnly: Bool) -> String {
    let file = FileRecord.Columns.allCases.map { "f." + $0.name }.joined(separator: ", ")
    return """
      SELECT \(IndexStore.QueuedItem.selection), \(file), m.favorite, m.rejected
      FROM queueItem q INDEXED BY queueItem_listing
      JOIN file f ON f.assetId = q.assetId
      LEFT JOIN review m ON m.assetId = q.assetId
      \(reviewedOnly ? "WHERE q.reviewed = 1" : "")
      ORDER BY q.instant, q.assetId
      """
  }

  /// Hands `body` each item's asset (with its review state), its first place and its moment's
  /// ordinal, in capture order, one at a time; an item whose file is no longer indexed is left
  /// out.
  mutating func forEach(
    in db: Database, reviewedOnly: Bool, _ body: (Asset, _ place: FileRecord, _ moment: Int) throws -> Void
  ) throws {
    var rows = try ColumnCursor(db, sql: Self.sql(reviewedOnly: reviewedOnly))
    var current: (item: IndexStore.QueuedItem, first: FileRecord, mark: Mark?)?
    var others: [FileRecord] = []
    func end() throws {
      guard let (item, first, mark) = current else { return }
      let (asset, place) = try asset(item, places: first, others, mark: mark)
      others.removeAll(keepingCapacity: true)
      try body(asset, place, item.moment)
    }
    while try rows.next() {
      let position = rows.int(Column.item)
      let place = try FileRecord(rows, from: Column.file)
      if current?.item.position == position {
        others.append(place)
        continue
      }
      try end()
      current = (IndexStore.QueuedItem(rows, from: Column.item), place, Self.mark(rows, at: Column.mark))
    }
    try end()
  }

  /// A mark's (favorite, rejected), nil when the file is not marked.
  private typealias Mark = (favorite: Bool, rejected: Bool)

  private static func mark(_ rows: borrowing ColumnCursor, at column: Int32) -> Mark? {
    rows.isNull(column) ? nil : (rows.bool(column), rows.bool(column + 1))
  }

  /// The asset as `QueuedAssetReader.placed` makes it, with the review state of the first of its
  /// files (`memberIDs`: the asset, its raw file, its companion) that is marked.
  private mutating func asset(
    _ item: IndexStore.QueuedItem, places first: FileRecord, _ others: [FileRecord], mark: Mark?
  ) throws -> (Asset, FileRecord) {
    let places = others.isEmpty ? [] : QueuedAssetReader.inPlaceOrder([first] + others)
    let shown = places.first ?? first
    var asset = shown.asset(root: roots[shown.rootId] ?? "")
    if !places.isEmpty {
      asset.duplicates = places.dropFirst().map { joinPath(roots[$0.rootId] ?? "", $0.path) }
    }
    let raw = try companion(item.rawID)
    let companion = try companion(item.companionID)
    asset.raw = raw?.companion
    asset.companion = companion?.companion
    asset.captureTime = item.captureTime
    asset.problem = item.problem
    let found = mark ?? raw?.mark ?? companion?.mark
    asset.review = IndexStore.state(favorite: found?.favorite, rejected: found?.rejected)
    return (asset, shown)
  }

  /// The first place of the file `id` and its mark; nil when no file has it.
  private mutating func companion(_ id: AssetID?) throws -> (companion: Asset.Companion, mark: Mark?)? {
    guard let id else { return nil }
    try companions.restart([id.rawValue])
    guard try companions.next() else { return nil }
    let companion = Asset.Companion(
      id: id, root: roots[companions.int64(0)] ?? "", path: companions.string(1))
    return (companion, Self.mark(companions, at: 2))
  }
}
