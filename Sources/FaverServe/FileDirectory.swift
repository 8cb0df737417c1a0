import FaverKit
import Foundation

/// The files behind asset ids: each asked of `Library` (which reads the one row it needs from the
/// saved queue), so a preview or a video costs a lookup, not a rebuild of the library, and a
/// refresh beside the server is seen at once. Only ids the store gave are ever looked up; a client
/// never names a path.
final class FileDirectory: Sendable {
  struct Entry: Sendable {
    /// The asset the id belongs to (a Live Photo's video and a raw file belong to their photo).
    var asset: Asset
    /// The id of the file itself (the video's, the raw file's), which the index keys it by.
    var fileID: AssetID
    /// The file the id itself names.
    var path: String
    var kind: MediaKind
  }

  private let library: Library

  init(library: Library) { self.library = library }

  func entry(_ id: AssetID) throws -> Entry? {
    guard let asset = try library.asset(id) else { return nil }
    if let video = asset.companion, video.id == id {
      return Entry(asset: asset, fileID: video.id, path: video.absolutePath, kind: .video)
    }
    if let raw = asset.raw, raw.id == id {
      return Entry(asset: asset, fileID: raw.id, path: raw.absolutePath, kind: .photo)
    }
    return Entry(asset: asset, fileID: asset.id, path: asset.absolutePath, kind: asset.kind)
  }

  /// The file with content `id` at `path` as the index last read it; nil when the index no
  /// longer holds it.
  func indexed(_ id: AssetID, at path: String) throws -> IndexedFile? {
    try library.indexedFile(id, at: path)
  }
}
