import FaverCore
import GRDB

/// The saved queue's assets in capture order (the placed instant, then the asset id), read in one
/// joined query: each item with all its files, the first place of its companion and of its raw
/// file, and the marks of all three. One statement stepped row by row: a query per item for its
/// files, its companions and its marks cost most of `assets --json` at a million assets.
struct QueuedAssetListing {
  private let roots: [Int64: String]

  init(roots: [Int64: String]) { self.roots = roots }

  /// Where each part of a row starts.
  private enum Column {
    static let item: Int32 = 0
    static let file = item + 15
    static let companion = file + Int32(FileRecord.Columns.allCases.count)
    static let raw = companion + 2
    static let marks = raw + 2
  }

  /// Walks by the index on (instant, assetId), so the queue is never sorted in memory; an item's
  /// files come in consecutive rows. A companion's (or raw file's) first place is the one of
  /// smallest root, then path, as `QueuedAssetReader` orders places (SQLite compares text as
  /// UTF-8 bytes).
  private static func sql(reviewedOnly: Bool) -> String {
    let file = FileRecord.Columns.allCases.map { "f." + $0.name }.joined(separator: ", ")
    func firstPlace(_ id: String) -> String {
      "(SELECT id FROM file WHERE assetId = q.\(id) ORDER BY rootId, path LIMIT 1)"
    }
    return """
      SELECT \(IndexStore.QueuedItem.selection), \(file), c.rootId, c.path, r.rootId, r.path,
        m.favorite, m.rejected, mc.favorite, mc.rejected, mr.favorite, mr.rejected
      FROM queueItem q INDEXED BY queueItem_listing
      JOIN file f ON f.assetId = q.assetId
      LEFT JOIN file c ON c.id = \(firstPlace("companionId"))
      LEFT JOIN file r ON r.id = \(firstPlace("rawId"))
      LEFT JOIN review m ON m.assetId = q.assetId
      LEFT JOIN review mc ON mc.assetId = q.companionId
      LEFT JOIN review mr ON mr.assetId = q.rawId
      \(reviewedOnly ? "WHERE q.reviewed = 1" : "")
      ORDER BY q.instant, q.assetId
      """
  }

  /// Hands `body` each item's asset (with its review state), its first place and its moment's
  /// ordinal, in capture order, one at a time; an item whose file is no longer indexed is left
  /// out.
  func forEach(
    in db: Database, reviewedOnly: Bool, _ body: (Asset, _ place: FileRecord, _ moment: Int) throws -> Void
  ) throws {
    var rows = try ColumnCursor(db, sql: Self.sql(reviewedOnly: reviewedOnly))
    var current: (item: IndexStore.QueuedItem, places: [FileRecord], rest: Rest)?
    func end() throws {
      guard let (item, places, rest) = current else { return }
      let (asset, place) = asset(item, places: places, rest: rest)
      try body(asset, place, item.moment)
    }
    while try rows.next() {
      let position = rows.int(Column.item)
      let place = try FileRecord(rows, from: Column.file)
      if current?.item.position == position {
        current?.places.append(place)
        continue
      }
      try end()
      current = (IndexStore.QueuedItem(rows, from: Column.item), [place], Rest(rows))
    }
    try end()
  }

  /// What a row holds besides the item and its file: its companions' first places and the marks.
  private struct Rest {
    var companion: (rootId: Int64, path: String)?
    var raw: (rootId: Int64, path: String)?
    /// The marks of the item, its companion and its raw file: (favorite, rejected), nil unmarked.
    var mark: (Bool, Bool)?
    var companionMark: (Bool, Bool)?
    var rawMark: (Bool, Bool)?

    init(_ rows: borrowing ColumnCursor) {
      func place(_ column: Int32) -> (Int64, String)? {
        rows.isNull(column) ? nil : (rows.int64(column), rows.string(column + 1))
      }
      func mark(_ column: Int32) -> (Bool, Bool)? {
        rows.isNull(column) ? nil : (rows.bool(column), rows.bool(column + 1))
      }
      companion = place(Column.companion)
      raw = place(Column.raw)
      (self.mark, companionMark, rawMark) = (
        mark(Column.marks), mark(Column.marks + 2), mark(Column.marks + 4)
      )
    }
  }

  /// The asset as `QueuedAssetReader.placed` makes it, with the review state of the first of its
  /// files (`memberIDs`: the asset, its raw file, its companion) that is marked.
  private func asset(_ item: IndexStore.QueuedItem, places: [FileRecord], rest: Rest) -> (Asset, FileRecord) {
    let places = QueuedAssetReader.inPlaceOrder(places)
    let first = places[0]
    var asset = first.asset(root: roots[first.rootId] ?? "")
    asset.duplicates = places.dropFirst().map { joinPath(roots[$0.rootId] ?? "", $0.path) }
    func companion(_ id: AssetID?, _ place: (rootId: Int64, path: String)?) -> Asset.Companion? {
      guard let id, let place else { return nil }
      return Asset.Companion(id: id, root: roots[place.rootId] ?? "", path: place.path)
    }
    asset.companion = companion(item.companionID, rest.companion)
    asset.raw = companion(item.rawID, rest.raw)
    asset.captureTime = item.captureTime
    asset.problem = item.problem
    let mark =
      rest.mark ?? (asset.raw == nil ? nil : rest.rawMark)
      ?? (asset.companion == nil ? nil : rest.companionMark)
    asset.review = IndexStore.state(favorite: mark?.0, rejected: mark?.1)
    return (asset, first)
  }
}
