package import FaverCore
import GRDB

extension IndexStore {
  /// Writes every asset of the saved queue to `writer`, in the order and with the values
  /// `forEachQueuedAsset` hands them over, each as `AssetListing` of it writes it, in one read.
  /// False, and nothing written, when no queue of this faver's format and the rules of `recipe` is
  /// saved.
  package func writeQueuedAssets(recipe: String, to writer: AssetListing.ArrayWriter) throws -> Bool {
    try database.read { db in try Self.writeQueuedAssets(recipe: recipe, to: writer, in: db) }
  }

  /// `writeQueuedAssets` in the transaction of `db`.
  static func writeQueuedAssets(recipe: String?, to writer: AssetListing.ArrayWriter, in db: Database) throws
    -> Bool
  {
    guard let stamp = try Self.queueStamp(db), recipe.map(stamp.isCurrent(recipe:)) ?? true else {
      return false
    }
    var listing = try QueuedAssetListing(db, roots: try Self.roots(db))
    try listing.write(in: db, to: writer)
    return true
  }
}
