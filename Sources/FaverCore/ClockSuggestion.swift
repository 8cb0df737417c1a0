public import Foundation

/// A shift to suggest for a camera whose clock is off by a constant, only where the evidence
/// says so: a wrong suggestion breaks a timeline that was right, so a missed one costs less.
///
/// The reference is the photos whose instant is known from their own file (an offset or GPS
/// stamps: phones, whose clocks the network keeps right), of every other camera. The common
/// mistakes are whole hours and zones (a DSLR not moved to summer time, or not set to a trip's
/// zone), so the rule first asks where the camera's runs sit (see `RunMap`: a run is its photos
/// no more than `sceneGap` apart, an event its runs no more than `eventGap` apart; a run fits
/// when it lies inside, or within `margin` of, a session of the reference photos):
/// 1. Every quarter hour (`step`) within `window` either way is tried. The shift where the most
///    runs fit (the middle of the quarter hours where that many do) is the camera's quarter hour
///    when its runs number `minimumRuns` at `minimumEvents` events and at least `runContrast`
///    times as many as fit with no shift and at the best other shift more than `runExclusion`
///    away. No shift is the camera's quarter hour the same way, against every shift more than
///    `runExclusion` away.
/// 2. Coincident shots then refine it to the second, within its quarter hour (half a `step`
///    either way; see `shots(_:within:)`): a photo matches a shift when, moved by it, it lands
///    within `tolerance` of a reference photo (within `nearby` meters when both have GPS). The
///    shots must come from `minimumScenes` runs and outnumber `contrast` times those of no shift
///    and of any other shift more than `exclusion` away, and the shift be `smallest` or more.
///    Without them a quarter hour other than none is suggested as it is; none suggests nothing.
/// 3. With no quarter hour (runs too few, or every hour fits as well as another), coincident
///    shots alone may decide, the same way, over the whole `window`.
///
/// A clock never set shows the date it counts from (most of its photos before `setSince`); the
/// runs are then tried at every shift (not quarter hours), and the span where the most fit is
/// suggested, by its middle, when that span is at most a `step` wide and passes step 1's counts
/// against every shift more than `runExclusion` away; its claim reaches, as step 1's, the farthest
/// minute either way that fits within chance of it (at least a half hour wide, at most `widest`
/// either way); the suggestion adds the zone of the sessions it fits, since the camera's photos
/// have none.
public struct ClockSuggestion: Sendable {
  /// The largest clock error looked for, either way (but for a clock never set).
  public var window: TimeInterval = 14 * 3600
  /// Clock errors are whole quarter hours (zones and summer time) but for drift.
  public var step: TimeInterval = 900
  public var sceneGap: TimeInterval = 600
  public var eventGap: TimeInterval = 3 * 3600
  public var sessionGap: TimeInterval = 1800
  public var margin: TimeInterval = 600
  public var minimumRuns = 4
  public var minimumEvents = 3
  public var runContrast = 2.0
  public var runExclusion: TimeInterval = 3600
  /// How close to the best quarter hour the quarter hours next to it must come to widen the
  /// precision claimed.
  public var roundness = 0.2
  /// The widest precision a suggestion from runs alone may claim.
  public var widest: TimeInterval = 3600
  public var tolerance: TimeInterval = 10
  public var nearby = 300.0
  public var burstGap: TimeInterval = 3
  public var minimumScenes = 3
  public var contrast = 3.0
  public var exclusion: TimeInterval = 120
  /// Below this, a difference is the spread of one scene, not a wrong clock.
  public var smallest: TimeInterval = 30
  /// A clock showing earlier dates was never set (2001-01-01: digital cameras count from 2000,
  /// 1980 or 1970 when their battery is new).
  public var setSince = Date(timeIntervalSince1970: 978_307_200)
  /// The most run–session pairs a clock never set is tried against.
  public var largestSearch = 4_000_000

  public init() {}

  /// What a suggestion rests on, for the person to judge it.
  public struct Evidence: Hashable, Sendable {
    /// Seconds to add to the camera's clock.
    public var shift: Int
    /// 1 when coincident shots fixed it to the second; `step` (900) when it is the quarter hour
    /// its runs fit; wider when the shifts near it fit as well within chance. The error is within
    /// half of it either way.
    public var precision: Int
    /// The camera most of the matched reference photos are of.
    public var reference: String
    /// The camera's runs that fit after the shift, their events, and the runs that fit with no
    /// shift and at the best other shift; all 0 when coincident shots alone decided.
    public var runs = 0
    public var events = 0
    public var unshifted = 0
    public var otherwise = 0
    /// The coincident shots that agree on the shift to the second, their runs, and the shots no
    /// shift and the best other shift match; all 0 when the quarter hour stands alone.
    public var shots = 0
    public var scenes = 0
    public var shotsUnshifted = 0
    public var shotsOtherwise = 0
    /// Whether the camera's clock was never set (see `neverSet(_:)`).
    public var neverSet = false
  }

