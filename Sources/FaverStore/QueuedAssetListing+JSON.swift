import FaverCore
import Foundation
import GRDB

extension QueuedAssetListing {
  /// Writes each asset `forEach` hands over, in its order, as `AssetListing` of it writes it:
  /// an item read by its saved file row straight from the row's columns (no `Asset`, no
  /// `AssetListing`, no `String` for its texts), any other through `AssetListing`. A run of
  /// equal instants is held in the writer's buffer and put in order of root, then path, as
  /// `forEachQueuedAsset` orders it.
  mutating func write(in db: Database, to writer: AssetListing.ArrayWriter) throws {
    var rows = try ColumnCursor(db, sql: Self.sql(reviewedOnly: false, fileColumns: ListingRow.fileColumns))
    var run = RunOfObjects()
    // Each root and what a path below it starts with (`joinPath` with an empty name: the root and
    // the slash it needs), once.
    let roots = roots.mapValues { (root: $0, prefix: joinPath($0, "")) }
    var runInstant: Date?
    while try rows.next() {
      // Compared as `forEachQueuedAsset` compares them: as dates.
      let instant = Date(timeIntervalSince1970: rows.double(Column.instant))
      if instant != runInstant {
        run.end(in: writer)
        runInstant = instant
      }
      if !rows.isNull(Column.fileID),
        copied.isEmpty || !copied.contains(rows.string(Column.item + 1))
      {
        let members = try ListingRow(rows, roots: roots, listing: &self)
        try run.append(members, rootId: members.rootId, path: members.path, to: writer)
      } else {
        let item = IndexStore.QueuedItem(rows, from: Column.item)
        let places = try places(of: item.assetID)
        guard !places.isEmpty else { continue }
        let mark = Self.mark(rows, at: ListingRow.markColumn)
        let (asset, place) = try self.asset(item, places: places, mark: mark)
        var path = place.path
        try path.withUTF8 { try run.append(AssetListing(asset), rootId: place.rootId, path: $0, to: writer) }
      }
    }
    run.end(in: writer)
  }
}

extension QueuedAssetListing.Column {
  /// The item's placed instant (`q.instant`).
  static let instant = item + 6
}

/// The objects of a run of equal instants, held in the writer's buffer until the run ends, then
/// put in order of root, then path (UTF-8 bytes) when they are not in it.
private struct RunOfObjects {
  /// Each object's root, where its path is in `paths`, and where it is in the array's text.
  private var entries: [(rootId: Int64, path: Range<Int>, object: Range<Int>)] = []
  private var paths: [UInt8] = []

  mutating func append(
    _ members: some AssetListing.Members, rootId: Int64, path: UnsafeBufferPointer<UInt8>,
    to writer: AssetListing.ArrayWriter
  ) throws {
    if entries.isEmpty { writer.hold() }
    let object = try writer.write(members)
    let pathStart = paths.count
    // The path as `String` of the column reads it: up to its first NUL, ill-formed UTF-8
    // repaired.
    let text = path.prefix { $0 != 0 }
    if text.allSatisfy({ $0 < 0x80 }) {
      paths.append(contentsOf: text)
    } else {
      paths.append(contentsOf: String(decoding: text, as: UTF8.self).utf8)
    }
    entries.append((rootId, pathStart..<paths.count, object))
  }

  /// Ends the run: its objects put in order, and let go to the sink.
  mutating func end(in writer: AssetListing.ArrayWriter) {
    guard !entries.isEmpty else { return }
    defer {
      entries.removeAll(keepingCapacity: true)
      paths.removeAll(keepingCapacity: true)
      writer.release()
    }
    guard entries.count > 1 else { return }
    var order = Array(entries.indices)
    paths.withUnsafeBufferPointer { paths in
      order.sort {
        let (left, right) = (entries[$0], entries[$1])
        return left.rootId != right.rootId
          ? left.rootId < right.rootId : paths[left.path].lexicographicallyPrecedes(paths[right.path])
      }
    }
    if order != Array(entries.indices) { writer.reorder(entries.map(\.object), as: order) }
  }
}

/// An item of the listing's row whose saved file row is its only file: the asset object's values
/// as the row's columns hold them (see `QueuedAssetListing.asset`, which this mirrors), valid
/// until the cursor moves.
private struct ListingRow: AssetListing.Members {
  typealias Column = QueuedAssetListing.Column

