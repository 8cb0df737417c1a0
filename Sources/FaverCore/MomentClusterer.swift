public import Foundation

/// Splits a library into moments at long gaps in time, or, in smart mode, where the photographer
/// moved.
///
/// Items are bursts (see `BurstDetector`), so a burst is never split. They are sorted by their first
/// capture instant (ties by asset id); the gap before an item is its start minus the latest end seen
/// so far (never negative), to the millisecond.
///
/// A new moment starts before an item when
/// - its gap is at least the threshold (`.timeGap`), or
/// - in smart mode only: the photo just before it in capture order and its first photo both have
///   GPS, are at least `minimumMoveGap` (5 min) apart in time and more than `minimumMoveDistance`
///   (1 km) apart on the great circle (`.distance`). Without GPS on both, only time counts.
///
/// Undated assets (`CaptureTime.isUndated`) take no part: they make the last moment, "Undated"
/// (`.undated`), one burst each, in folder order (root, then path).
///
/// The threshold (see `threshold(for:)`):
/// - `.fixed(gap)`: `gap`.
/// - `.smart`: the 90th percentile, nearest-rank, of the gaps between items that last at least
///   `minimumCountedGap` (60 s): sort them ascending and take the one at 1-based rank
///   `ceil(0.9 × n)`. The result is clamped to `smartRange` (30 min … 48 h). With fewer than
///   `minimumGapCount` (8) such gaps there is too little to learn from, and the threshold is
///   `smartFallback` (3 h).
public struct MomentClusterer: Sendable {
  public enum Mode: Hashable, Codable, Sendable {
    case smart
    case fixed(gap: TimeInterval)

    public static let presets: [Mode] = [.fixed(gap: 3600), .fixed(gap: 3 * 3600), .fixed(gap: 8 * 3600)]
  }

  public var mode: Mode
  public var burstDetector = BurstDetector()

  public static let minimumCountedGap: TimeInterval = 60
  public static let minimumGapCount = 8
  public static let smartFallback: TimeInterval = 3 * 3600
  public static let smartRange: ClosedRange<TimeInterval> = 30 * 60...48 * 3600
  public static let minimumMoveGap: TimeInterval = 5 * 60
  public static let minimumMoveDistance: Double = 1000

  public init(mode: Mode = .smart, burstDetector: BurstDetector = BurstDetector()) {
    self.mode = mode
    self.burstDetector = burstDetector
  }

  /// The moments and the threshold that made them.
  public struct Result: Hashable, Sendable {
    public var mode: Mode
    public var threshold: TimeInterval
    /// How the threshold was chosen.
    public var basis: Threshold.Basis
    public var moments: [Moment]
  }

  public func moments(in assets: [Asset]) -> Result {
    moments(in: assets) { threshold(for: $0) }
  }

  /// The moments of `assets` cut at the threshold `choose` gives for their gaps between items:
  /// how a queue brought up to date at its end cuts its last moments by the library's threshold.
  public func moments(in assets: [Asset], threshold choose: ([TimeInterval]) -> Threshold) -> Result {
    cuts(in: assets, threshold: choose).result(of: assets)
  }

  /// The moments of `assets` as ranges (see `Cuts`): what `moments(in:)` makes, without a copy
  /// of any asset.
  public func cuts(in assets: [Asset]) -> Cuts {
    cuts(in: assets) { threshold(for: $0) }
  }

  /// `moments(in:threshold:)` as ranges (see `Cuts`).
  public func cuts(in assets: [Asset], threshold choose: ([TimeInterval]) -> Threshold) -> Cuts {
    let bursts = burstDetector.ranges(in: assets)
    // The undated have no place in time (and the detector leaves each alone): a moment of their
    // own, last, in folder order.
    var order: [Int] = []
    var undated: [Int] = []
    order.reserveCapacity(bursts.count)
    for burst in 0..<bursts.count {
      if assets[bursts.first(of: burst)].captureTime.isUndated {
        undated.append(burst)
      } else {
        order.append(burst)
      }
    }
    undated.sort { a, b in
      let (a, b) = (bursts.first(of: a), bursts.first(of: b))
      return assets[a].root != assets[b].root
        ? assets[a].root < assets[b].root : assets[a].path.utf8.lexicographicallyPrecedes(assets[b].path.utf8)
    }
    // Items in order of their first photo's instant, then its id (a burst's id is `b-` and that
    // id, so the same order).
    let starts = (0..<bursts.count).map { assets[bursts.first(of: $0)].captureTime.instant }
    order.sort { a, b in
      starts[a] != starts[b]
        ? starts[a] < starts[b] : assets[bursts.first(of: a)].id < assets[bursts.first(of: b)].id
    }
    // For each item after the first: its gap, and the position of the photo just before it in
    // capture order (all `cut` needs of it).
    var gaps: [TimeInterval] = []
    var before: [Int] = []
    gaps.reserveCapacity(max(0, order.count - 1))
    before.reserveCapacity(max(0, order.count - 1))
    if let first = order.first {
      var latest = bursts.last(of: first)
      for item in order.dropFirst() {
        gaps.append(max(0, starts[item].seconds(since: assets[latest].captureTime.instant)))
        before.append(latest)
        let last = bursts.last(of: item)
        if Asset.captureOrder(assets[latest], assets[last]) { latest = last }
      }
    }
    let threshold = choose(gaps)
    var momentStarts: [Int] = []
    var boundaries: [Moment.Boundary] = []
    for (index, item) in order.enumerated() {
      if index == 0 {
        (momentStarts, boundaries) = ([0], [.first])
      } else if let cut = cut(
        after: assets[before[index - 1]].coordinate, before: assets[bursts.first(of: item)].coordinate,
        gap: gaps[index - 1], threshold: threshold.seconds)
      {
        momentStarts.append(index)
        boundaries.append(cut)
      }
    }
    if !undated.isEmpty {
      momentStarts.append(order.count)
      boundaries.append(.undated)
      order += undated
    }
    return Cuts(
      mode: mode, threshold: threshold.seconds, basis: threshold.basis, bursts: bursts, order: order,
      momentStarts: momentStarts, boundaries: boundaries, gaps: gaps)
  }

  /// `previous` is where the photo just before the next item in capture order was taken, `next`
  /// where its first photo was, when known.
  private func cut(
    after previous: Coordinate?, before next: Coordinate?, gap: TimeInterval, threshold: TimeInterval
  ) -> Moment.Boundary? {
    if gap >= threshold { return .timeGap(gap: gap, threshold: threshold) }
    guard mode == .smart, gap >= Self.minimumMoveGap, let from = previous, let to = next else { return nil }
    let meters = from.distance(to: to)
    return meters > Self.minimumMoveDistance ? .distance(meters: meters, gap: gap) : nil
  }
}
