package import FaverCore
import GRDB

extension IndexStore {
  /// Where the files with content `id` are, as absolute paths: by root, then path (the first is
  /// where `assets()` finds the asset); empty when no file has it. One indexed lookup.
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
}
