public import Foundation

/// How far a change on the timeline reaches: the windows of file time (a file's instant, or its
/// wall clock read as UTC) around a changed file in which other files may be placed, paired or
/// grouped otherwise by it. The queue's planner (`Library.plan`) looks up the files in
/// them and places them again with the changed one; nothing outside them can move.
///
/// - A photo whose zone is known (`Timeline.isZoneEvidence`) is evidence for every wall clock
///   within `Timeline.reach` + the widest offset of it (its own camera's nearest, or the
///   library's around), its time moved by a clock shift either way.
/// - A wall clock is in the run of every wall clock of its camera within `Timeline.runGap` of it
///   (a run takes the zone most of its photos got), and so on along the run: `run` is followed
///   from every wall clock reached.
/// - A file pairs by name with the files of its folder within `pairing` of it (a Live Photo's
///   video, a RAW+JPEG pair: a second apart at most, room to spare).
/// - A modification time is in the chain of those within `Timeline.copyGap` of it (a copy's), and
///   so on along the chain.
public struct TimelineReach: Sendable, Equatable {
  /// How far a photo of known zone reaches the wall clocks it may place.
  public var zone: TimeInterval
  /// How far a wall clock reaches the wall clocks of its run.
  public var run: TimeInterval
  /// How far a file reaches the files it may pair with.
  public var pairing: TimeInterval
  /// How far a modification time reaches the others of its chain.
  public var chain: TimeInterval

  /// The reach of `timeline`'s rules with clock corrections of at most `largestShift` seconds
  /// either way (then or now: a correction changed moves a photo by both).
  public init(timeline: Timeline = Timeline(), largestShift: TimeInterval = 0, pairing: TimeInterval = 60) {
    zone = timeline.reach + Timeline.widestOffset + 2 * largestShift + pairing
    run = timeline.runGap + 2 * largestShift + pairing
    self.pairing = pairing
    chain = timeline.copyGap
  }

  /// The windows a file of `time` (unplaced, taken at `seconds` of file time) reaches.
  public func windows(of time: CaptureTime, at seconds: Double) -> Windows {
    var windows = Windows(pairs: (seconds - pairing)...(seconds + pairing))
    if time.source == .fileModified {
      windows.chain = (seconds - chain)...(seconds + chain)
    } else if Timeline.isZoneEvidence(time) {
      windows.wallClocks = (seconds - zone)...(seconds + zone)
    } else if time.utcOffset == nil {
      windows.wallClocks = (seconds - run)...(seconds + run)
    }
    return windows
  }

  /// What a file reaches: the wall clocks it may place or share a run with, the files of its
  /// folder it may pair with, the modification times of its chain.
  public struct Windows: Sendable, Equatable {
    public var wallClocks: ClosedRange<Double>?
    public var pairs: ClosedRange<Double>
    public var chain: ClosedRange<Double>?
  }

  /// The windows of the runs through the wall clocks at `walls` (file time): each within `run`,
  /// merged where they overlap, in order. The wall clocks found in them are followed in turn.
  public func runs(through walls: [Double]) -> [ClosedRange<Double>] {
    Self.merged(walls.map { ($0 - run)...($0 + run) })
  }

  /// `windows` merged where they overlap or touch, in order.
  public static func merged(_ windows: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
    var merged: [ClosedRange<Double>] = []
    for window in windows.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, window.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, window.upperBound)
      } else {
        merged.append(window)
      }
    }
    return merged
  }
}