  /// The suggested shift in seconds for `camera`, given the library's placed assets and their
  /// cameras (`Asset.camera`, by position); nil when nothing stands out.
  public func shift(for camera: String, in assets: [Asset], cameras: [String?]) -> Int? {
    evidence(for: camera, in: assets, cameras: cameras)?.shift
  }

  /// Whether a camera whose photos have these times counts from a default date: most of them
  /// (their wall clocks, corrections included) before `setSince`.
  public func neverSet(_ times: some Sequence<CaptureTime>) -> Bool {
    var (before, all) = (0, 0)
    for time in times where time.source != .fileModified {
      all += 1
      if time.instant.timeIntervalSince1970 + Double(time.placingOffset) < setSince.timeIntervalSince1970 {
        before += 1
      }
    }
    return before * 2 > all
  }

  /// The suggestion for `camera` with what it rests on; nil when the evidence is thin.
  public func evidence(for camera: String, in assets: [Asset], cameras: [String?]) -> Evidence? {
    var own: [(instant: Double, coordinate: Coordinate?, offset: Int)] = []
    var reference: [(instant: Double, coordinate: Coordinate?, camera: String?, offset: Int)] = []
    for (asset, name) in zip(assets, cameras) {
      let time = asset.captureTime
      if name == camera {
        if time.source != .fileModified {
          own.append((time.instant.timeIntervalSince1970, asset.coordinate, time.placingOffset))
        }
      } else if Timeline.isZoneEvidence(time) {
        reference.append((time.instant.timeIntervalSince1970, asset.coordinate, name, time.utcOffset ?? 0))
      }
    }
    guard !own.isEmpty, !reference.isEmpty else { return nil }
    own.sort { $0.instant < $1.instant }
    reference.sort { $0.instant < $1.instant }
    var pairs = Pairs(
      nearby: nearby, own: own.map { ($0.instant, $0.coordinate) },
      reference: reference.map { ($0.instant, $0.coordinate) }, referenceCamera: reference.map(\.camera))
    var (scene, shot) = (0, 0)
    for index in own.indices {
      let gap = index > 0 ? own[index].instant - own[index - 1].instant : 0
      if gap > sceneGap { scene += 1 }
      if gap > burstGap { shot += 1 }
      pairs.scene.append(scene)
      pairs.shot.append(shot)
    }
    let map = RunMap(
      own: own.map(\.instant), reference: reference.map { ($0.instant, $0.camera, $0.offset) }, rule: self)
    if neverSet(own: own) { return neverSetEvidence(map, pairs, ownOffsets: own.map(\.offset)) }

    let quarters = Int((window / step).rounded(.down))
    let counts = (-quarters...quarters).map { map.count(at: Double($0) * step) }
    func runs(_ quarter: Int) -> Int { counts[quarter + quarters].runs }
    let unshifted = runs(0)
    // The quarter hour where the most fit over its width, and those next to it as good (below):
    // of them a whole hour, else a half hour (clock mistakes are zones), else the middle one; the
    // precision claimed is as wide as they are.
    let spreads = (-quarters...quarters).map { $0 == 0 ? -1 : map.spread(at: Double($0) * step, width: step) }
    let most = spreads.max() ?? 0
    let top = (-quarters...quarters).first { spreads[$0 + quarters] == most } ?? 0
    func near(_ quarter: Int) -> Bool {
      abs(quarter) <= quarters && Double(spreads[quarter + quarters]) >= Double(most) - slack(most)
    }
    var (low, high) = (top, top)
    while near(low - 1) { low -= 1 }
    while near(high + 1) { high += 1 }
    let whole = (low...high).filter { $0 != 0 && Int(Double($0) * step) % 3600 == 0 }
    let halves = (low...high).filter { $0 != 0 && Int(Double($0) * step) % 1800 == 0 }
    let middle = whole.count == 1 ? whole[0] : halves.count == 1 ? halves[0] : (low + high) / 2
    // As wide as the claim, and reaching its farthest quarter hour either way from the one taken.
    let width = max(Double(high - low + 1), Double(2 * max(middle - low, high - middle))) * step
    func best(apartFrom quarter: Int) -> Int {
      (-quarters...quarters).filter { $0 != 0 && abs(Double($0 - quarter) * step) > runExclusion }.map(runs)
        .max()
        ?? 0
    }
    let rival = best(apartFrom: middle)
    let otherwiseThanNone = best(apartFrom: 0)
    func clear(_ count: (runs: Int, events: Int), over others: Int) -> Bool {
      count.runs >= minimumRuns && count.events >= minimumEvents
        && Double(count.runs) >= runContrast * Double(max(others, 1))
    }
    let half = step / 2
    if middle != 0, width <= widest, clear(counts[middle + quarters], over: max(unshifted, rival)) {
      let shift = Double(middle) * step
      let fit = map.fitting(at: shift)
      var evidence = Evidence(
        shift: Int(shift), precision: Int(width),
        reference: Self.majority(fit.map { map.sessions[$0.session].camera }),
        runs: runs(middle), events: counts[middle + quarters].events, unshifted: unshifted, otherwise: rival)
      if let found = shots(pairs, within: (shift - half)...(shift + half)) { evidence.refine(found) }
      return evidence
    }
    if clear(counts[quarters], over: otherwiseThanNone) {
      guard let found = shots(pairs, within: -half...half) else { return nil }
      var evidence = Evidence(
        shift: 0, precision: 1, reference: "", runs: unshifted, events: counts[quarters].events,
        unshifted: unshifted, otherwise: otherwiseThanNone)
      evidence.refine(found)
      return evidence
    }
    guard let found = shots(pairs, within: -window...window) else { return nil }
    var evidence = Evidence(shift: 0, precision: 1, reference: "")
    evidence.refine(found)
    return evidence
  }

