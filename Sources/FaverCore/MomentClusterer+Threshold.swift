import Foundation

extension MomentClusterer {
  /// The gap at or above which a new moment starts, and how it was chosen.
  public struct Threshold: Hashable, Sendable {
    public enum Basis: Hashable, Sendable {
      /// Given by `--gap`.
      case fixed
      /// Smart mode with fewer than `minimumGapCount` gaps of a minute or more (`counted` of them).
      case fallback(counted: Int)
      /// Smart mode: the gap at nearest rank `rank` of the `counted` gaps of a minute or more,
      /// before clamping to `smartRange`.
      case percentile(rank: Int, counted: Int, value: TimeInterval)
    }

    public var seconds: TimeInterval
    public var basis: Basis
  }

  /// The threshold `mode` gives for these gaps between items (see the type's documentation).
  public func threshold(for gaps: [TimeInterval]) -> Threshold {
    switch mode {
    case .fixed(let gap): return Threshold(seconds: gap, basis: .fixed)
    case .smart:
      let counted = gaps.filter { $0 >= Self.minimumCountedGap }.sorted()
      guard counted.count >= Self.minimumGapCount else {
        return Threshold(seconds: Self.smartFallback, basis: .fallback(counted: counted.count))
      }
      // Nearest rank: the smallest gap that at least 90% of the gaps do not exceed; ceil(9n / 10).
      let rank = (9 * counted.count + 9) / 10
      let value = counted[rank - 1]
      return Threshold(
        seconds: min(max(value, Self.smartRange.lowerBound), Self.smartRange.upperBound),
        basis: .percentile(rank: rank, counted: counted.count, value: value))
    }
  }
}

extension MomentClusterer.Result {
  /// The threshold and how it was chosen, with its numbers, for `faver clusters --explain`:
  /// `threshold 30m 0s (1800 s): 90th percentile of 12 gaps of 1m 0s or more (nearest rank 11)
  /// is 12m 0s (720 s), clamped up to 30m 0s`.
  public var thresholdExplanation: String {
    let (text, exact) = (Moment.Boundary.text, Moment.Boundary.exact)
    let chosen = "threshold \(text(threshold)) (\(exact(threshold)) s)"
    let minute = text(MomentClusterer.minimumCountedGap)
    switch basis {
    case .fixed:
      return chosen + ", fixed"
    case .fallback(let counted):
      return chosen + ", the fallback: \(counted) gaps of \(minute) or more, fewer than "
        + "\(MomentClusterer.minimumGapCount) to learn from"
    case .percentile(let rank, let counted, let value):
      var line =
        chosen + ": 90th percentile of \(counted) gaps of \(minute) or more (nearest rank \(rank)) "
        + "is \(text(value)) (\(exact(value)) s)"
      if value < threshold { line += ", clamped up to \(text(threshold))" }
      if value > threshold { line += ", clamped down to \(text(threshold))" }
      return line
    }
  }
}
