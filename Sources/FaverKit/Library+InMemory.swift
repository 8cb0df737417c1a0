public import FaverCore
internal import FaverStore

/// The whole library clustered in memory, not from the saved queue: what the saved queue is
/// built from (`placedAssets`), and the oracle the tests compare it with.
extension Library {
  /// Every indexed asset once, placed on the timeline (see `placedAssets`), in capture order, with
  /// its review state.
  public func assets() throws -> [Asset] {
    let store = try readableStore
    var assets = try placedAssets(store)
    let states = try store.reviewStates()
    for index in assets.indices {
      assets[index].review = assets[index].memberIDs.lazy.compactMap { states[$0] }.first ?? .unreviewed
    }
    return assets
  }

  /// The moments of the whole library and the queue left to review, in `mode` (see
  /// `clusteringMode`).
  public func queue(mode: MomentClusterer.Mode? = nil) throws -> (
    clustering: MomentClusterer.Result, queue: ReviewQueue
  ) {
    let clustering = MomentClusterer(mode: try clusteringMode(mode)).moments(
      in: try placedAssets(readableStore, ordered: false))
    return (clustering, ReviewQueue(moments: clustering.moments, reviewed: try readableStore.reviewedIDs()))
  }
}
