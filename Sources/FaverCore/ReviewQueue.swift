import Foundation

/// What is left to review, moment by moment, given the assets already reviewed.
///
/// Queue order is moment order, then burst order inside a moment, then capture order inside a
/// burst. A moment whose every asset is reviewed leaves the queue. A Live Photo is one asset: marking
/// its still or its companion video reviews it.
public struct ReviewQueue: Hashable, Sendable {
  /// One moment with review counts.
  public struct Entry: Hashable, Sendable {
    public var moment: Moment
    /// The moment's bursts, each reduced to its unreviewed assets; emptied bursts are dropped.
    public var assetsToReview: [Burst]
    public var totalInWindow: Int
    public var reviewedInWindow: Int
  }

  public var entries: [Entry]
  public var progress: ReviewProgress

  public init(moments: [Moment], reviewed: Set<AssetID>) {
    var entries: [Entry] = []
    var progress = ReviewProgress(reviewed: 0, total: 0)
    func isReviewed(_ asset: Asset) -> Bool {
      reviewed.contains(asset.id) || asset.companion.map { reviewed.contains($0.id) } == true
    }
    for moment in moments {
      let assets = moment.assets
      let done = assets.count(where: isReviewed)
      progress.total += assets.count
      progress.reviewed += done
      guard done < assets.count else { continue }
      let pending = moment.bursts.compactMap { burst -> Burst? in
        let left = burst.assets.filter { !isReviewed($0) }
        guard !left.isEmpty else { return nil }
        var kept = burst
        kept.assets = left
        return kept
      }
      entries.append(
        Entry(moment: moment, assetsToReview: pending, totalInWindow: assets.count, reviewedInWindow: done))
    }
    self.entries = entries
    self.progress = progress
  }

  /// Every unreviewed asset in queue order, with the burst it belongs to.
  public var pending: [(asset: Asset, burst: Burst)] {
    entries.flatMap { entry in entry.assetsToReview.flatMap { burst in burst.assets.map { ($0, burst) } } }
  }

  /// Where to resume: the cursor's asset while it is still unreviewed; otherwise the first
  /// unreviewed asset after the cursor's (capture instant, asset id) in queue order; when nothing is
  /// left after it, the first unreviewed asset. Nil when the queue is empty.
  public func resume(from cursor: Cursor?) -> (asset: Asset, burst: Burst)? {
    let pending = pending
    guard let cursor else { return pending.first }
    if let exact = pending.first(where: { $0.asset.id == cursor.assetID }) { return exact }
    return pending.first { cursor.precedes($0.asset) } ?? pending.first
  }
}
