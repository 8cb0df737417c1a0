public import Foundation

/// Puts every asset of a library at its true instant before bursts and moments are made.
///
/// In this order:
/// 1. **Clock corrections** (`ClockCorrection`, `faver clock`): a camera's photos taken while its
///    clock was wrong move by the correction's shift (modification times excepted: they are not
///    the camera's clock). A photo whose offset its GPS stamps gave keeps its instant (the GPS
///    time fixed it; the offset, wall clock minus GPS time, moves with the clock instead, to the
///    nearest quarter hour, and not past ±14 h). A
///    correction named without a serial number applies to every body of that make and model.
/// 2. **Zones for wall-clock-only times.** A time whose file gives no offset (a DSLR, an older
///    phone, a date in a file name) is a wall clock; faver infers the offset it was taken in:
///    - `sameCamera`: the same camera's photos whose offset is known (from the file or its GPS
///      stamps), the nearest in wall-clock time within `reach`: the zone its clock was set to;
///    - else `library`: the offsets the library's cameras were in around then. Each offset seen
///      within `reach` (plus 14 h, the widest zone) is tried: placed with it, the photo falls
///      between two photos of known offset, and the offset counts when one of those two has
///      it, within `reach`; the closest such neighbour wins. A travel day, with the old zone
///      before and the new one after, is settled by which photo of known zone is nearer;
///    - then a camera's photos shot in one run (no more than `runGap` apart on its clock) take
///      the offset most of them got, so one event is never split between two zones;
///    - photos with no evidence within `reach` stay `none`: their wall clock read as UTC, as
///      before.
///    Evidence is what a file says of its own zone: EXIF/XMP/IPTC offsets and GPS stamps. A
///    video's `mvhd` instant, a date in a file name and a modification time are instants or wall
///    clocks without a zone of their own, and are not evidence.
/// 3. **Undated is said, never faked.** A modification time is flagged in `problem`. It is only
///    when the file was copied, and the asset is undated (`CaptureTime.isUndated`, the "Undated"
///    moment at the end) when
///    - files have modification times chained no more than `copyGap` apart, at least
///      `copyMinimum` of them or in more than one folder (a copy or a download wrote them), or
///    - its folder's photos are mostly dated and it is more than `folderReach` outside their
///      span (a photo in `2019/Summer` modified yesterday).
///
/// `placed` gives the assets back in capture order (by the placed instant, the input order for
/// ties); `place` places them where they are.
public struct Timeline: Sendable {
  /// How far evidence may be from a photo and still place it.
  public var reach: TimeInterval = 86_400
  /// A camera's photos no further apart than this on its clock are one run, placed alike.
  public var runGap: TimeInterval = 3600
  /// Modification times chained at most this far apart are one copy…
  public var copyGap: TimeInterval = 2
  /// …when there are at least this many of them (or they are in more than one folder).
  public var copyMinimum = 5
  /// How far outside the span of its folder's dated photos a modification time may be and
  /// still be taken as the capture time.
  public var folderReach: TimeInterval = 86_400

  /// The widest UTC offset there is (+14:00, Kiribati), in seconds.
  static let widestOffset: TimeInterval = 14 * 3600

  public init() {}

  /// Places `assets` where they are, leaving them in the order given (a million assets are not
  /// copied for it).
  public func place(_ assets: inout [Asset], corrections: [ClockCorrection] = []) {
    corrected(&assets, by: corrections)
    inferZones(&assets)
    flagUndated(&assets)
  }

  /// `assets` placed, in capture order (by the placed instant, the order given for ties).
  public func placed(_ assets: [Asset], corrections: [ClockCorrection] = []) -> [Asset] {
    var assets = assets
    place(&assets, corrections: corrections)
    var order = assets.indices.map {
      (instant: assets[$0].captureTime.instant.timeIntervalSince1970, index: $0)
    }
    order.sort { $0 < $1 }
    return order.map { assets[$0.index] }
  }

  // MARK: - Clock corrections

