import FaverCore
import Foundation
import GRDB

/// The saved queue's assets in capture order (the placed instant, then the asset id), each item
/// with its file and its mark; the first place of a companion (a Live Photo's video, a raw file)
/// and its mark are looked up only for the items that have one.
///
/// An item's file is read by the row the queue saved for it (`QueuedItem.fileID`, see
/// `Asset.fileRow`) when that row still holds the item's asset and no other file does (one walk of
/// the index on asset ids finds the assets that have several); any other item's files are looked
/// up by its asset id. So the listing is the files as they are now, however old the saved items:
/// a file moved, renamed, copied or removed since the queue was saved only costs a lookup.
struct QueuedAssetListing: ~Copyable {
  let roots: [Int64: String]
  /// The assets that have more than one file.
  let copied: Set<String>
  private var files: ColumnCursor
  private var companions: ColumnCursor
  private var fileRows: ColumnCursor
  /// Every mark, read once: a lookup an item cost a tenth of the listing at a million assets.
  private let marks: Marks

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
    let fileRows = try ColumnCursor(
      db, sql: "SELECT \(FileRecord.Columns.selection) FROM file WHERE id = ?")
    let marks = try Marks(db)
    self.init(
      roots: roots, copied: copied, files: files, companions: companions, fileRows: fileRows, marks: marks)
  }

  private init(
    roots: [Int64: String], copied: Set<String>, files: consuming ColumnCursor,
    companions: consuming ColumnCursor, fileRows: consuming ColumnCursor, marks: Marks
  ) {
    self.roots = roots
    self.copied = copied
    self.files = files
    self.companions = companions
    self.fileRows = fileRows
    self.marks = marks
  }

  /// Hands `body` the saved items (`reviewedOnly`: those reviewed) in capture order: by placed
  /// instant (items of one instant in no set order, but together: the listing puts each run of
  /// them in order of root, then path). Moments come in the order of their dated items' spans,
  /// which may only overlap: each is unpacked once, and its items wait with the last ones until
  /// no moment after can come before them (the earliest `low` of the moments left). The
  /// "Undated" moment's items (its span is none) are unpacked first and merged in.
  static func forEachItem(
    in db: Database, reviewedOnly: Bool, _ body: (IndexStore.QueuedItem) throws -> Void
  ) throws {
    func unpacked(_ ordinal: Int) throws -> [IndexStore.QueuedItem] {
      try IndexStore.items(ofMoment: ordinal, in: db).filter { !reviewedOnly || $0.reviewed }
    }
    let inOrder = { (a: IndexStore.QueuedItem, b: IndexStore.QueuedItem) in
      (a.captureTime.instant, a.position) < (b.captureTime.instant, b.position)
    }
    var dated: [(ordinal: Int, low: Double)] = []
    var undated: [IndexStore.QueuedItem] = []
    for row in try Row.fetchAll(db, sql: "SELECT ordinal, low FROM queueMoment ORDER BY ordinal") {
      if let low = row[1] as Double? { dated.append((row[0], low)) } else { undated += try unpacked(row[0]) }
    }
    undated.sort(by: inOrder)
    // The earliest `low` of the moments from each one on.
    var earliest = dated.map(\.low)
    for index in earliest.indices.reversed().dropFirst() {
      earliest[index] = min(earliest[index], earliest[index + 1])
    }
    var waiting: [IndexStore.QueuedItem] = []
    var next = 0
    /// Hands over the items waiting and undated placed before `bound`, merged in order.
    func handOver(before bound: Double) throws {
      waiting.sort(by: inOrder)
      var taken = 0
      while true {
        let fromWaiting =
          taken < waiting.count && waiting[taken].captureTime.instant.timeIntervalSince1970 < bound
        let fromUndated =
          next < undated.count && undated[next].captureTime.instant.timeIntervalSince1970 < bound
        if fromWaiting && (!fromUndated || !inOrder(undated[next], waiting[taken])) {
          try body(waiting[taken])
          taken += 1
        } else if fromUndated {
          try body(undated[next])
          next += 1
        } else {
          break
        }
      }
      waiting.removeFirst(taken)
    }
    for (index, moment) in dated.enumerated() {
      try handOver(before: earliest[index])
      waiting += try unpacked(moment.ordinal)
    }
    try handOver(before: .infinity)
  }

  /// Hands `body` each item's asset (with its review state), its first place and its moment's
  /// ordinal, in capture order, one at a time; an item whose file is no longer indexed is left
  /// out.
  mutating func forEach(
    in db: Database, reviewedOnly: Bool, _ body: (Asset, _ place: FileRecord, _ moment: Int) throws -> Void
  ) throws {
    try Self.forEachItem(in: db, reviewedOnly: reviewedOnly) { item in
      let places = try places(of: item)
      guard !places.isEmpty else { return }
      let (asset, place) = try self.asset(item, places: places, mark: mark(of: item.assetID))
      try body(asset, place, item.moment)
    }
  }

  /// The files of `item` in place order: its saved file row when it still holds the item's asset
  /// and no other file does, else every file of its asset (see `places(of:)`).
  mutating func places(of item: IndexStore.QueuedItem) throws -> [FileRecord] {
    if let row = item.fileID, copied.isEmpty || !copied.contains(item.assetID.rawValue) {
      try fileRows.restart(int: row)
      if try fileRows.next() {
        let place = try FileRecord(fileRows, from: 0)
        if place.assetId == item.assetID.rawValue { return [place] }
      }
    }
    return try places(of: item.assetID)
  }

  /// The mark of the file `id`, nil when it is not marked.
  func mark(of id: AssetID) -> Mark? { marks[id] }

  /// Every mark of `review` by asset id: those of ids of hex digits by their value in a sorted
  /// array (17 bytes a mark), any other by its text.
  struct Marks {
    private var keys: [UInt64] = []
    private var values: [Mark] = []
    private var others: [String: Mark] = [:]

    init(_ db: Database) throws {
      var rows = try ColumnCursor(db, sql: "SELECT assetId, favorite, rejected FROM review")
      var found: [(key: UInt64, mark: Mark)] = []
      while try rows.next() {
        let mark = (favorite: rows.bool(1), rejected: rows.bool(2))
        if let value = rows.text(0, AssetID.hexValue) {
          found.append((value, mark))
        } else {
          others[rows.string(0)] = mark
        }
      }
      found.sort { $0.key < $1.key }
      (keys, values) = (found.map(\.key), found.map(\.mark))
    }

    subscript(id: AssetID) -> Mark? {
      guard let value = id.hexValue else { return others[id.rawValue] }
      var (low, high) = (0, keys.count)
      while low < high {
        let middle = (low + high) / 2
        if keys[middle] < value { low = middle + 1 } else { high = middle }
      }
      return low < keys.count && keys[low] == value ? values[low] : nil
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
