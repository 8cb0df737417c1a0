import Foundation

/// What is left to review, moment by moment, given the assets already reviewed.
///
/// Queue order is moment order, then burst order inside a moment, then capture order inside a
/// burst. Moments are consecutive runs of bursts sorted by their start, so the queue order is the
/// same in every mode. A moment whose every asset is reviewed leaves the queue. A Live Photo is one
/// asset: marking its still or its companion video reviews it.
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
  /// Every asset, reviewed or not, in queue order: where a reviewed cursor asset sits.
  public var order: [AssetID]

  public init(moments: [Moment], reviewed: Set<AssetID>) {
    var entries: [Entry] = []
    var progress = ReviewProgress(reviewed: 0, total: 0)
    var order: [AssetID] = []
    order.reserveCapacity(
      moments.reduce(0) { count, moment in moment.bursts.reduce(count) { $0 + $1.assets.count } })
    // Assets are read in place, by position: passing each one around copied it (a dozen
    // references to retain and release).
    func isReviewed(_ assets: [Asset], at index: Int) -> Bool {
      if reviewed.contains(assets[index].id) { return true }
      if let raw = assets[index].raw?.id, reviewed.contains(raw) { return true }
      guard let companion = assets[index].companion?.id else { return false }
      return reviewed.contains(companion)
    }
    for moment in moments {
      // Each asset is looked up once, and a burst with nothing reviewed is kept as it is (its
      // assets not copied): a million assets take a fraction of a second.
      var total = 0
      var done = 0
      var pending: [Burst] = []
      for burst in moment.bursts {
        let assets = burst.assets
        total += assets.count
        var left: [Asset]?
        for index in assets.indices {
          order.append(assets[index].id)
          if isReviewed(assets, at: index) {
            if left == nil { left = Array(assets[..<index]) }
          } else {
            left?.append(assets[index])
          }
        }
        guard let left else {
          pending.append(burst)
          continue
        }
        done += assets.count - left.count
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
    self.order = order
  }

  /// Every unreviewed asset in queue order, with the burst it belongs to (its unreviewed part).
  public var pending: [(asset: Asset, burst: Burst)] {
    entries.flatMap { entry in entry.assetsToReview.flatMap { burst in burst.assets.map { ($0, burst) } } }
  }

  /// Where to resume:
  /// - no cursor: the first unreviewed asset;
  /// - the cursor's asset while it is still unreviewed: that asset (an exact resume);
  /// - the cursor's asset reviewed: the first unreviewed asset after it in queue order;
  /// - the cursor's asset gone from the index: the first unreviewed asset after the place it held,
  ///   that is after its (capture instant, asset id);
  /// - nothing unreviewed after it: the first unreviewed asset (photos added earlier, or skipped).
  /// Nil when everything is reviewed.
  public func resume(from cursor: Cursor?) -> (asset: Asset, burst: Burst)? {
    let pending = pending
    guard let cursor else { return pending.first }
    if let exact = pending.first(where: { $0.asset.id == cursor.assetID }) { return exact }
    guard let position = order.firstIndex(of: cursor.assetID) else {
      // Gone from the index: continue after the place it held, by capture instant and id.
      return pending.first { cursor.precedes($0.asset) } ?? pending.first
    }
    var rank: [AssetID: Int] = [:]
    for (index, id) in order.enumerated() where rank[id] == nil { rank[id] = index }
    return pending.first { (rank[$0.asset.id] ?? 0) > position } ?? pending.first
  }
}
