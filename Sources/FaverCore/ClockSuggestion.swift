public import Foundation

/// A shift to suggest for a camera whose clock differs from the library's by a constant: its
/// photos of the same scenes as other cameras' come a fixed number of seconds early or late.
///
/// The reference is the photos whose instant is known from their own file (an offset or GPS
/// stamps: phones, whose clocks the network keeps right). For each photo of the camera, every
/// reference photo of another camera within `window` gives a difference (reference minus
/// photo; when both have GPS, only if they are within `nearby` meters of each other). Scenes
/// shot by both give the same difference again and again; unrelated photos spread evenly. The
/// differences are counted in `bin`-second bins; a suggestion is made when the fullest stretch
/// of three bins holds at least `minimumPairs` differences and at least `contrast` times as many
/// as an average stretch around it, away from zero (a clock already right needs nothing). The
/// shift is the median difference in that stretch, to the second.
public struct ClockSuggestion: Sendable {
  public var window: TimeInterval = 14 * 3600
  public var bin: TimeInterval = 10
  public var minimumPairs = 4
  public var contrast = 4.0
  public var nearby = 300.0
  /// Below this, a difference is the spread of one scene, not a wrong clock.
  public var smallest: TimeInterval = 30

  public init() {}

  /// The suggested shift in seconds for `camera`, given the library's placed assets; nil when
  /// nothing stands out.
  public func shift(for camera: String, in assets: [Asset]) -> Int? {
    let own = assets.filter { $0.camera == camera && $0.captureTime.source != .fileModified }
      .map { (instant: $0.captureTime.instant.timeIntervalSince1970, coordinate: $0.coordinate) }
    let reference =
      assets.filter { asset in
        asset.camera != camera && Timeline.isZoneEvidence(asset.captureTime)
      }
      .map { (instant: $0.captureTime.instant.timeIntervalSince1970, coordinate: $0.coordinate) }
      .sorted { $0.instant < $1.instant }
    guard !own.isEmpty, !reference.isEmpty else { return nil }
    let instants = reference.map(\.instant)
    var differences: [Double] = []
    for photo in own {
      var index = instants.firstIndex(atLeast: photo.instant - window)
      while index < instants.count, instants[index] <= photo.instant + window {
        defer { index += 1 }
        if let a = photo.coordinate, let b = reference[index].coordinate, a.distance(to: b) > nearby {
          continue
        }
        differences.append(instants[index] - photo.instant)
      }
    }
    guard differences.count >= minimumPairs else { return nil }
    var counts: [Int: Int] = [:]
    for difference in differences { counts[Int((difference / bin).rounded(.down)), default: 0] += 1 }
    func stretch(_ center: Int) -> Int { (center - 1...center + 1).reduce(0) { $0 + (counts[$1] ?? 0) } }
    guard
      let peak = counts.keys.max(by: {
        stretch($0) != stretch($1) ? stretch($0) < stretch($1) : abs($0) > abs($1)
      })
    else { return nil }
    let height = stretch(peak)
    // The average stretch of three bins over the hour around the peak.
    let span = Int(3600 / bin)
    let around = (peak - span...peak + span).reduce(0) { $0 + (counts[$1] ?? 0) }
    let average = Double(around) / Double(2 * span + 1) * 3
    guard height >= minimumPairs, Double(height) >= contrast * max(average, 1e-9) else { return nil }
    let low = Double(peak - 1) * bin
    let high = Double(peak + 2) * bin
    let inPeak = differences.filter { $0 >= low && $0 < high }.sorted()
    let median = inPeak[inPeak.count / 2]
    guard abs(median) >= smallest else { return nil }
    return Int(median.rounded())
  }
}
