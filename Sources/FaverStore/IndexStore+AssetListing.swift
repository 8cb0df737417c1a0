package import FaverCore
import GRDB

extension IndexStore {
  /// Writes every asset of the saved queue to `writer`, in the order and with the values
  /// `forEachQueuedAsset` hands them over, each as `AssetListing` of it writes it, in one read.
  /// False, and nothing written, when no queue of this faver's format and the rules of `recipe` is
  /// saved.
  package func writeQueuedAssets(recipe: String, to writer: AssetListing.ArrayWriter) throws -> Bool {
    try database.read { db in
      guard try Self.queueStamp(db)?.isCurrent(recipe: recipe) == true else { return false }
      var listing = try QueuedAssetListing(db, roots: try Self.roots(db))
      try listing.write(in: db, to: writer)
      return true
    }
  }
}