  /// The file's columns the listing reads, in the order the query selects them after the item's
  /// and the file row's id.
  static let fileColumns: [FileRecord.Columns] = [
    .rootId, .path, .kind, .timeSource, .latitude, .longitude, .make, .model,
  ]
  /// Where the mark's columns start.
  static let markColumn = Column.file + Int32(fileColumns.count)

  /// Where the file's column `column` of `fileColumns` is in the row.
  private static func file(_ column: FileRecord.Columns) -> Int32 {
    Column.file + Int32(fileColumns.firstIndex(of: column) ?? 0)
  }
  private static let rootIdColumn = file(.rootId)
  private static let pathColumn = file(.path)
  private static let kindColumn = file(.kind)
  private static let timeSourceColumn = file(.timeSource)
  private static let latitudeColumn = file(.latitude)
  private static let longitudeColumn = file(.longitude)
  private static let makeColumn = file(.make)
  private static let modelColumn = file(.model)

  let id: UnsafeBufferPointer<UInt8>?
  let rootId: Int64
  let root: String
  /// What the absolute path starts with (see `PrettyJSON.value(prefix:_:)`).
  let pathPrefix: String
  let path: UnsafeBufferPointer<UInt8>
  let kind: MediaKind
  let captureTime: CaptureTime
  let make, model, problem: UnsafeBufferPointer<UInt8>?
  let latitude, longitude: Double?
  let companion, raw: AssetListing.Companion?
  let review: ReviewState

  init(
    _ rows: borrowing ColumnCursor, roots: [Int64: (root: String, prefix: String)],
    listing: inout QueuedAssetListing
  ) throws {
    guard let kind = MediaKind.byUTF8.value(rows.unsafeText(Self.kindColumn)),
      TimeSource.byUTF8.value(rows.unsafeText(Self.timeSourceColumn)) != nil
    else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "the file table holds an unknown kind or time source")
    }
    self.kind = kind
    rootId = rows.int64(Self.rootIdColumn)
    (root, pathPrefix) = roots[rootId] ?? ("", "")
    // A companion's lookup runs other statements, which leave this row's texts as they are.
    let raw = try listing.companion(rows.optionalString(Column.item + 3).map(AssetID.init(rawValue:)))
    let companion = try listing.companion(rows.optionalString(Column.item + 2).map(AssetID.init(rawValue:)))
    self.raw = raw.map { AssetListing.Companion($0.companion) }
    self.companion = companion.map { AssetListing.Companion($0.companion) }
    let mark = QueuedAssetListing.mark(rows, at: Self.markColumn) ?? raw?.mark ?? companion?.mark
    review = IndexStore.state(favorite: mark?.favorite, rejected: mark?.rejected)
    captureTime = IndexStore.QueuedItem.captureTime(rows, from: Column.item)
    // A coordinate needs both.
    if !rows.isNull(Self.latitudeColumn), !rows.isNull(Self.longitudeColumn) {
      (latitude, longitude) = (rows.double(Self.latitudeColumn), rows.double(Self.longitudeColumn))
    } else {
      (latitude, longitude) = (nil, nil)
    }
    id = rows.unsafeText(Column.item + 1)
    path = rows.unsafeText(Self.pathColumn) ?? UnsafeBufferPointer(start: nil, count: 0)
    make = rows.unsafeText(Self.makeColumn)
    model = rows.unsafeText(Self.modelColumn)
    problem = rows.unsafeText(Column.item + 14)
  }

  var clockShiftSeconds: Int { captureTime.clockShift }
  var duplicates: [String] { [] }
  var reviewed: Bool { review.isReviewed }
  var favorite: Bool { review == .favorite }
  var rejected: Bool { review == .rejected }

  func write(_ text: AssetListing.Text, to json: PrettyJSON) {
    switch text {
    // NULL reads as empty, as `String` of the column does.
    case .id: json.value(cString: id ?? UnsafeBufferPointer(start: nil, count: 0))
    case .instant: captureTime.writeInstantISO8601(to: json)
    case .kind: json.value(kind.rawValue)
    case .make: Self.write(make, to: json)
    case .model: Self.write(model, to: json)
    case .offsetSource: json.value(captureTime.offsetSource.rawValue)
    case .path: json.value(prefix: pathPrefix, path)
    case .problem: Self.write(problem, to: json)
    case .root: json.value(root)
    case .takenAt: captureTime.writeISO8601(to: json)
    case .timeSource: json.value(captureTime.source.rawValue)
    }
  }

  private static func write(_ text: UnsafeBufferPointer<UInt8>?, to json: PrettyJSON) {
    if let text { json.value(cString: text) } else { json.null() }
  }
}
