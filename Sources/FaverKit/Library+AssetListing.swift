public import FaverCore
import FaverStore
import Foundation

extension Library {
  /// Writes every indexed asset to `writer`, as `forEachAsset` hands them over (the same order,
  /// the same values): `assets --json`, written from the saved queue's rows (saved first when
  /// stale).
  public func writeAssets(to writer: AssetListing.ArrayWriter) throws {
    let mode = try clusteringMode()
    // A queue saved by other rules between the check and the read (another faver binary) is
    // built again, a few times at most.
    for _ in 0..<3 {
      let store = try storeWithFreshQueue(mode: mode)
      if try store.writeQueuedAssets(recipe: Self.queueRecipe, to: writer) { return }
    }
    throw LibraryError.cannotUpdateIndex(store: folder.path, reason: "the review queue kept changing")
  }
}
