internal import Foundation

extension ClockSuggestion {
  /// Coincident shots: the camera's photos that land, moved by a shift, within `tolerance` of a
  /// reference photo (the same scene seen by both), counted by shot (a burst counts once).
  struct Shots {
    /// The shift, the median of the matching differences.
    var shift: Double
    var photos: Int
    var shots: Int
    var scenes: Int
    /// Shots matched by no shift (within `smallest`), and by the best other shift.
    var unshifted: Int
    var otherwise: Int
    var reference: String?
  }

  /// The shift coincident shots agree on among the differences in `range`: the stretch of three
  /// `tolerance` bins matching the most shots, at least `smallest` from zero, when its matches come
  /// from `minimumScenes` scenes and it matches `contrast` times as many shots as no shift and as
  /// the best other stretch more than `exclusion` away from it within `range`; nil otherwise.
  func shots(_ pairs: Pairs, within range: ClosedRange<Double>) -> Shots? {
    let bins = max(Int(((range.upperBound - range.lowerBound) / tolerance).rounded(.up)), 1)
    var counts = [Int](repeating: 0, count: bins)
    var lastShot = [Int](repeating: -1, count: bins)
    pairs.visit(range) { photo, _, difference in
      let slot = min(max(Int(((difference - range.lowerBound) / tolerance).rounded(.down)), 0), bins - 1)
      if lastShot[slot] != pairs.shot[photo] {
        lastShot[slot] = pairs.shot[photo]
        counts[slot] += 1
      }
    }
    func stretch(_ slot: Int) -> Int {
      (max(slot - 1, 0)...min(slot + 1, bins - 1)).reduce(0) { $0 + counts[$1] }
    }
    func center(_ slot: Int) -> Double { range.lowerBound + (Double(slot) + 0.5) * tolerance }
    let peak = counts.indices.filter { abs(center($0)) >= smallest }.max { stretch($0) < stretch($1) }
    guard let peak, stretch(peak) > 0 else { return nil }
    let rival = counts.indices.filter {
      abs(center($0)) >= smallest && abs(center($0) - center(peak)) > exclusion
    }.max { stretch($0) < stretch($1) }
    func around(_ slot: Int) -> ClosedRange<Double> {
      (center(slot) - 1.5 * tolerance)...(center(slot) + 1.5 * tolerance)
    }
    let found = pairs.matches(in: around(peak))
    let unshifted = pairs.matches(in: -smallest...smallest).shots
    let otherwise = rival.map { pairs.matches(in: around($0)).shots } ?? 0
    guard found.scenes >= minimumScenes,
      Double(found.shots) >= contrast * Double(max(unshifted, otherwise, 1)),
      let median = found.median, abs(median) >= smallest
    else { return nil }
    return Shots(
      shift: median, photos: found.photos, shots: found.shots, scenes: found.scenes, unshifted: unshifted,
      otherwise: otherwise, reference: found.reference)
  }
}

/// The camera's photos against the reference photos: every difference (reference minus photo)
/// in a range is visited, none kept (a million photos give a hundred million).
struct Pairs {
  var nearby: Double
  var own: [(instant: Double, coordinate: Coordinate?)]
  var reference: [(instant: Double, coordinate: Coordinate?)]
  var referenceCamera: [String?]
  /// The scene (run) and the shot of each of the camera's photos, by position.
  var scene: [Int] = []
  var shot: [Int] = []

  /// Calls `body` with the camera's photo, the reference photo and their difference, for each
  /// difference in `range`.
  func visit(_ range: ClosedRange<Double>, _ body: (Int, Int, Double) -> Void) {
    let instants = reference.map(\.instant)
    for (index, photo) in own.enumerated() {
      var other = instants.firstIndex(atLeast: photo.instant + range.lowerBound)
      while other < instants.count, instants[other] <= photo.instant + range.upperBound {
        defer { other += 1 }
        if let a = photo.coordinate, let b = reference[other].coordinate, a.distance(to: b) > nearby {
          continue
        }
        body(index, other, instants[other] - photo.instant)
      }
    }
  }

  /// The photos with a difference in `range`, their shots and scenes, the median of those
  /// differences and the camera most of the matched reference photos are of.
  func matches(in range: ClosedRange<Double>) -> (
    photos: Int, shots: Int, scenes: Int, median: Double?, reference: String?
  ) {
    var photos = Set<Int>()
    var scenes = Set<Int>()
    var shots = Set<Int>()
    var differences: [Double] = []
    var byCamera: [String: Int] = [:]
    visit(range) { photo, other, difference in
      photos.insert(photo)
      scenes.insert(scene[photo])
      shots.insert(shot[photo])
      differences.append(difference)
      if let name = referenceCamera[other] { byCamera[name, default: 0] += 1 }
    }
    differences.sort()
    let reference = byCamera.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    return (
      photos.count, shots.count, scenes.count, differences.isEmpty ? nil : differences[differences.count / 2],
      reference
    )
  }
}
