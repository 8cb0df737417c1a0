import FaverCore
import Foundation
import GRDB

/// One indexed file: where it is, how it looked when read (to notice changes with one stat),
/// and what its metadata said.
public struct FileRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "file"

  public var id: Int64?
  public var rootId: Int64
  /// Relative to the root.
  public var path: String
  public var assetId: String
  public var format: String
  public var kind: MediaKind
  public var size: Int64
  public var mtimeNs: Int64
  public var device: Int64
  public var inode: Int64
  /// Capture instant in seconds since 1970 (UTC when the offset is known).
  public var takenAt: Double
  public var utcOffset: Int?
  public var hasSubseconds: Bool
  public var timeSource: TimeSource
  public var latitude: Double?
  public var longitude: Double?
  public var make: String?
  public var model: String?
  public var problem: String?
  /// Apple's Live Photo identifier, shared by a still and its video.
  public var contentIdentifier: String?
  /// Apple's burst identifier, shared by the photos of one burst.
  public var burstID: String?

  public init(
    rootId: Int64, path: String, assetId: AssetID, format: String, kind: MediaKind,
    stamp: FileStamp, captureTime: CaptureTime, coordinate: Coordinate?, make: String?,
    model: String?, problem: String?, contentIdentifier: String? = nil, burstID: String? = nil
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
    timeSource = captureTime.source
    latitude = coordinate?.latitude
    longitude = coordinate?.longitude
    self.make = make
    self.model = model
    self.problem = problem
    self.contentIdentifier = contentIdentifier
    self.burstID = burstID
  }

  /// Inserts a file, or updates the one at the same path (keeping its row id). An upsert
  /// rather than `INSERT OR REPLACE`: a replace may delete rows, which makes SQLite keep a
  /// statement journal of every page each insert touches, on disk, and that cost more writes
  /// than the index itself during a bulk index.
  static let upsertSQL = upsertSQL(rows: 1)

  /// The upsert of `rows` files at once.
  static func upsertSQL(rows: Int) -> String {
    """
    INSERT INTO file (rootId, path, assetId, format, kind, size, mtimeNs, device, inode,
      takenAt, utcOffset, hasSubseconds, timeSource, latitude, longitude, make, model, problem,
      contentIdentifier, burstID)
    VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", "))
    ON CONFLICT (rootId, path) DO UPDATE SET assetId = excluded.assetId, format = excluded.format,
      kind = excluded.kind, size = excluded.size, mtimeNs = excluded.mtimeNs,
      device = excluded.device, inode = excluded.inode, takenAt = excluded.takenAt,
      utcOffset = excluded.utcOffset, hasSubseconds = excluded.hasSubseconds,
      timeSource = excluded.timeSource, latitude = excluded.latitude, longitude = excluded.longitude,
      make = excluded.make, model = excluded.model, problem = excluded.problem,
      contentIdentifier = excluded.contentIdentifier, burstID = excluded.burstID
    """
  }

  /// Binds the values of `upsertSQL`, in its order.
  func bindInsert(to statement: inout BatchStatement) {
    statement.bind(rootId)
    statement.bind(path)
    statement.bind(assetId)
    statement.bind(format)
    statement.bind(kind.rawValue)
    statement.bind(size)
    statement.bind(mtimeNs)
    statement.bind(device)
    statement.bind(inode)
    statement.bind(takenAt)
    statement.bind(utcOffset)
    statement.bind(hasSubseconds)
    statement.bind(timeSource.rawValue)
    statement.bind(latitude)
    statement.bind(longitude)
    statement.bind(make)
    statement.bind(model)
    statement.bind(problem)
    statement.bind(contentIdentifier)
    statement.bind(burstID)
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// What a stat says about the file; equal stamps mean the file need not be read again.
  public var stamp: FileStamp {
    FileStamp(size: size, mtimeNs: mtimeNs, device: device, inode: inode)
  }

  public var captureTime: CaptureTime {
    CaptureTime(
      instant: Date(timeIntervalSince1970: takenAt), utcOffset: utcOffset, source: timeSource,
      hasSubseconds: hasSubseconds)
  }

  public func asset(root: String) -> Asset {
    let coordinate = latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } }
    return Asset(
      id: AssetID(rawValue: assetId), root: root, path: path, kind: kind, captureTime: captureTime,
      coordinate: coordinate, make: make, model: model, problem: problem, burstID: burstID,
      contentIdentifier: contentIdentifier)
  }
}

/// The identity of a file's current version as a stat reports it.
public struct FileStamp: Hashable, Sendable {
  public var size: Int64
  public var mtimeNs: Int64
  public var device: Int64
  public var inode: Int64

  public init(size: Int64, mtimeNs: Int64, device: Int64, inode: Int64) {
    (self.size, self.mtimeNs, self.device, self.inode) = (size, mtimeNs, device, inode)
  }
}
