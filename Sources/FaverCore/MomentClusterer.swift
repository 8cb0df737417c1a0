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

  public func moments(in assets: consuming [Asset]) -> Result {
    moments(in: consume assets) { threshold(for: $0) }
  }

  /// The moments of `assets` cut at the threshold `choose` gives for their gaps between items:
  /// how a queue brought up to date at its end cuts its last moments by the library's threshold.
  ///
  /// `assets` is let go once the bursts hold them (a caller that passes its only copy frees it
  /// before the moments are made).
  public func moments(
    in assets: consuming [Asset], threshold choose: ([TimeInterval]) -> Threshold
  ) -> Result {
    // Sorted in place (the detector's order already, so one pass): a million assets make half a
    // million bursts, too many to copy for nothing.
    var items = burstDetector.bursts(in: assets)
    let hasUndated = assets.contains(where: \.captureTime.isUndated)
    _ = consume assets
    // The undated have no place in time (and the detector leaves each alone): a moment of their
    // own, last, in folder order.
    var undated: [Burst] = []
    if hasUndated {
      undated = items.filter { $0.assets.first?.captureTime.isUndated == true }
      items.removeAll { $0.assets.first?.captureTime.isUndated == true }
      undated.sort { a, b in
        let (a, b) = (a.assets[0], b.assets[0])
        return a.root != b.root ? a.root < b.root : a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
      }
    }
    items.sort { a, b in a.start != b.start ? a.start < b.start : a.id < b.id }
    // For each item after the first: its gap, and where the photo just before it in capture order
    // was (all `cut` needs of it: keeping the whole asset cost 250 bytes an item).
    var gaps: [TimeInterval] = []
    var before: [Coordinate?] = []
    gaps.reserveCapacity(max(0, items.count - 1))
    before.reserveCapacity(max(0, items.count - 1))
    if var latest = items.first?.assets.last {
      for item in items.dropFirst() {
        gaps.append(max(0, item.start.seconds(since: latest.captureTime.instant)))
        before.append(latest.coordinate)
        if let last = item.assets.last, Asset.captureOrder(latest, last) { latest = last }
      }
    }
    let threshold = choose(gaps)
    var moments: [Moment] = []
    var current: [Burst] = []
    var boundary = Moment.Boundary.first
    for (index, item) in items.enumerated() {
      if index > 0,
        let cut = cut(
          after: before[index - 1], before: item, gap: gaps[index - 1], threshold: threshold.seconds)
      {
        moments.append(Moment(boundary: boundary, bursts: current))
        (current, boundary) = ([], cut)
      }
      current.append(item)
    }
    if !current.isEmpty { moments.append(Moment(boundary: boundary, bursts: current)) }
    if !undated.isEmpty { moments.append(Moment(boundary: .undated, bursts: undated)) }
    return Result(mode: mode, threshold: threshold.seconds, basis: threshold.basis, moments: moments)
  }

  /// `previous` is where the photo just before `next` in capture order was taken, when known.
  private func cut(
    after previous: Coordinate?, before next: Burst, gap: TimeInterval, threshold: TimeInterval
  ) -> Moment.Boundary? {
    if gap >= threshold { return .timeGap(gap: gap, threshold: threshold) }
    guard mode == .smart, gap >= Self.minimumMoveGap,
      let from = previous, let to = next.assets.first?.coordinate
    else { return nil }
    let meters = from.distance(to: to)
    return meters > Self.minimumMoveDistance ? .distance(meters: meters, gap: gap) : nil
  }
}
