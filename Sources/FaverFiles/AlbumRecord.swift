import FaverCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What faver made in an album folder, kept there as `.faver-album.json`: one entry per link or
/// copy, so that a later run removes only what faver made, and tells it from what the person put
/// there or changed.
struct AlbumRecord: Codable, Equatable {
  static let fileName = ".faver-album.json"
  static let currentVersion = 1

  var version = currentVersion
  /// In name order, so that the file changes only when an entry does.
  var entries: [Entry] = []

  /// A link or a copy faver made, and what it was made from.
  struct Entry: Codable, Equatable {
    /// The file name in the album folder.
    var name: String
    /// The asset's `AssetID`.
    var id: String
    /// The absolute path of the source it links to or was copied from.
    var source: String
    var method: AlbumExport.Method
    /// A copy's size and modification time (nanoseconds since 1970) as the disk keeps them, to
    /// tell it from a file the person put in its place; nil for a link.
    var size: Int64?
    var modified: Int64?
    /// The modification time of the source a copy was made from (the copy's own is the same
    /// where the disk keeps nanoseconds), to tell when the source changed.
    var sourceModified: Int64?
  }

  init(entries: some Sequence<Entry>) {
    self.entries = entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }

  /// The record in `folder`; an empty one when there is none.
  static func load(from folder: URL) throws(AlbumError) -> AlbumRecord {
    let path = joinPath(folder.path, fileName)
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return AlbumRecord(entries: []) }
      throw .unreadableRecord(path: path, reason: String(cString: strerror(errno)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .unreadableRecord(path: path, reason: "it is not a regular file")
    }
    let bytes: Data
    do {
      bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadableRecord(path: path, reason: error.localizedDescription)
    }
    guard let record = try? JSONDecoder().decode(AlbumRecord.self, from: bytes) else {
      throw .unreadableRecord(path: path, reason: "it is damaged: not the JSON faver writes")
    }
    if let problem = record.problem { throw .unreadableRecord(path: path, reason: problem) }
    return record
  }

  /// Replaces the record in `folder`, atomically.
  func save(in folder: URL) throws(AlbumError) {
    let url = folder.appendingPathComponent(Self.fileName)
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let file = try AtomicFile(replacing: url)
      try encoder.encode(self).withUnsafeBytes { try file.write($0) }
      try file.commit()
    } catch let error as AtomicFileError {
      throw .cannotWriteRecord(path: url.path, reason: error.reason)
    } catch {
      throw .cannotWriteRecord(path: url.path, reason: "\(error)")
    }
  }

  /// Why a record read back cannot be trusted, if it cannot: a newer format, a name that is not
  /// a plain file name in the folder (it could point outside it), a name or an asset listed twice.
  private var problem: String? {
    if version > Self.currentVersion { return "it was written by a newer faver (version \(version))" }
    var names = Set<String>()
    var ids = Set<String>()
    for entry in entries {
      let name = entry.name
      if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
        return "it lists \"\(name)\", which is not a file name"
      }
      guard names.insert(name).inserted, ids.insert(entry.id).inserted else {
        return "it lists \"\(name)\" or its photo twice"
      }
    }
    return nil
  }
}
