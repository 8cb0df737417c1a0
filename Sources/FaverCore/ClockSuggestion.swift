public import Foundation

/// A shift to suggest for a camera whose clock is off by a constant, only where the evidence
/// says so: a wrong suggestion breaks a timeline that was right, so a missed one costs less.
///
/// The reference is the photos whose instant is known from their own file (an offset or GPS
/// stamps: phones, whose clocks the network keeps right). A photo of the camera *matches* a
/// candidate shift when, moved by it, it lands within `tolerance` of a reference photo of another
/// camera (when both have GPS, within `nearby` meters of it too): the same scene seen by both.
/// A shift is suggested when
/// - it is at least `smallest` away from zero (a clock already right needs nothing);
/// - its matches come from at least `minimumScenes` scenes (the camera's runs of photos no more
///   than `sceneGap` apart), so one event cannot decide it;
/// - it matches at least `contrast` times as many shots as no shift at all (within `smallest`
///   either way) and as any other shift more than `exclusion` away from it — where cameras shoot
///   through a long event, every shift matches something, and none stands out. A shot is a burst
///   (photos no more than `burstGap` apart) counted once: ten frames lined up by chance with one
///   photo of another camera are one coincidence, not ten.
/// The shift is the median of its matching differences, to the second.
public struct ClockSuggestion: Sendable {
  /// The largest clock error looked for, either way.
  public var window: TimeInterval = 14 * 3600
  public var tolerance: TimeInterval = 10
  public var nearby = 300.0
  public var sceneGap: TimeInterval = 600
  public var burstGap: TimeInterval = 3
  public var minimumScenes = 3
  public var contrast = 3.0
  public var exclusion: TimeInterval = 120
  /// Below this, a difference is the spread of one scene, not a wrong clock.
  public var smallest: TimeInterval = 30

  public init() {}

  /// What a suggestion rests on, for the person to judge it.
  public struct Evidence: Hashable, Sendable {
    /// Seconds to add to the camera's placed times.
    public var shift: Int
    /// The camera's photos that match a reference photo after the shift, and their scenes.
    public var photos: Int
    public var scenes: Int
    /// The camera most of the matching reference photos are of.
    public var reference: String
    /// Shots matched by no shift, and by the best other shift.
    public var unshifted: Int
    public var otherwise: Int
  }

  /// The suggested shift in seconds for `camera`, given the library's placed assets and their
  /// cameras (`Asset.camera`, by position); nil when nothing stands out.
  public func shift(for camera: String, in assets: [Asset], cameras: [String?]) -> Int? {
    evidence(for: camera, in: assets, cameras: cameras)?.shift
  }

  /// The suggestion for `camera` with what it rests on; nil when the evidence is thin.
  public func evidence(for camera: String, in assets: [Asset], cameras: [String?]) -> Evidence? {
    var pairs = Pairs(
      window: window, nearby: nearby, own: [], reference: [], referenceCamera: [])
    var reference: [(instant: Double, coordinate: Coordinate?, camera: String?)] = []
    for (asset, name) in zip(assets, cameras) {
      if name == camera {
        if asset.captureTime.source != .fileModified {
          pairs.own.append((asset.captureTime.instant.timeIntervalSince1970, asset.coordinate))
        }
      } else if Timeline.isZoneEvidence(asset.captureTime) {
        reference.append((asset.captureTime.instant.timeIntervalSince1970, asset.coordinate, name))
      }
    }
    guard !pairs.own.isEmpty, !reference.isEmpty else { return nil }
    pairs.own.sort { $0.instant < $1.instant }
    reference.sort { $0.instant < $1.instant }
    pairs.reference = reference.map { ($0.instant, $0.coordinate) }
    pairs.referenceCamera = reference.map(\.camera)
    var (scene, shot) = (0, 0)
    for index in pairs.own.indices {
      let gap = index > 0 ? pairs.own[index].instant - pairs.own[index - 1].instant : 0
      if gap > sceneGap { scene += 1 }
      if gap > burstGap { shot += 1 }
      pairs.scene.append(scene)
      pairs.shot.append(shot)
    }

    // Each shot counted once per bin of `tolerance` seconds; a candidate is three bins.
    let bins = Int((window / tolerance).rounded(.up))
    var counts = [Int](repeating: 0, count: 2 * bins + 1)
    var lastShot = [Int](repeating: -1, count: counts.count)
    pairs.visit { photo, _, difference in
      let slot = min(max(Int((difference / tolerance).rounded(.down)) + bins, 0), counts.count - 1)
      if lastShot[slot] != pairs.shot[photo] {
        lastShot[slot] = pairs.shot[photo]
        counts[slot] += 1
      }
    }
    func stretch(_ slot: Int) -> Int {
      (max(slot - 1, 0)...min(slot + 1, counts.count - 1)).reduce(0) { $0 + counts[$1] }
    }
    func center(_ slot: Int) -> Double { (Double(slot - bins) + 0.5) * tolerance }
    let peak = counts.indices.filter { abs(center($0)) >= smallest }.max { stretch($0) < stretch($1) }
    guard let peak, stretch(peak) > 0 else { return nil }
    let rival = counts.indices.filter {
      abs(center($0)) >= smallest && abs(center($0) - center(peak)) > exclusion
    }.max { stretch($0) < stretch($1) }

    let found = pairs.matches(in: (center(peak) - 1.5 * tolerance)...(center(peak) + 1.5 * tolerance))
    let unshifted = pairs.matches(in: -smallest...smallest).shots
    let otherwise =
      rival.map { pairs.matches(in: (center($0) - 1.5 * tolerance)...(center($0) + 1.5 * tolerance)).shots }
      ?? 0
    guard found.scenes >= minimumScenes,
      Double(found.shots) >= contrast * Double(max(unshifted, otherwise, 1)),
      let median = found.median, abs(median) >= smallest
    else { return nil }
    return Evidence(
      shift: Int(median.rounded()), photos: found.photos, scenes: found.scenes,
      reference: found.reference ?? "", unshifted: unshifted, otherwise: otherwise)
  }
}

/// The camera's photos against the reference photos within the window: every difference
/// (reference minus photo) is visited, none kept (a million photos give a hundred million).
private struct Pairs {
  var window: TimeInterval
  var nearby: Double
  var own: [(instant: Double, coordinate: Coordinate?)]
  var reference: [(instant: Double, coordinate: Coordinate?)]
  /// The scene and the shot of each of the camera's photos, by position.
  var scene: [Int] = []
  var shot: [Int] = []
  var referenceCamera: [String?]

  /// Calls `body` with the camera's photo, the reference photo and their difference.
  func visit(_ body: (Int, Int, Double) -> Void) {
    let instants = reference.map(\.instant)
    for (index, photo) in own.enumerated() {
      var other = instants.firstIndex(atLeast: photo.instant - window)
      while other < instants.count, instants[other] <= photo.instant + window {
        defer { other += 1 }
        if let a = photo.coordinate, let b = reference[other].coordinate, a.distance(to: b) > nearby {
          continue
        }
        body(index, other, instants[other] - photo.instant)
      }
    }
  }

  /// The photos with a difference in `range`, their scenes, the median of those differences and
  /// the camera most of the matched reference photos are of.
  func matches(in range: ClosedRange<Double>) -> (
    photos: Int, shots: Int, scenes: Int, median: Double?, reference: String?
  ) {
    var photos = Set<Int>()
    var scenes = Set<Int>()
    var shots = Set<Int>()
    var differences: [Double] = []
    var byCamera: [String: Int] = [:]
    visit { photo, other, difference in
      guard range.contains(difference) else { return }
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
