public import FaverCore
internal import FaverStore
public import Foundation

/// Camera clocks: which cameras the library holds, and corrections for those whose clock was
/// wrong (`faver clock`). A correction lives in the store, never in a file, and moves the
/// camera's photos on the timeline (see `Timeline`).
extension Library {
  /// A camera of the library, as `faver clock` lists it.
  public struct Camera: Hashable, Sendable {
    /// `Asset.camera`: what `--camera` takes.
    public var name: String
    /// Its photos and videos.
    public var photos: Int
    /// The first and last of them, as the camera's clock showed them (`CaptureTime.iso8601`).
    public var first: String
    public var last: String
    /// The shift of its latest correction, in seconds; 0 when its clock was never corrected.
    public var shiftSeconds: Int
    /// Every correction of it, oldest first.
    public var corrections: [ClockCorrection]
    /// The shift to give it (its latest correction included) when its photos sit among other
    /// cameras' a constant time off (see `ClockSuggestion`); nil when nothing stands out.
    public var suggestedShiftSeconds: Int?
    /// What the suggestion rests on (see `ClockSuggestion.Evidence`: its precision, 1 second, a
    /// quarter hour or the wider claim of chance, and its counts); nil without a suggestion.
    public var suggestion: ClockSuggestion.Evidence?
    /// Whether its clock was never set: most of its photos show a date before 2001.
    public var neverSet = false
    /// What the suggestion rests on, as a sentence: "6 runs at 4 events fall inside Apple iPhone
    /// 15's photos after it, none without it, 1 at best after any other shift; no coincident
    /// shots fix it to the second: it holds to the quarter hour"; for a clock never set, that too, and
    /// why nothing is suggested when nothing is; otherwise nil.
    public var evidence: String?
  }

  /// The cameras of the library (assets whose files name a make or model), by name. A
  /// suggestion is computed for cameras whose photos mostly have no offset of their own.
  public func cameras(suggesting: Bool = true) throws -> [Camera] {
    let store = try readableStore
    let corrections = try store.clockCorrections()
    let assets = try placedAssets(store)
    let names = assets.map(\.camera)
    var grouped: [String: [Int]] = [:]
    for (index, name) in names.enumerated() {
      guard let name else { continue }
      grouped[name, default: []].append(index)
    }
    let rule = ClockSuggestion()
    return grouped.keys.sorted().map { name in
      let own = (grouped[name] ?? []).lazy.map { assets[$0] }
      let byWall = own.min { $0.captureTime.fileWallClock < $1.captureTime.fileWallClock }
      let lastByWall = own.max { $0.captureTime.fileWallClock < $1.captureTime.fileWallClock }
      let mine = corrections.filter { $0.camera == name }
      let withOwnZone = own.filter { Timeline.isZoneEvidence($0.captureTime) }.count
      let suggestion =
        suggesting && withOwnZone * 2 < own.count
        ? rule.evidence(for: name, in: assets, cameras: names) : nil
      let neverSet = rule.neverSet(own.map(\.captureTime))
      var sentence = suggestion.map(Self.sentence)
      if neverSet {
        let shown =
          "Its clock was never set (it shows \(byWall?.captureTime.iso8601.prefix(10) ?? "")"
          + " … \(lastByWall?.captureTime.iso8601.prefix(10) ?? ""), before 2001)"
        sentence =
          sentence.map { shown + "; " + $0 }
          ?? (suggesting
            ? shown + "; nothing suggested: no one shift puts \(rule.minimumRuns) of its runs at "
              + "\(rule.minimumEvents) events among other cameras' photos, within a quarter hour, clearly "
              + "more than any other, with one zone for most of the photos around them" : shown)
      }
      return Camera(
        name: name, photos: own.count, first: byWall?.captureTime.iso8601 ?? "",
        last: lastByWall?.captureTime.iso8601 ?? "", shiftSeconds: mine.last?.shift ?? 0, corrections: mine,
        suggestedShiftSeconds: suggestion.map { $0.shift + (mine.last?.shift ?? 0) }, suggestion: suggestion,
        neverSet: neverSet, evidence: sentence)
    }
  }

