import Foundation

/// What is left to review, moment by moment, given the assets already reviewed.
///
/// Queue order is moment order, then burst order inside a moment, then capture order inside a
/// burst. A moment whose every asset is reviewed leaves the queue.
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
    for moment in moments {
      // Each id is looked up once, and a burst with nothing reviewed is kept as it is (its
      // assets not copied): a million assets take a fraction of a second.
      var total = 0
      var done = 0
      var pending: [Burst] = []
      for burst in moment.bursts {
        total += burst.assets.count
        guard let first = burst.assets.firstIndex(where: { reviewed.contains($0.id) }) else {
          pending.append(burst)
          continue
        }
        var left = Array(burst.assets[..<first])
        for asset in burst.assets[(first + 1)...] where !reviewed.contains(asset.id) { left.append(asset) }
        done += burst.assets.count - left.count
        guard !left.isEmpty else { continue }
        var kept = burst
        kept.assets = left
        pending.append(kept)
      }
      progress.total += total
      progress.reviewed += done
      guard done < total else { continue }
      entries.append(
        Entry(moment: moment, assetsToReview: pending, totalInWindow: total, reviewedInWindow: done))
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