  /// How far below the best spread `most` a spread may be and still not be told apart from it:
  /// within `roundness` of it, or within chance of it (the runs that fit counted as Poisson, a
  /// spread over `samples` minutes is one standard deviation, sqrt(samples × most), off).
  private func slack(_ most: Int) -> Double {
    let samples = Double(RunMap.samples(width: step))
    return max(roundness * Double(most), (samples * Double(max(most, 0))).squareRoot())
  }

  /// The suggestion for a clock never set: its runs tried at every shift.
  private func neverSetEvidence(_ map: RunMap, _ pairs: Pairs, ownOffsets: [Int]) -> Evidence? {
    guard map.runs.count * map.sessions.count <= largestSearch else { return nil }
    let reach = 300 * 365 * 86_400.0
    let found = map.widest(in: -reach...reach, apart: runExclusion)
    guard let low = found.best.first?.lowerBound, let high = found.best.last?.upperBound, high - low <= step
    else { return nil }
    // The minute within half an hour of it where the most fit over a quarter hour.
    let center = ((low + high) / 2 / 60).rounded() * 60
    let minutes = (-30...30).map { center + Double($0) * 60 }
    let spreads = minutes.map { map.spread(at: $0, width: step) }
    let most = spreads.max() ?? 0
    let tied = minutes.indices.filter { spreads[$0] == most }
    let middle = minutes[((tied.first ?? 30) + (tied.last ?? 30)) / 2]
    let count = map.count(at: middle)
    guard count.runs >= minimumRuns, count.events >= minimumEvents,
      Double(count.runs) >= runContrast * Double(max(found.otherwise, 1))
    else { return nil }
    // The claim, as for a clock that was set: the minutes whose spread is within chance of the
    // best, reaching the farthest of them either way (up to `widest`), at least a half hour.
    let floor = Double(most) - slack(most)
    func near(_ minute: Double) -> Bool {
      abs(minute - middle) <= widest && Double(map.spread(at: minute, width: step)) >= floor
    }
    var (first, last) = (middle, middle)
    while near(first - 60) { first -= 60 }
    while near(last + 60) { last += 60 }
    let width = max(2 * step, 2 * max(middle - first, last - middle) + step)
    let fit = map.fitting(at: middle)
    // The camera's photos had no zone; moved, they take the zone most of the other cameras'
    // sessions over the camera's span are in (home, where a clock is set, outlasts a trip). A
    // clock is right in one zone only: none when no zone has more than half of them.
    let span = ((map.runs.first?.start ?? 0) + middle)...((map.runs.last?.end ?? 0) + middle)
    var byZone: [Int: Int] = [:]
    for session in map.sessions where span.contains(session.start) { byZone[session.offset, default: 0] += 1 }
    guard let home = byZone.max(by: { $0.value < $1.value }), home.value * 2 > byZone.values.reduce(0, +)
    else { return nil }
    let offsets = ownOffsets.sorted()
    let zone = home.key - offsets[offsets.count / 2]
    var evidence = Evidence(
      shift: Int(middle), precision: Int(width),
      reference: Self.majority(fit.map { map.sessions[$0.session].camera }),
      runs: count.runs, events: count.events, unshifted: 0, otherwise: found.otherwise, neverSet: true)
    if let shots = shots(pairs, within: (middle - step / 2)...(middle + step / 2)) { evidence.refine(shots) }
    evidence.shift += zone
    return evidence
  }

  /// Whether most of the camera's photos (instants and placing offsets) show a date before
  /// `setSince`.
  private func neverSet(own: [(instant: Double, coordinate: Coordinate?, offset: Int)]) -> Bool {
    own.filter { $0.instant + Double($0.offset) < setSince.timeIntervalSince1970 }.count * 2 > own.count
  }

  /// The name most of `names` are; "" when none.
  private static func majority(_ names: [String?]) -> String {
    var byName: [String: Int] = [:]
    for name in names { if let name { byName[name, default: 0] += 1 } }
    return byName.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? ""
  }
}

extension ClockSuggestion.Evidence {
  /// Takes the shift coincident shots agree on, to the second.
  mutating func refine(_ found: ClockSuggestion.Shots) {
    shift = Int(found.shift.rounded())
    precision = 1
    if let name = found.reference, reference.isEmpty { reference = name }
    shots = found.shots
    scenes = found.scenes
    shotsUnshifted = found.unshifted
    shotsOtherwise = found.otherwise
  }
}
