package import FaverCore
import Foundation
package import GRDB

/// One row of the `file` table: an indexed file, where it is, how it looked when read (to notice
/// changes with one stat), and what its metadata said.
///
/// The table in one place: `Columns` lists its columns, and the bulk upsert's SQL, its binds
/// (`bind(_:to:)`, a switch the compiler holds complete) and the reads by position (`init(row:)`)
/// all follow that list. A new column is a migration in `IndexStore.migrator`, a property, a case
/// of `Columns` and its line in `bind(_:to:)` and `init(row:)`.
package struct FileRecord: Hashable, Sendable, FetchableRecord, TableRecord {
  package static let databaseTableName = "file"

  /// Every column but the row id, in the order the upsert binds them and reads select them.
  package enum Columns: Int, ColumnExpression, CaseIterable, Sendable {
    case rootId, path, assetId, format, kind, size, mtimeNs, device, inode, takenAt, utcOffset
    case hasSubseconds, timeSource, latitude, longitude, make, model, problem, contentIdentifier, burstID
    case duration, offsetSource, serial

    /// The column's name in the table: the case's name.
    package var name: String { Self.names[rawValue] }
    private static let names = allCases.map { String(describing: $0) }

    /// The column's position in `selection`.
    package var position: Int { rawValue }

    /// `rootId, path, …`: every column, in order, for a SELECT that `init(row:)` reads.
    package static let selection = allCases.map(\.name).joined(separator: ", ")
  }

  /// Requests select the columns in `Columns` order, which `init(row:)` reads by position.
  package static var databaseSelection: [any SQLSelectable] { Columns.allCases }

  package var rootId: Int64
  /// Relative to the root.
  package var path: String
  package var assetId: String
  package var format: String
  package var kind: MediaKind
  package var size: Int64
  package var mtimeNs: Int64
  package var device: Int64
  package var inode: Int64
  /// Capture instant in seconds since 1970 (UTC when the offset is known).
  package var takenAt: Double
  package var utcOffset: Int?
  package var hasSubseconds: Bool
  package var timeSource: TimeSource
  package var latitude: Double?
  package var longitude: Double?
  package var make: String?
  package var model: String?
  package var problem: String?
  /// Apple's Live Photo identifier, shared by a still and its video.
  package var contentIdentifier: String?
  /// Apple's burst identifier, shared by the photos of one burst.
  package var burstID: String?
  /// A video's length in seconds, when the file says.
  package var duration: Double?
  /// How the offset is known when there is one: `file` or `gpsTime` (NULL: none).
  package var offsetSource: OffsetSource?
  /// The camera body's serial number.
  package var serial: String?

  package init(
    rootId: Int64, path: String, assetId: AssetID, format: String, kind: MediaKind,
    stamp: FileStamp, captureTime: CaptureTime, coordinate: Coordinate?, make: String?,
    model: String?, problem: String?, contentIdentifier: String? = nil, burstID: String? = nil,
    duration: Double? = nil, serial: String? = nil
  ) {
    self.rootId = rootId
    self.path = path
    self.assetId = assetId.rawValue
    self.format = format
    self.kind = kind
    (size, mtimeNs, device, inode) = (stamp.size, stamp.mtimeNs, stamp.device, stamp.inode)
    takenAt = captureTime.instant.timeIntervalSince1970
    utcOffset = captureTime.utcOffset
    hasSubseconds = captureTime.hasSubseconds
    offsetSource = captureTime.utcOffset == nil ? nil : captureTime.offsetSource
    self.serial = serial
    timeSource = captureTime.source
    latitude = coordinate?.latitude
    longitude = coordinate?.longitude
    self.make = make
    self.model = model
    self.problem = problem
    self.contentIdentifier = contentIdentifier
    self.burstID = burstID
    self.duration = duration
  }

  /// Reads a row selected with `Columns.selection`, by position: looking columns up by name cost
  /// more than the rest of reading the index.
  package init(row: Row) throws {
    // Each read names its type: a generic helper here went unspecialized, and looking up its
    // metadata for every value doubled the cost of loading the index.
    typealias C = Columns
    let kindText: String = row[C.kind.position]
    let sourceText: String = row[C.timeSource.position]
    guard let kind = MediaKind(rawValue: kindText), let source = TimeSource(rawValue: sourceText) else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "the file table holds an unknown kind or time source")
    }
    rootId = row[C.rootId.position] as Int64
    path = row[C.path.position] as String
    assetId = row[C.assetId.position] as String
    format = row[C.format.position] as String
    self.kind = kind
    size = row[C.size.position] as Int64
    mtimeNs = row[C.mtimeNs.position] as Int64
    device = row[C.device.position] as Int64
    inode = row[C.inode.position] as Int64
    takenAt = row[C.takenAt.position] as Double
    utcOffset = row[C.utcOffset.position] as Int?
    hasSubseconds = row[C.hasSubseconds.position] as Bool
    timeSource = source
    latitude = row[C.latitude.position] as Double?
    longitude = row[C.longitude.position] as Double?
    make = row[C.make.position] as String?
    model = row[C.model.position] as String?
    problem = row[C.problem.position] as String?
    contentIdentifier = row[C.contentIdentifier.position] as String?
    burstID = row[C.burstID.position] as String?
    duration = row[C.duration.position] as Double?
    offsetSource = (row[C.offsetSource.position] as String?).flatMap(OffsetSource.init(rawValue:))
    serial = row[C.serial.position] as String?
  }

  /// Reads the columns of `Columns.selection` at the cursor's row, from column `first` on, as
  /// `init(row:)` reads them.
  init(_ columns: borrowing ColumnCursor, from first: Int32) throws {
    func at(_ column: Columns) -> Int32 { first + Int32(column.position) }
    // The enums' texts matched as bytes (see `RawValueTable`): no string is made of them.
    guard let kind = MediaKind.byUTF8.value(columns.unsafeText(at(.kind))),
      let source = TimeSource.byUTF8.value(columns.unsafeText(at(.timeSource)))
    else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "the file table holds an unknown kind or time source")
    }
    rootId = columns.int64(at(.rootId))
    path = columns.string(at(.path))
    assetId = columns.string(at(.assetId))
    format = columns.string(at(.format))
    self.kind = kind
    size = columns.int64(at(.size))
    mtimeNs = columns.int64(at(.mtimeNs))
    device = columns.int64(at(.device))
    inode = columns.int64(at(.inode))
    takenAt = columns.double(at(.takenAt))
    utcOffset = columns.optionalInt(at(.utcOffset))
    hasSubseconds = columns.bool(at(.hasSubseconds))
    timeSource = source
    latitude = columns.optionalDouble(at(.latitude))
    longitude = columns.optionalDouble(at(.longitude))
    make = columns.optionalString(at(.make))
    model = columns.optionalString(at(.model))
    problem = columns.optionalString(at(.problem))
    contentIdentifier = columns.optionalString(at(.contentIdentifier))
    burstID = columns.optionalString(at(.burstID))
    duration = columns.optionalDouble(at(.duration))
    offsetSource =
      columns.isNull(at(.offsetSource))
      ? nil : OffsetSource.byUTF8.value(columns.unsafeText(at(.offsetSource)))
    serial = columns.optionalString(at(.serial))
  }

  /// Binds one column's value.
  func bind(_ column: Columns, to statement: inout BatchStatement) {
    switch column {
    case .rootId: statement.bind(rootId)
    case .path: statement.bind(path)
    case .assetId: statement.bind(assetId)
    case .format: statement.bind(format)
    case .kind: statement.bind(kind.rawValue)
    case .size: statement.bind(size)
    case .mtimeNs: statement.bind(mtimeNs)
    case .device: statement.bind(device)
    case .inode: statement.bind(inode)
    case .takenAt: statement.bind(takenAt)
    case .utcOffset: statement.bind(utcOffset)
    case .hasSubseconds: statement.bind(hasSubseconds)
    case .timeSource: statement.bind(timeSource.rawValue)
    case .latitude: statement.bind(latitude)
    case .longitude: statement.bind(longitude)
    case .make: statement.bind(make)
    case .model: statement.bind(model)
    case .problem: statement.bind(problem)
    case .contentIdentifier: statement.bind(contentIdentifier)
    case .burstID: statement.bind(burstID)
    case .duration: statement.bind(duration)
    case .offsetSource: statement.bind(offsetSource?.rawValue)
    case .serial: statement.bind(serial)
    }
  }

  /// Binds the values of `upsertSQL`, in its order.
  func bindInsert(to statement: inout BatchStatement) {
    for column in Columns.allCases { bind(column, to: &statement) }
  }

  /// Inserts a file, or updates the one at the same path (keeping its row id). An upsert
  /// rather than `INSERT OR REPLACE`: a replace may delete rows, which makes SQLite keep a
  /// statement journal of every page each insert touches, on disk, and that cost more writes
  /// than the index itself during a bulk index.
  static let upsertSQL = upsertSQL(rows: 1)

  /// The upsert of `rows` files at once.
  static func upsertSQL(rows: Int) -> String {
    let columns = Columns.allCases
    let placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    let updates = columns.filter { $0 != .rootId && $0 != .path }
      .map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", ")
    return """
      INSERT INTO file (\(Columns.selection))
      VALUES \(Array(repeating: placeholders, count: rows).joined(separator: ", "))
      ON CONFLICT (rootId, path) DO UPDATE SET \(updates)
      """
  }

  /// What a stat says about the file; equal stamps mean the file need not be read again.
  package var stamp: FileStamp {
    FileStamp(size: size, mtimeNs: mtimeNs, device: device, inode: inode)
  }

  package var captureTime: CaptureTime {
    CaptureTime(
      instant: Date(timeIntervalSince1970: takenAt), utcOffset: utcOffset, source: timeSource,
      hasSubseconds: hasSubseconds, offsetSource: utcOffset == nil ? OffsetSource.none : offsetSource ?? .file
    )
  }

  /// Its place, for `QueuePlanner.assets(of:)`: its asset under `root` (the path of its root),
  /// its root's id and its file time.
  package func place(root: String, row: Int64? = nil) -> QueuePlanner.FilePlace {
    QueuePlanner.FilePlace(asset: asset(root: root, row: row), rootID: rootId, takenAt: takenAt)
  }

  /// The asset this file shows, under `root`, read from `row` of the table (see `Asset.fileRow`).
  package func asset(root: String, row: Int64? = nil) -> Asset {
    let coordinate = latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } }
    var asset = Asset(
      id: AssetID(rawValue: assetId), root: root, path: path, kind: kind, captureTime: captureTime,
      coordinate: coordinate, make: make, model: model, problem: problem, burstID: burstID,
      contentIdentifier: contentIdentifier, duration: duration)
    asset.serial = serial
    asset.fileRow = row
    return asset
  }
}

/// The identity of a file's current version as a stat reports it.
package struct FileStamp: Hashable, Sendable {
  package var size: Int64
  package var mtimeNs: Int64
  package var device: Int64
  package var inode: Int64

  package init(size: Int64, mtimeNs: Int64, device: Int64, inode: Int64) {
    (self.size, self.mtimeNs, self.device, self.inode) = (size, mtimeNs, device, inode)
  }
}