  func corrected(_ assets: inout [Asset], by corrections: [ClockCorrection]) {
    guard !corrections.isEmpty else { return }
    let byCamera = Dictionary(grouping: corrections, by: \.camera)
    var names = CameraNames()
    for index in assets.indices where assets[index].captureTime.source != .fileModified {
      guard let camera = names.camera(of: assets[index]),
        let candidates = byCamera[camera] ?? assets[index].cameraModel.flatMap({ byCamera[$0] })
      else { continue }
      let wall = assets[index].captureTime.fileWallClock
      guard let correction = candidates.last(where: { $0.covers(wallClock: wall) }) else { continue }
      let change = correction.shift - assets[index].captureTime.clockShift
      if assets[index].captureTime.offsetSource == .gpsTime, let offset = assets[index].captureTime.utcOffset
      {
        // The GPS stamps fixed the instant already; the zone they gave moves with the clock.
        assets[index].captureTime.utcOffset = Self.zone(movedFrom: offset, by: change)
      } else {
        assets[index].captureTime.instant += TimeInterval(change)
      }
      assets[index].captureTime.clockShift = correction.shift
    }
  }

  /// A zone `offset` moved by a clock's `change`: to the nearest quarter hour, as zones are (a
  /// shift of −2h30m30s moves +11:00 to +08:30, not +08:29:30); unmoved when that passes the
  /// widest zones, where the GPS time says the shift cannot be right for this photo.
  static func zone(movedFrom offset: Int, by change: Int) -> Int {
    let quarters = (Double(offset + change) / 900).rounded()
    guard abs(quarters * 900) <= widestOffset else { return offset }
    return Int(quarters) * 900
  }

  // MARK: - Zones

  /// Whether a time tells the zone its camera was in: an offset from the file or its GPS stamps, on
  /// a date the camera wrote (not a video's `mvhd`, a file name or a modification time).
  public static func isZoneEvidence(_ time: CaptureTime) -> Bool {
    guard time.utcOffset != nil, time.offsetSource == .file || time.offsetSource == .gpsTime else {
      return false
    }
    switch time.source {
    case .fileModified, .fileName, .quickTime: return false
    default: return true
    }
  }

  /// Whether a time is a wall clock waiting for a zone.
  static func needsZone(_ time: CaptureTime) -> Bool {
    time.utcOffset == nil && time.source != .fileModified && time.inferredOffset == nil
  }

  func inferZones(_ assets: inout [Asset]) {
    let waiting = assets.indices.filter { Self.needsZone(assets[$0].captureTime) }
    guard !waiting.isEmpty else { return }
    var names = CameraNames()
    let cameras = waiting.map { names.camera(of: assets[$0]) }
    let evidence = Evidence(assets, cameras: Set(cameras.compactMap { $0 }), names: &names)
    guard !evidence.isEmpty else { return }
    // By position in `waiting`.
    let walls = waiting.map { assets[$0].captureTime.instant.timeIntervalSince1970 }
    var found = [(offset: Int, source: OffsetSource)?](repeating: nil, count: waiting.count)
    for slot in waiting.indices {
      if let camera = cameras[slot],
        let offset = evidence.cameraOffset(camera, wall: walls[slot], reach: reach)
      {
        found[slot] = (offset, .sameCamera)
      } else if let offset = evidence.libraryOffset(wall: walls[slot], reach: reach) {
        found[slot] = (offset, .library)
      }
    }
    // Runs of one camera take the offset most of their photos got.
    var byCamera: [String: [Int]] = [:]
    for slot in waiting.indices {
      guard let camera = cameras[slot] else { continue }
      byCamera[camera, default: []].append(slot)
    }
    for (_, members) in byCamera where members.count > 1 {
      let sorted = members.sorted { walls[$0] != walls[$1] ? walls[$0] < walls[$1] : $0 < $1 }
      var start = 0
      for end in 1...sorted.count {
        guard end == sorted.count || walls[sorted[end]] - walls[sorted[end - 1]] > runGap else { continue }
        let run = sorted[start..<end]
        start = end
        var votes: [Int: (count: Int, source: OffsetSource)] = [:]
        for slot in run {
          guard let (offset, source) = found[slot] else { continue }
          let vote = votes[offset, default: (0, source)]
          votes[offset] = (vote.count + 1, vote.source == .sameCamera ? .sameCamera : source)
        }
        guard
          let winner = votes.max(by: {
            $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key
          })
        else { continue }
        for slot in run where found[slot]?.offset != winner.key {
          found[slot] = (winner.key, winner.value.source)
        }
      }
    }
    for (slot, index) in waiting.enumerated() {
      guard let placement = found[slot] else { continue }
      assets[index].captureTime.instant -= TimeInterval(placement.offset)
      assets[index].captureTime.inferredOffset = placement.offset
      assets[index].captureTime.offsetSource = placement.source
    }
  }

