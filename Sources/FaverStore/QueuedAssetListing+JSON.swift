import FaverCore
import Foundation
import GRDB

extension QueuedAssetListing {
  /// Writes each asset `forEach` hands over, in its order, as `AssetListing` of it writes it:
  /// an item read by its saved file row from the item and the row's columns (no `Asset`, no
  /// `AssetListing`), any other through `AssetListing`. The rows of `batch` items are read by one
  /// statement (a statement an item cost a second at a million). A run of equal instants is held
  /// in the writer's buffer and put in order of root, then path, as `forEachQueuedAsset` orders
  /// it.
  mutating func write(in db: Database, to writer: AssetListing.ArrayWriter) throws {
    var run = RunOfObjects()
    // Each root and what a path below it starts with (`joinPath` with an empty name: the root and
    // the slash it needs), once.
    let roots = roots.mapValues { (root: $0, prefix: joinPath($0, "")) }
    let batch = 256
    var rows = try ColumnCursor(cached: db, sql: Self.listingRows(batch))
    var pending: [IndexStore.QueuedItem] = []
    pending.reserveCapacity(batch)
    var runInstant: Date?
    func flush() throws {
      let wanted = pending.compactMap { item in
        copied.isEmpty || !copied.contains(item.assetID.rawValue) ? item.fileID : nil
      }
      var found: [Int64: FileColumns] = [:]
      if !wanted.isEmpty {
        if wanted.count < batch {
          var last = try ColumnCursor(db, sql: Self.listingRows(wanted.count))
          try Self.read(wanted, with: &last, into: &found)
        } else {
          try Self.read(wanted, with: &rows, into: &found)
        }
      }
      for item in pending {
        // Compared as `forEachQueuedAsset` compares them: as dates.
        if item.captureTime.instant != runInstant {
          run.end(in: writer)
          runInstant = item.captureTime.instant
        }
        if let row = item.fileID, let file = found[row], file.assetId == item.assetID.rawValue {
          let members = try ListingRow(item, file, roots: roots, listing: &self)
          var path = file.path
          try path.withUTF8 { try run.append(members, rootId: file.rootId, path: $0, to: writer) }
          continue
        }
        let places = try places(of: item.assetID)
        guard !places.isEmpty else { continue }
        let (asset, place) = try self.asset(item, places: places, mark: mark(of: item.assetID))
        var path = place.path
        try path.withUTF8 { try run.append(AssetListing(asset), rootId: place.rootId, path: $0, to: writer) }
      }
      pending.removeAll(keepingCapacity: true)
    }
    try Self.forEachItem(in: db, reviewedOnly: false) { item in
      pending.append(item)
      if pending.count == batch { try flush() }
    }
    try flush()
    run.end(in: writer)
  }

  /// The listing's columns of the files at `count` rows.
  private static func listingRows(_ count: Int) -> String {
    "SELECT id, \(FileColumns.columns.map(\.name).joined(separator: ", ")) FROM file WHERE id IN ("
      + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
  }

  /// Reads the files at `rows` (as many as the statement of `cursor` has parameters).
  private static func read(
    _ rows: [Int64], with cursor: inout ColumnCursor, into found: inout [Int64: FileColumns]
  ) throws {
    try cursor.restart(StatementArguments(rows))
    while try cursor.next() { found[cursor.int64(0)] = try FileColumns(cursor) }
  }
}

/// The columns of a file the listing writes (see `ListingRow`), read from a row of
/// `QueuedAssetListing.listingRows`.
private struct FileColumns {
  static let columns: [FileRecord.Columns] = [
    .rootId, .path, .kind, .timeSource, .latitude, .longitude, .make, .model, .assetId,
  ]

  let rootId: Int64
  let path: String
  let kind: MediaKind
  let latitude, longitude: Double?
  let make, model: String?
  let assetId: String

  init(_ rows: borrowing ColumnCursor) throws {
    guard let kind = MediaKind.byUTF8.value(rows.unsafeText(3)),
      TimeSource.byUTF8.value(rows.unsafeText(4)) != nil
    else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "the file table holds an unknown kind or time source")
    }
    self.kind = kind
    (rootId, path) = (rows.int64(1), rows.string(2))
    // A coordinate needs both.
    if !rows.isNull(5), !rows.isNull(6) {
      (latitude, longitude) = (rows.double(5), rows.double(6))
    } else {
      (latitude, longitude) = (nil, nil)
    }
    (make, model, assetId) = (rows.optionalString(7), rows.optionalString(8), rows.string(9))
  }
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

/// An item whose saved file row is its only file: the asset object's values as the item and the
/// file's columns hold them (see `QueuedAssetListing.asset`, which this mirrors).
private struct ListingRow: AssetListing.Members {
  let id: AssetID
  let root: String
  /// What the absolute path starts with (see `PrettyJSON.value(prefix:_:)`).
  let pathPrefix: String
  let file: FileColumns
  let captureTime: CaptureTime
  let problem: String?
  let companion, raw: AssetListing.Companion?
  let review: ReviewState

  init(
    _ item: IndexStore.QueuedItem, _ file: FileColumns, roots: [Int64: (root: String, prefix: String)],
    listing: inout QueuedAssetListing
  ) throws {
    self.file = file
    (root, pathPrefix) = roots[file.rootId] ?? ("", "")
    let raw = try listing.companion(item.rawID)
    let companion = try listing.companion(item.companionID)
    self.raw = raw.map { AssetListing.Companion($0.companion) }
    self.companion = companion.map { AssetListing.Companion($0.companion) }
    let mark = listing.mark(of: item.assetID) ?? raw?.mark ?? companion?.mark
    review = IndexStore.state(favorite: mark?.favorite, rejected: mark?.rejected)
    (id, captureTime, problem) = (item.assetID, item.captureTime, item.problem)
  }

  var clockShiftSeconds: Int { captureTime.clockShift }
  var latitude: Double? { file.latitude }
  var longitude: Double? { file.longitude }
  var duplicates: [String] { [] }
  var reviewed: Bool { review.isReviewed }
  var favorite: Bool { review == .favorite }
  var rejected: Bool { review == .rejected }

  func write(_ text: AssetListing.Text, to json: PrettyJSON) {
    switch text {
    case .id: id.withUTF8 { json.value(cString: $0) }
    case .instant: captureTime.writeInstantISO8601(to: json)
    case .kind: json.value(file.kind.rawValue)
    case .make: json.value(file.make)
    case .model: json.value(file.model)
    case .offsetSource: json.value(captureTime.offsetSource.rawValue)
    case .path:
      var path = file.path
      path.withUTF8 { json.value(prefix: pathPrefix, $0) }
    case .problem: json.value(problem)
    case .root: json.value(root)
    case .takenAt: captureTime.writeISO8601(to: json)
    case .timeSource: json.value(captureTime.source.rawValue)
    }
  }
}
