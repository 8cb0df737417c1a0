package import FaverCore
import GRDB

extension IndexStore {
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