  /// `Asset.camera`, worked out once per make, model and serial: a library has a few cameras and
  /// a million photos.
  struct CameraNames {
    private struct Key: Hashable {
      var make: String?
      var model: String?
      var serial: String?
    }
    private var names: [Key: String?] = [:]
    /// The last camera asked for: photos in a row are often from one camera.
    private var last: (key: Key, name: String?)?

    mutating func camera(of asset: Asset) -> String? {
      let key = Key(make: asset.make, model: asset.model, serial: asset.serial)
      if let last, last.key == key { return last.name }
      let name = names[key] ?? asset.camera
      names[key] = name
      last = (key, name)
      return name
    }
  }

  /// The library's photos whose zone is known, in instant order, and the wall-clock order of each
  /// camera's that a wall-clock-only photo was taken with too (`cameras`).
  struct Evidence {
    var instants: [Double] = []
    var offsets: [Int] = []
    /// Per camera: wall clocks (ascending) and their offsets.
    var cameras: [String: (walls: [Double], offsets: [Int])] = [:]
    /// Where the offset changes along `instants`: the start of each run of one offset.
    var runStarts: [Int] = []
    /// The instants of each offset, ascending.
    var byOffset: [Int: [Double]] = [:]

    init(_ assets: [Asset], cameras wanted: Set<String> = [], names: inout CameraNames) {
      var known: [(instant: Double, offset: Int)] = []
      var perCamera: [String: [(wall: Double, offset: Int)]] = [:]
      for asset in assets where Timeline.isZoneEvidence(asset.captureTime) {
        let instant = asset.captureTime.instant.timeIntervalSince1970
        let offset = asset.captureTime.utcOffset ?? 0
        known.append((instant, offset))
        guard !wanted.isEmpty, let camera = names.camera(of: asset), wanted.contains(camera) else { continue }
        perCamera[camera, default: []].append((instant + Double(offset), offset))
      }
      known.sort { $0.instant < $1.instant }
      instants = known.map(\.instant)
      offsets = known.map(\.offset)
      for (index, offset) in offsets.enumerated() where index == 0 || offsets[index - 1] != offset {
        runStarts.append(index)
      }
      for (instant, offset) in zip(instants, offsets) { byOffset[offset, default: []].append(instant) }
      for (camera, items) in perCamera {
        let sorted = items.sorted { $0.wall < $1.wall }
        cameras[camera] = (sorted.map(\.wall), sorted.map(\.offset))
      }
    }

    var isEmpty: Bool { instants.isEmpty }

    /// The offset of `camera`'s own photo of known zone nearest in wall-clock time, within `reach`.
    func cameraOffset(_ camera: String, wall: Double, reach: Double) -> Int? {
      guard let own = cameras[camera] else { return nil }
      let after = own.walls.firstIndex(atLeast: wall)
      var best: (distance: Double, offset: Int)?
      for index in [after - 1, after] where own.walls.indices.contains(index) {
        let distance = abs(own.walls[index] - wall)
        if distance <= reach, distance < (best?.distance ?? .infinity) {
          best = (distance, own.offsets[index])
        }
      }
      return best?.offset
    }

