public import Foundation

extension MomentClusterer {
  /// The settings of adaptive mode: a gap, or a move, is a boundary when it is large against its
  /// own neighbourhood rather than against one number for the whole library.
  ///
  /// - Time (PhotoTOC, Platt et al. 2003): the log of the gap before an item is compared with the
  ///   mean of the logs of the `window` gaps on each side of it (itself left out, gaps under a
  ///   second counted as a second); it starts a moment when it is at least `minimumGap` and
  ///   exceeds that mean by `margin` (a factor of e^margin), or when it reaches `alwaysGap`.
  /// - Place: where the photo just before an item and its first photo both have GPS, the step
  ///   between them (meters) is compared the same way with the steps between consecutive photos
  ///   with GPS around it (`window` each side, steps under `stepFloor` counted as that): it starts
  ///   a moment when it is at least `minimumMove`, `minimumMoveGap` later, and exceeds that mean
  ///   by `moveMargin`. A hike's steps are all long, so none stands out; a drive to the next town
  ///   does. With no other step around it to compare with, a move of `minimumMove`,
  ///   `minimumMoveGap` later, cuts, as in smart mode.
  public struct Adaptive: Hashable, Codable, Sendable {
    public var window = 20
    public var margin = log(30.0)
    public var minimumGap: TimeInterval = 20 * 60
    public var alwaysGap: TimeInterval = 24 * 3600
    public var moveMargin = log(20.0)
    public var minimumMove: Double = 1000
    public var stepFloor: Double = 50

    public init() {}
  }

  /// The boundaries adaptive mode finds before each item after the first (nil: none), given
  /// the gaps before them and the steps (meters, nil without GPS on both sides) before them.
  func adaptiveCuts(gaps: [TimeInterval], steps: [Double?]) -> [Moment.Boundary?] {
    let settings = adaptive
    let logs = gaps.map { log(max($0, 1)) }
    let stepLogs = steps.map { $0.map { log(max($0, settings.stepFloor)) } }
    // Running sums for the window means: logs of gaps, and logs and counts of known steps.
    var sums = [0.0]
    var stepSums = [0.0]
    var stepCounts = [0]
    sums.reserveCapacity(logs.count + 1)
    for (value, step) in zip(logs, stepLogs) {
      sums.append(sums[sums.count - 1] + value)
      stepSums.append(stepSums[stepSums.count - 1] + (step ?? 0))
      stepCounts.append(stepCounts[stepCounts.count - 1] + (step == nil ? 0 : 1))
    }
    return gaps.indices.map { index in
      let low = max(0, index - settings.window)
      let high = min(gaps.count, index + settings.window + 1)
      let gap = gaps[index]
      if gap >= settings.alwaysGap { return .localGap(gap: gap, localMean: nil) }
      let others = high - low - 1
      if gap >= settings.minimumGap, others > 0 {
        let mean = (sums[high] - sums[low] - logs[index]) / Double(others)
        if logs[index] >= mean + settings.margin { return .localGap(gap: gap, localMean: exp(mean)) }
      }
      guard let step = steps[index], let stepLog = stepLogs[index], step >= settings.minimumMove,
        gap >= Self.minimumMoveGap
      else { return nil }
      let known = stepCounts[high] - stepCounts[low] - 1
      // No other step around it to compare with: smart's rule (at least `minimumMove`, 5 min on).
      guard known > 0 else { return .localMove(meters: step, gap: gap, localMean: nil) }
      let mean = (stepSums[high] - stepSums[low] - stepLog) / Double(known)
      guard stepLog >= mean + settings.moveMargin else { return nil }
      return .localMove(meters: step, gap: gap, localMean: exp(mean))
    }
  }
}
