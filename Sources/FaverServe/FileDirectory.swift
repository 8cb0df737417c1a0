import FaverKit
import Foundation
import Synchronization

/// The files behind asset ids, as `Library` last listed them, so that a preview or a video (forty
/// thumbnails to a page of moments) does not rebuild the library on every request. An id it does
/// not know, or whose file is gone, asks `Library` again: a refresh may have added or moved it.
/// Only ids the store gave are ever in it; a client never names a path.
final class FileDirectory: Sendable {
  struct Entry: Sendable {
    /// The asset the id belongs to (a Live Photo's video and a raw file belong to their photo).
    var asset: Asset
    /// The file the id itself names.
    var path: String
    var kind: MediaKind
  }

  private let library: Library
  private let entries = Mutex<[AssetID: Entry]?>(nil)

  init(library: Library) { self.library = library }

  func entry(_ id: AssetID) throws -> Entry? {
    if let entry = entries.withLock({ $0?[id] }), FileManager.default.fileExists(atPath: entry.path) {
      return entry
    }
    let fresh = try Self.list(library)
    entries.withLock { $0 = fresh }
    return fresh[id]
  }

  private static func list(_ library: Library) throws -> [AssetID: Entry] {
    var entries: [AssetID: Entry] = [:]
    for asset in try library.assets() {
      entries[asset.id] = Entry(asset: asset, path: asset.absolutePath, kind: asset.kind)
      if let video = asset.companion {
        entries[video.id] = Entry(asset: asset, path: video.absolutePath, kind: .video)
      }
      if let raw = asset.raw { entries[raw.id] = Entry(asset: asset, path: raw.absolutePath, kind: .photo) }
    }
    return entries
  }
}