    /// The offset that puts a wall clock `wall` next to a photo of the same offset, nearest first
    /// (see `Timeline`).
    func libraryOffset(wall: Double, reach: Double) -> Int? {
      let low = wall - Timeline.widestOffset - reach
      let high = wall + Timeline.widestOffset + reach
      // The runs of one offset that overlap [low, high] give the candidates.
      var candidates: [Int] = []
      var run = max(0, runStarts.lastIndex(atMost: instants.firstIndex(atLeast: low)) ?? 0)
      while run < runStarts.count, instants[runStarts[run]] <= high {
        if !candidates.contains(offsets[runStarts[run]]) { candidates.append(offsets[runStarts[run]]) }
        run += 1
      }
      var best: (distance: Double, offset: Int)?
      for offset in candidates {
        let instant = wall - Double(offset)
        guard let same = byOffset[offset] else { continue }
        let after = same.firstIndex(atLeast: instant)
        for index in [after - 1, after] where same.indices.contains(index) {
          let distance = abs(same[index] - instant)
          guard distance <= reach else { continue }
          if best == nil || distance < best!.distance || (distance == best!.distance && offset < best!.offset)
          {
            best = (distance, offset)
          }
        }
      }
      return best?.offset
    }
  }

  // MARK: - Undated

  func flagUndated(_ assets: inout [Asset]) {
    let modified = assets.indices.filter { assets[$0].captureTime.source == .fileModified }
      .sorted { assets[$0].captureTime.instant < assets[$1].captureTime.instant }
    guard !modified.isEmpty else { return }
    func folder(_ asset: Asset) -> Folder {
      // By its bytes: a search by Character costs a grapheme break check per letter.
      Folder(
        root: asset.root,
        path: asset.path[..<(asset.path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? asset.path.startIndex)])
    }
    // How many undated files each of their folders holds, and the span of its dated photos and how
    // many (only the folders of modification times are looked at: no key is built for the rest).
    var undatedCount: [Folder: Int] = [:]
    for index in modified { undatedCount[folder(assets[index]), default: 0] += 1 }
    var spans: [Folder: (range: ClosedRange<Double>, count: Int)] = [:]
    for index in assets.indices where assets[index].captureTime.source != .fileModified {
      let key = folder(assets[index])
      guard undatedCount[key] != nil else { continue }
      let instant = assets[index].captureTime.instant.timeIntervalSince1970
      spans[key] =
        spans[key].map {
          (min($0.range.lowerBound, instant)...max($0.range.upperBound, instant), $0.count + 1)
        }
        ?? (instant...instant, 1)
    }
    var start = 0
    for end in 0...modified.count {
      guard end > 0 else { continue }
      let closes =
        end == modified.count
        || assets[modified[end]].captureTime.instant.timeIntervalSince(
          assets[modified[end - 1]].captureTime.instant)
          > copyGap
      guard closes else { continue }
      let chain = modified[start..<end]
      start = end
      let isCopy = chain.count >= copyMinimum || Set(chain.map { folder(assets[$0]) }).count > 1
      for index in chain {
        let instant = assets[index].captureTime.instant.timeIntervalSince1970
        // Far from its folder's dated photos, which are most of the folder (a Downloads folder of
        // screenshots and three old photos says nothing).
        let key = folder(assets[index])
        let isStray = spans[key].map {
          $0.count > undatedCount[key, default: 0]
            && (instant < $0.range.lowerBound - folderReach || instant > $0.range.upperBound + folderReach)
        }
        let reason: String
        if isCopy {
          reason =
            "no capture date in the file, and its modification time is when it was copied, with "
            + "\(chain.count - 1) other files within seconds: undated"
        } else if isStray == true {
          reason =
            "no capture date in the file, and its modification time is far from every dated photo of its "
            + "folder: undated"
        } else {
          reason = "no capture date in the file: placed at its modification time"
        }
        if isCopy || isStray == true { assets[index].captureTime.isUndated = true }
        if let problem = assets[index].problem {
          // A reader's problem (corrupt EXIF…) already says the time is the modification time.
          if assets[index].captureTime.isUndated { assets[index].problem = problem + "; undated" }
        } else {
          assets[index].problem = reason
        }
      }
    }
  }
}

/// A folder: its root and its path below the root (a slice, so looking one up builds no string).
struct Folder: Hashable {
  var root: String
  var path: Substring
}

extension [Double] {
  /// The first position whose value is at least `value` (`count` when none is), in ascending order.
  func firstIndex(atLeast value: Double) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension [Int] {
  /// The last position whose value is at most `value`, in ascending order; nil when none is.
  func lastIndex(atMost value: Int) -> Int? {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
  }
}
