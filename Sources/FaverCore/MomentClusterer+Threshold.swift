public import Foundation

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
      var counted = gaps.filter { $0 >= Self.minimumCountedGap }
      guard counted.count >= Self.minimumGapCount else {
        return Threshold(seconds: Self.smartFallback, basis: .fallback(counted: counted.count))
      }
      // Nearest rank: the smallest gap that at least 90% of the gaps do not exceed; ceil(9n / 10).
      let rank = (9 * counted.count + 9) / 10
      let value = counted.select(rank: rank - 1)
      return Threshold(
        seconds: min(max(value, Self.smartRange.lowerBound), Self.smartRange.upperBound),
        basis: .percentile(rank: rank, counted: counted.count, value: value))
    }
  }
}