  /// A suggestion's evidence as a sentence.
  private static func sentence(_ evidence: ClockSuggestion.Evidence) -> String {
    func none(_ count: Int) -> String { count == 0 ? "none" : "\(count)" }
    let reference = evidence.reference.isEmpty ? "other cameras'" : "\(evidence.reference)'s"
    var parts: [String] = []
    if evidence.runs > 0 {
      parts.append(
        "\(evidence.runs.counted("run")) at \(evidence.events.counted("event")) fall inside \(reference) "
          + (evidence.unshifted == evidence.runs && evidence.otherwise < evidence.runs
            ? "photos with no shift, \(evidence.otherwise) at best after any shift over an hour"
            : "photos after it, \(none(evidence.unshifted)) without it, \(evidence.otherwise) at best after "
              + "any other shift"))
    }
    if evidence.shots > 0 {
      parts.append(
        "\(evidence.shots.counted("shot")) of \(evidence.scenes.counted("run")) "
          + (evidence.runs > 0
            ? "within 10 s of its photos fix it to the second"
            : "match \(reference) photos within 10 s after it")
          + " (\(none(evidence.shotsUnshifted)) without it, \(evidence.shotsOtherwise) at best after any other "
          + "shift)")
    } else {
      parts.append("no coincident shots fix it to the second: it holds \(evidence.precisionText)")
    }
    return parts.joined(separator: "; ")
  }

  /// What a clock correction did.
  public struct ClockChange: Hashable, Sendable {
    /// The camera, as the library names it.
    public var camera: String
    /// Its photos and videos the change moves (or, for `clearClock`, put back).
    public var moved: Int
    /// Its photos whose GPS stamps fixed their instant: they stay, and their zone moves instead.
    public var zonesMoved = 0
  }

  /// Shifts `camera`'s photos by `shift` seconds (those whose clock showed a time between `from`
  /// and `to`, read as UTC, when given), replacing a correction over the same span. No file is
  /// touched; the manifest, when there is one, is written again, else a saved queue is brought up
  /// to date (the photos moved leave their moments and join those where they fall now, see
  /// `Library.plan`). `camera` is a name `cameras()` lists (letter case aside);
  /// otherwise `LibraryError.unknownCamera`.
  public func correctClock(camera: String, shift: Int, from: Date? = nil, to: Date? = nil, now: Date = Date())
    throws -> ClockChange
  {
    guard abs(shift) <= ClockCorrection.maximumShift else { throw LibraryError.shiftTooLarge(seconds: shift) }
    let store = try store
    let name = try knownCamera(camera, in: store)
    let correction = ClockCorrection(camera: name, shift: shift, from: from, to: to)
    try store.addClockCorrection(correction)
    let change = try Self.change(of: name, in: store) { correction.covers(wallClock: $0) }
    try placeAgain(now: now)
    return change
  }

  /// Forgets every correction of `camera`: its photos go back to the times their files give.
  public func clearClock(camera: String, now: Date = Date()) throws -> ClockChange {
    let store = try store
    let name = try knownCamera(camera, in: store)
    let before = try store.clockCorrections().filter { $0.camera == name }
    try store.clearClockCorrections(camera: name)
    let change = try Self.change(of: name, in: store) { wall in before.contains { $0.covers(wallClock: wall) }
    }
    try placeAgain(now: now)
    return change
  }

  /// What a correction covering the wall clocks `covers` does to `camera`'s photos: those the GPS
  /// stamps placed keep their instant and move their zone (see `Timeline`), the others move;
  /// modification times are not the camera's clock.
  private static func change(of camera: String, in store: IndexStore, covers: (Double) -> Bool) throws
    -> ClockChange
  {
    var change = ClockChange(camera: camera, moved: 0)
    for asset in QueuePlanner.assets(of: try store.places(ofCameras: [camera]))
    where (asset.camera == camera || asset.cameraModel == camera) && asset.captureTime.source != .fileModified
      && covers(asset.captureTime.fileWallClock)
    {
      if asset.captureTime.offsetSource == .gpsTime { change.zonesMoved += 1 } else { change.moved += 1 }
    }
    return change
  }

  /// The library's name for `camera`: the same name, else the one name equal to it but for
  /// letter case.
  private func knownCamera(_ camera: String, in store: IndexStore) throws -> String {
    var names = try store.cameraNames()
    names.formUnion(try store.clockCorrections().map(\.camera))
    if names.contains(camera) { return camera }
    let folded = names.filter { $0.lowercased() == camera.lowercased() }
    if folded.count == 1, let only = folded.first { return only }
    throw LibraryError.unknownCamera(camera, cameras: names.sorted())
  }

  /// Writes the manifest again, in the mode it was written in, when there is one; else brings the
  /// saved queue up to date, when there is one, so the next reader finds it fresh.
  private func placeAgain(now: Date) throws {
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent(Self.manifestFileName).path) {
      try cluster(now: now)
    } else {
      keepQueueFresh()
    }
  }
}

extension ClockSuggestion.Evidence {
  /// How close to the truth the suggestion claims to be, as people say it: "to the second", "to
  /// the quarter hour", "to within 35 min either way".
  public var precisionText: String {
    switch precision {
    case ...1: "to the second"
    case ...900: "to the quarter hour"
    default: "to within \(Int((Double(precision) / 120).rounded(.up))) min either way"
    }
  }
}
