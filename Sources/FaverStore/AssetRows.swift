import FaverCore
import Foundation
import GRDB

/// Reads the assets of `file` rows, one row at a time, straight from SQLite's column bytes: what
/// a read of the whole library (`IndexStore.unpairedAssets`) makes a million of. Each asset is
/// what `FileRecord.asset(root:row:)` makes of its row, without the record in between: only the
/// columns an asset holds are read, no string is made of a path (its folder and name are made
/// apart), and a folder, make or model the same as the previous row's is that row's string again
/// (the rows of a folder come together, and mostly from one camera).
struct AssetRows {
  /// The columns read, in the order the reader reads them.
  private enum Column: Int32, CaseIterable {
    case rootId, path, assetId, kind, takenAt, utcOffset, hasSubseconds, timeSource, latitude, longitude
    case make, model, serial, problem, contentIdentifier, burstID, duration, offsetSource, id
  }

  /// The SELECT list `asset(_:)` reads.
  static let selection = Column.allCases.map { "\($0)" }.joined(separator: ", ")

  private let roots: [Int64: String]
  private var folders = Repeated(sharedBeyond: 15)
  private var makes = Repeated(sharedBeyond: 15)
  private var models = Repeated(sharedBeyond: 15)

  init(roots: [Int64: String]) { self.roots = roots }

  /// The asset of the cursor's row (selected with `selection`), with its root's id, its file
  /// time, and the key of its id (see `AssetID.key`).
  mutating func asset(_ columns: borrowing ColumnCursor) throws -> (
    asset: Asset, rootId: Int64, takenAt: Double, key: UInt64
  ) {
    func at(_ column: Column) -> Int32 { column.rawValue }
    guard let kind = MediaKind.byUTF8.value(columns.unsafeText(at(.kind))),
      let source = TimeSource.byUTF8.value(columns.unsafeText(at(.timeSource)))
    else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "the file table holds an unknown kind or time source")
    }
    let rootId = columns.int64(at(.rootId))
    let takenAt = columns.double(at(.takenAt))
    let utcOffset = columns.optionalInt(at(.utcOffset))
    let offsetSource =
      columns.isNull(at(.offsetSource))
      ? nil : OffsetSource.byUTF8.value(columns.unsafeText(at(.offsetSource)))
    let time = CaptureTime(
      instant: Date(timeIntervalSince1970: takenAt), utcOffset: utcOffset, source: source,
      hasSubseconds: columns.bool(at(.hasSubseconds)),
      offsetSource: utcOffset == nil ? OffsetSource.none : offsetSource ?? .file)
    let coordinate = columns.optionalDouble(at(.latitude)).flatMap { latitude in
      columns.optionalDouble(at(.longitude)).map { Coordinate(latitude: latitude, longitude: $0) }
    }
    // A path's folder (up to and with its last `/`) and name, as `String(cString:)` reads them.
    let (folder, name) = columns.text(at(.path)) { path in
      let path = UnsafeBufferPointer(rebasing: path.prefix { $0 != 0 })
      let end = (path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
      return (
        folders.string(UnsafeBufferPointer(rebasing: path[..<end])),
        String(decoding: path[end...], as: UTF8.self)
      )
    }
    let (id, key) = columns.text(at(.assetId)) { bytes in
      AssetID.hexValue(bytes).map { (AssetID(hexValue: $0), $0) } ?? (
        AssetID(cString: bytes), AssetID.key(bytes)
      )
    }
    var asset = Asset(
      id: id, root: roots[rootId] ?? "", folder: folder, name: name, kind: kind, captureTime: time,
      coordinate: coordinate, make: columns.unsafeText(at(.make)).map { makes.string($0) },
      model: columns.unsafeText(at(.model)).map { models.string($0) },
      serial: columns.optionalString(at(.serial)), problem: columns.optionalString(at(.problem)),
      burstID: columns.optionalString(at(.burstID)),
      contentIdentifier: columns.optionalString(at(.contentIdentifier)),
      duration: columns.optionalDouble(at(.duration)))
    asset.fileRow = columns.int64(at(.id))
    return (asset, rootId, takenAt, key)
  }

  /// The string of a column's bytes, the previous row's when they are the same; one string for
  /// each distinct text longer than `sharedBeyond` bytes (a shorter one is held in its value).
  private struct Repeated {
    let sharedBeyond: Int
    private var last: [UInt8] = []
    private var lastString = ""
    private var known: [String: String] = [:]

    init(sharedBeyond: Int) { self.sharedBeyond = sharedBeyond }

    /// The text of `bytes` (ill-formed UTF-8 repaired, as `String(cString:)` does).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
      let bytes = UnsafeBufferPointer(rebasing: bytes.prefix { $0 != 0 })
      let isLast = last.withUnsafeBufferPointer { last in
        last.count == bytes.count
          && (bytes.isEmpty || memcmp(last.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
      }
      if isLast { return lastString }
      var text = String(decoding: bytes, as: UTF8.self)
      if bytes.count > sharedBeyond {
        if let shared = known[text] { text = shared } else { known[text] = text }
      }
      (last, lastString) = (Array(bytes), text)
      return text
    }
  }
}
