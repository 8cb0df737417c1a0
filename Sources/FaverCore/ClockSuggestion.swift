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

  /// The suggested shift in seconds for `camera`, given the library's placed assets and their
  /// cameras (`Asset.camera`, by position, worked out once by the caller); nil when nothing
  /// stands out.
  public func shift(for camera: String, in assets: [Asset], cameras: [String?]) -> Int? {
    var own: [(instant: Double, coordinate: Coordinate?)] = []
    var reference: [(instant: Double, coordinate: Coordinate?)] = []
    for (asset, name) in zip(assets, cameras) {
      if name == camera {
        if asset.captureTime.source != .fileModified {
          own.append((asset.captureTime.instant.timeIntervalSince1970, asset.coordinate))
        }
      } else if Timeline.isZoneEvidence(asset.captureTime) {
        reference.append((asset.captureTime.instant.timeIntervalSince1970, asset.coordinate))
      }
    }
    guard !own.isEmpty, !reference.isEmpty else { return nil }
    reference.sort { $0.instant < $1.instant }
    let instants = reference.map(\.instant)
    // Every difference within the window, counted into fixed bins (a million photos give a
    // hundred million pairs: none is kept); the peak's own differences are gathered again after.
    let bins = Int((window / bin).rounded(.up))
    var counts = [Int](repeating: 0, count: 2 * bins + 1)
    func forEachDifference(_ body: (Double) -> Void) {
      for photo in own {
        var index = instants.firstIndex(atLeast: photo.instant - window)
        while index < instants.count, instants[index] <= photo.instant + window {
          defer { index += 1 }
          if let a = photo.coordinate, let b = reference[index].coordinate, a.distance(to: b) > nearby {
            continue
          }
          body(instants[index] - photo.instant)
        }
      }
    }
    var total = 0
    forEachDifference { difference in
      let slot = min(max(Int((difference / bin).rounded(.down)) + bins, 0), counts.count - 1)
      counts[slot] += 1
      total += 1
    }
    guard total >= minimumPairs else { return nil }
    func stretch(_ slot: Int) -> Int {
      (max(slot - 1, 0)...min(slot + 1, counts.count - 1)).reduce(0) { $0 + counts[$1] }
    }
    var peak = 0
    for slot in counts.indices {
      let (height, best) = (stretch(slot), stretch(peak))
      if height > best || (height == best && abs(slot - bins) < abs(peak - bins)) { peak = slot }
    }
    let height = stretch(peak)
    // The average stretch of three bins over the hour either side of the peak.
    let span = Int(3600 / bin)
    let around = (max(peak - span, 0)...min(peak + span, counts.count - 1)).reduce(0) { $0 + counts[$1] }
    let average = Double(around) / Double(2 * span + 1) * 3
    guard height >= minimumPairs, Double(height) >= contrast * max(average, 1e-9) else { return nil }
    let low = Double(peak - bins - 1) * bin
    let high = Double(peak - bins + 2) * bin
    var inPeak: [Double] = []
    forEachDifference { if $0 >= low && $0 < high { inPeak.append($0) } }
    guard !inPeak.isEmpty else { return nil }
    inPeak.sort()
    let median = inPeak[inPeak.count / 2]
    guard abs(median) >= smallest else { return nil }
    return Int(median.rounded())
  }
}
