import FaverCore
import GRDB

/// The saved queue's assets in capture order (the placed instant, then the asset id), read in one
/// joined query, each item with its file and its mark; the first place of a companion (a
/// Live Photo's video, a raw file) and its mark are looked up only for the items that have one.
/// One statement stepped row by row: a query per item for its files, its companions and its
/// marks cost most of `assets --json` at a million assets.
///
/// An item's file is read by the row the queue saved for it (`queueItem.fileId`, see
/// `OnlyFileRows`) when that row still holds the item's asset and no other file does (one walk of
/// the index on asset ids finds the assets that have several). An item saved without a row (a
/// queue saved before they were kept) joins a file of its asset found by the index on asset ids;
/// any other item's files are looked up by its asset id, a statement each. So the listing is the
/// files as they are now, however old the saved rows: a file moved, renamed, copied or removed
/// since the queue was saved only costs a lookup. Following the index on asset ids for every item
/// was half of the listing's time at a million items (a random read of the index, then of the
/// table).
struct QueuedAssetListing: ~Copyable {
  let roots: [Int64: String]
  /// The assets that have more than one file.
  let copied: Set<String>
  private var files: ColumnCursor
  private var companions: ColumnCursor

  init(_ db: Database, roots: [Int64: String]) throws {
    let copied = Set(
      try String.fetchAll(
        db, sql: "SELECT assetId FROM file INDEXED BY file_on_assetId GROUP BY assetId HAVING COUNT(*) > 1"))
    // The first place as `QueuedAssetReader` orders places: by root, then path (SQLite compares
    // text as its UTF-8 bytes).
    let companions = try ColumnCursor(
      db,
      sql: """
        SELECT f.rootId, f.path, m.favorite, m.rejected FROM file f
        LEFT JOIN review m ON m.assetId = f.assetId
        WHERE f.assetId = ? ORDER BY f.rootId, f.path LIMIT 1
        """)
    let files = try ColumnCursor(
      db, sql: "SELECT \(FileRecord.Columns.selection) FROM file WHERE assetId = ? ORDER BY rootId, path")
    self.init(roots: roots, copied: copied, files: files, companions: companions)
  }

  private init(
    roots: [Int64: String], copied: Set<String>, files: consuming ColumnCursor,
    companions: consuming ColumnCursor
  ) {
    self.roots = roots
    self.copied = copied
    self.files = files
    self.companions = companions
  }

  /// Where each part of a row starts.
  enum Column {
    static let item: Int32 = 0
    /// The saved file row's id, NULL when it is not the item's file.
    static let fileID = item + Int32(IndexStore.QueuedItem.selection.split(separator: ",").count)
    static let file = fileID + 1
    static let mark = file + Int32(FileRecord.Columns.allCases.count)
  }

  /// Walks by the index on (instant, assetId), so the queue is never sorted in memory; selects
  /// `fileColumns` of the file (`Column` says where each part of a row of all of them starts).
  static func sql(reviewedOnly: Bool, fileColumns: [FileRecord.Columns] = FileRecord.Columns.allCases)
    -> String
  {
    let file = fileColumns.map { "f." + $0.name }.joined(separator: ", ")
    return """
      SELECT \(IndexStore.QueuedItem.selection), f.id, \(file), m.favorite, m.rejected
      FROM queueItem q INDEXED BY queueItem_listing
      LEFT JOIN file f
        ON f.id = coalesce(q.fileId, (SELECT g.id FROM file g WHERE g.assetId = q.assetId LIMIT 1))
        AND f.assetId = q.assetId
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
    while try rows.next() {
      let item = IndexStore.QueuedItem(rows, from: Column.item)
      let mark = Self.mark(rows, at: Column.mark)
      let (asset, place): (Asset, FileRecord)
      if !rows.isNull(Column.fileID), copied.isEmpty || !copied.contains(item.assetID.rawValue) {
        (asset, place) = try self.asset(item, places: [FileRecord(rows, from: Column.file)], mark: mark)
      } else {
        let places = try places(of: item.assetID)
        guard !places.isEmpty else { continue }
        (asset, place) = try self.asset(item, places: places, mark: mark)
      }
      try body(asset, place, item.moment)
    }
  }

  /// Every file of the asset `id`, first the one it is shown at (see `QueuedAssetReader`).
  mutating func places(of id: AssetID) throws -> [FileRecord] {
    try files.restart(text: id.rawValue)
    var found: [FileRecord] = []
    while try files.next() { found.append(try FileRecord(files, from: 0)) }
    return QueuedAssetReader.inPlaceOrder(found)
  }

  /// A mark's (favorite, rejected), nil when the file is not marked.
  typealias Mark = (favorite: Bool, rejected: Bool)

  static func mark(_ rows: borrowing ColumnCursor, at column: Int32) -> Mark? {
    rows.isNull(column) ? nil : (rows.bool(column), rows.bool(column + 1))
  }

  /// The asset as `QueuedAssetReader.placed` makes it from its `places` (in place order, at least
  /// one), with the review state of the first of its files (`memberIDs`: the asset, its raw file,
  /// its companion) that is marked.
  mutating func asset(
    _ item: IndexStore.QueuedItem, places: [FileRecord], mark: Mark?
  ) throws -> (Asset, FileRecord) {
    let shown = places[0]
    var asset = shown.asset(root: roots[shown.rootId] ?? "")
    if places.count > 1 {
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
  mutating func companion(_ id: AssetID?) throws -> (companion: Asset.Companion, mark: Mark?)? {
    guard let id else { return nil }
    try companions.restart(text: id.rawValue)
    guard try companions.next() else { return nil }
    let companion = Asset.Companion(
      id: id, root: roots[companions.int64(0)] ?? "", path: companions.string(1))
    return (companion, Self.mark(companions, at: 2))
  }
}
