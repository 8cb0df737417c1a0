public import Foundation

/// Zones inferred for wall-clock-only times, from the photos around them whose zone is known.
extension Timeline {
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
}
