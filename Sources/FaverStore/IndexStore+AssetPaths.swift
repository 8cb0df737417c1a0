package import FaverCore
import GRDB

/// Where an asset's files are: every file with its content, by root, then path.
extension IndexStore {
  /// Where the files with content `id` are, as absolute paths: by root, then path (the first is
  /// where `unpairedAssets()` finds the asset); empty when no file has it. One indexed lookup.
  package func paths(ofAsset id: AssetID) throws -> [String] {
    try database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT r.path, f.path FROM file AS f JOIN root AS r ON r.id = f.rootId
          WHERE f.assetId = ? ORDER BY f.rootId, f.path
          """,
        arguments: [id.rawValue]
      ).map { joinPath($0[0], $0[1] as String) }
    }
  }

  /// Every file with content `id`, as an absolute path with the stamp the index recorded when it
  /// last read it (size, modification time, device, inode); empty when no file has it. One
  /// indexed lookup.
  package func stampedPaths(ofAsset id: AssetID) throws -> [(path: String, stamp: FileStamp)] {
    try database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT r.path, f.path, f.size, f.mtimeNs, f.device, f.inode
          FROM file AS f JOIN root AS r ON r.id = f.rootId
          WHERE f.assetId = ? ORDER BY f.rootId, f.path
          """,
        arguments: [id.rawValue]
      ).map { row in
        (
          joinPath(row[0], row[1] as String),
          FileStamp(size: row[2], mtimeNs: row[3], device: row[4], inode: row[5])
        )
      }
    }
  }
}
