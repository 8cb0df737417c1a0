import Foundation
import SeededRandom

@testable import FaverCore

/// A seeded travelling library with its truth, for `Timeline`'s property test (a smaller cousin of
/// moment-eval's zone scenarios).
///
/// 60 days at home (+01:00) but for a trip from day 20 to day 30 to −05:00, +09:00 or +05:30, with
/// a 12 h flight on each travel day: an event before it in the old zone, one after landing (by
/// day) in the new one. Days have 0…2 events at home, 1…3 on the trip, starting 09:00…19:00 local.
/// A phone records the offset; about 15 % of shots come from a DSLR or an older phone that record
/// the wall clock only, set to the local time. Ids are numbered in true capture order.
struct ZoneLibrary {
  var assets: [Asset] = []
  /// The true instant of each asset (seconds since 1970).
  var truth: [AssetID: Double] = [:]
  /// The true instants of the photos that record their offset, ascending.
  var recorded: [Double] = []

  private static let cameras = [
    ("Apple", "iPhone 15"), ("Canon", "Canon EOS 5D Mark IV"), ("Samsung", "GT-I9300"),
  ]

  init(using random: inout SeededGenerator) {
    let home = 3600
    let away = [-5 * 3600, 9 * 3600, 19_800].randomElement(using: &random) ?? 0
    let base = epoch.timeIntervalSince1970
    var shots: [(instant: Double, camera: Int, zone: Int)] = []
    func event(at start: Double, zone: Int, shots count: Int, random: inout SeededGenerator) {
      var time = start
      for _ in 0..<count {
        time += -180 * log(1 - .random(in: 0..<1, using: &random))
        let wallClock = Double.random(in: 0..<1, using: &random) < 0.15
        shots.append((time, wallClock ? Int.random(in: 1...2, using: &random) : 0, zone))
      }
    }
    for day in 0..<60 {
      let zone = (20..<30).contains(day) ? away : home
      if day == 20 || day == 30 {
        let from = day == 20 ? home : away
        let departure = base + Double(day) * 86400 - Double(from) + 11 * 3600
        event(at: departure - 2 * 3600, zone: from, shots: 8, random: &random)
        let landing = departure + 12 * 3600
        let local = (landing + Double(zone)).truncatingRemainder(dividingBy: 86400) / 3600
        if (7...20).contains(local) { event(at: landing + 3600, zone: zone, shots: 8, random: &random) }
        continue
      }
      let count = zone == home ? Int.random(in: 0...2, using: &random) : Int.random(in: 1...3, using: &random)
      for slot in [9.0, 13, 17].shuffled(using: &random).prefix(count) {
        let start =
          base + Double(day) * 86400 - Double(zone) + (slot + .random(in: 0...2, using: &random)) * 3600
        event(at: start, zone: zone, shots: Int.random(in: 3...25, using: &random), random: &random)
      }
    }
    shots.sort { $0.instant < $1.instant }
    for (index, shot) in shots.enumerated() {
      let (make, model) = Self.cameras[shot.camera]
      var asset = Asset.fixture(index, at: 0, make: make, model: model)
      asset.captureTime =
        shot.camera == 0
        ? CaptureTime(
          instant: Date(timeIntervalSince1970: shot.instant), utcOffset: shot.zone, source: .exifOriginal,
          hasSubseconds: true)
        : CaptureTime(
          instant: Date(timeIntervalSince1970: shot.instant + Double(shot.zone)), utcOffset: nil,
          source: .exifOriginal, hasSubseconds: true)
      assets.append(asset)
      truth[asset.id] = shot.instant
      if shot.camera == 0 { recorded.append(shot.instant) }
    }
  }

  /// Whether a photo that records its offset was taken within a day of `instant`.
  func hasEvidence(_ instant: Double) -> Bool {
    let after = recorded.firstIndex { $0 >= instant } ?? recorded.count
    return [after - 1, after].contains {
      recorded.indices.contains($0) && abs(recorded[$0] - instant) <= 86400
    }
  }
}
