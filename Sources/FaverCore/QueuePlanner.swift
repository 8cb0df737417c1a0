public import Foundation

/// What the review queue's planner decides, with the values the store read for it: which assets
/// the files a change reaches make, where they are placed on the timeline, and how the spans of
/// moments around the changes are cut again. The same rules as a full build (`Timeline`, the
/// pairings, `MomentClusterer`), on the part of the library a change reaches (`TimelineReach`).
/// What is read, and in which order, is `Library+QueuePlan`'s; what is read is the store's
/// (`IndexStore+QueuePlan`).
public struct QueuePlanner: Sendable {
  public var clusterer: MomentClusterer
  public var timeline = Timeline()
  /// The library's clock corrections, as they are now.
  public var corrections: [ClockCorrection]

  public init(mode: MomentClusterer.Mode, corrections: [ClockCorrection]) {
    clusterer = MomentClusterer(mode: mode)
    self.corrections = corrections
  }

  /// One place of a file: its asset as that place shows it (unplaced, no copies), the id of its
  /// root, and its file time.
  public struct FilePlace: Sendable {
    public var asset: Asset
    public var rootID: Int64
    public var takenAt: Double

    public init(asset: Asset, rootID: Int64, takenAt: Double) {
      (self.asset, self.rootID, self.takenAt) = (asset, rootID, takenAt)
    }
  }

  /// The assets `places` make, as a full build makes them of the whole library: each id at its
  /// first place (by root, then path bytes) with the others as its duplicates, in file time
  /// order (ties by root, then path), Live Photos and RAW+JPEG pairs combined.
  public static func assets(of places: [FilePlace]) -> [Asset] {
    func precedes(_ a: FilePlace, _ b: FilePlace) -> Bool {
      a.rootID != b.rootID
        ? a.rootID < b.rootID : a.asset.path.utf8.lexicographicallyPrecedes(b.asset.path.utf8)
    }
    var byID: [AssetID: [FilePlace]] = [:]
    for place in places { byID[place.asset.id, default: []].append(place) }
    var firsts: [FilePlace] = []
    for (_, found) in byID {
      let sorted = found.sorted(by: precedes)
      var first = sorted[0]
      first.asset.duplicates = sorted.dropFirst().map { joinPath($0.asset.root, $0.asset.path) }
      firsts.append(first)
    }
    firsts.sort { a, b in a.takenAt != b.takenAt ? a.takenAt < b.takenAt : precedes(a, b) }
    return Self.paired(firsts.map(\.asset))
  }

  /// `assets` (in file time order) with Live Photos and RAW+JPEG pairs combined, as every build
  /// of the queue combines them.
  public static func paired(_ assets: [Asset]) -> [Asset] {
    RawPairing().combined(LivePhotoPairing().combined(assets))
  }

  /// The windows of file time whose photos of known zone may place `assets`' wall clocks: within
  /// `Timeline.reach` and the widest offset of each (and the largest clock shift either way),
  /// merged; none when `assets` hold no wall clock.
  public func evidenceWindows(for assets: [Asset]) -> [ClosedRange<Double>] {
    let walls = assets.filter { $0.captureTime.utcOffset == nil && $0.captureTime.source != .fileModified }
      .map(\.captureTime.instant.timeIntervalSince1970)
    let shift = TimeInterval(corrections.map { abs($0.shift) }.max() ?? 0)
    let reach = timeline.reach + Timeline.widestOffset + shift + 1
    return TimelineReach.merged(walls.map { ($0 - reach)...($0 + reach) })
  }

  /// Places `assets` (unplaced) on the timeline as a full build would, with `evidence`: the
  /// placed assets of the queue in their `evidenceWindows` (those of known zone count; placed
  /// already, the corrections move them no further and their zones are their own).
  public func place(_ assets: inout [Asset], among evidence: [Asset]) {
    var placed = evidence.filter { Timeline.isZoneEvidence($0.captureTime) }
    let count = placed.count
    placed += assets
    timeline.place(&placed, corrections: corrections)
    assets = Array(placed[count...])
  }

  /// The smart threshold (or the fixed one) of the queue once `spans` (each the assets of moments
  /// cut again, in capture order) are cut again, with `outside` the kept gaps of every moment
  /// outside them; and each span's gaps between its bursts, as a full build counts them.
  public func threshold(cutting spans: [[Asset]], outside: [TimeInterval]) -> (
    threshold: MomentClusterer.Threshold, gaps: [[TimeInterval]]
  ) {
    var gaps: [[TimeInterval]] = []
    for assets in spans {
      _ = clusterer.cuts(in: assets) { found in
        gaps.append(found)
        return clusterer.threshold(for: [])
      }
    }
    return (clusterer.threshold(for: outside + gaps.joined()), gaps)
  }

  /// The moments each of `spans` is cut into at `threshold`, the first of each opening as the
  /// span did (`openings`: the cut before a span is one no change moves; a gap's now holds
  /// `threshold`).
  public func moments(
    cutting spans: [[Asset]], openings: [Moment.Boundary], at threshold: MomentClusterer.Threshold
  ) -> [[Moment]] {
    zip(spans, openings).map { assets, opening in
      var moments = clusterer.moments(in: assets) { _ in threshold }.moments
      guard !moments.isEmpty else { return moments }
      if case .timeGap(let gap, _) = opening {
        moments[0].boundary = .timeGap(gap: gap, threshold: threshold.seconds)
      } else {
        moments[0].boundary = opening
      }
      return moments
    }
  }
}
