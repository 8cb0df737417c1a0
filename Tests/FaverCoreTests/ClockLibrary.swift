import Foundation
import SeededRandom

@testable import FaverCore

/// A seeded library of events with its truth, for `ClockSuggestion`: two phones that record their
/// zone and two DSLRs with wall clocks only, placed by the zone the phones were in (as `Timeline`
/// places them), one of them with a clock error.
///
/// 160 days from 2024-03-01 at home (+01:00, +02:00 from day 30), with a trip from day 90 to day
/// 101 to −05:00, +09:00 or +05:30. An event starts 08:00…20:00 local on a third of the days at
/// home and most days away; it lasts 1…3 h, or 4…9 h one time in four. Each phone comes to an
/// event with probability 0.7 and takes 2…10 shots at random through it (now and then a burst);
/// the Canon comes with probability 0.55 and the Nikon 0.35 (to none of the trip, but to a trip of
/// its own in +09:00 from day 40 to 46 where no phone is, its clock set there, so the library
/// places it in the phones' home zone). A DSLR at an event shoots 1…4 runs of 1…12 frames, and
/// catches a phone's shot within 5 s with probability `together` per phone shot.
///
/// A clock error is the wall clock minus the local time: the suggestion that puts it right is its
/// negation (`truth`). A clock never set counts from 2000-01-01 00:00 at the camera's first photo;
/// it is put right for the zone of most days, +02:00.
struct ClockLibrary {
  enum Error: Hashable, Sendable, CustomStringConvertible {
    case ahead(Int)
    case neverSet

    var description: String {
      switch self {
      case .ahead(let seconds): "\(seconds >= 0 ? "+" : "")\(seconds) s"
      case .neverSet: "never set"
      }
    }
  }

  static let canon = "Canon EOS 80D"
  static let nikon = "NIKON D750"

  var assets: [Asset] = []
  /// The shift that puts each DSLR's clock right (0 for a right clock).
  var truth: [String: Int] = [:]

  init(seed: UInt64, together: Double, errors: [String: Error] = [:]) {
    var random = SeededGenerator(seed: seed)
    let start = 1_709_251_200.0  // 2024-03-01T00:00:00Z
    let away = [-5 * 3600, 9 * 3600, 19_800].randomElement(using: &random) ?? 0
    // Local wall clocks (seconds read as UTC) and zones, of every shot.
    var shots: [(wall: Double, zone: Int, camera: Int)] = []
    for day in 0..<160 {
      let trip = (90...101).contains(day)
      let zone = trip ? away : day < 30 ? 3600 : 7200
      if (40...46).contains(day) {
        let first = start + Double(day) * 86_400 + .random(in: 9...12, using: &random) * 3600
        for run in 0..<Int.random(in: 1...4, using: &random) {
          var wall = first + Double(run) * .random(in: 1800...7200, using: &random)
          for _ in 0..<Int.random(in: 1...12, using: &random) {
            shots.append((wall, 9 * 3600, 3))
            wall += .random(in: 2...60, using: &random)
          }
        }
      }
      guard Double.random(in: 0..<1, using: &random) < (trip ? 0.8 : 0.33) else { continue }
      let begin = start + Double(day) * 86_400 + .random(in: 8...20, using: &random) * 3600
      let length =
        Int.random(in: 0..<4, using: &random) == 0
        ? Double.random(in: 4...9, using: &random) * 3600 : .random(in: 1...3, using: &random) * 3600
      var phoneShots: [Double] = []
      for phone in 0..<2 where Double.random(in: 0..<1, using: &random) < 0.7 {
        for _ in 0..<Int.random(in: 2...10, using: &random) {
          let wall = begin + .random(in: 0...length, using: &random)
          phoneShots.append(wall)
          let frames = Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 2...6, using: &random) : 1
          for frame in 0..<frames { shots.append((wall + Double(frame) * 0.5, zone, phone)) }
        }
      }
      for (camera, chance) in [(2, 0.55), (3, trip ? 0 : 0.35)]
      where Double.random(in: 0..<1, using: &random) < chance {
        for phoneShot in phoneShots where Double.random(in: 0..<1, using: &random) < together {
          shots.append((phoneShot + .random(in: -5...5, using: &random), zone, camera))
        }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          var wall = begin + .random(in: 0...length, using: &random)
          for _ in 0..<Int.random(in: 1...12, using: &random) {
            shots.append((wall, zone, camera))
            wall += .random(in: 2...60, using: &random)
          }
        }
      }
    }
    shots.sort { $0.wall - Double($0.zone) < $1.wall - Double($1.zone) }
    let cameras = [
      ("Apple", "iPhone 15"), ("Google", "Pixel 8"), ("Canon", Self.canon), ("NIKON CORPORATION", Self.nikon),
    ]
    var firstInstant: [Int: Double] = [:]
    for (index, shot) in shots.enumerated() {
      let (make, model) = cameras[shot.camera]
      var asset = Asset.fixture(index, at: 0, make: make, model: model)
      if shot.camera < 2 {
        asset.captureTime = CaptureTime(
          instant: Date(timeIntervalSince1970: shot.wall - Double(shot.zone)), utcOffset: shot.zone,
          source: .exifOriginal, hasSubseconds: true, offsetSource: .file)
        assets.append(asset)
        continue
      }
      // Placed in the zone the phones were in: the trip's or home's (also on the Nikon's own trip).
      let placedZone = shot.camera == 3 && shot.zone == 9 * 3600 ? 7200 : shot.zone
      var time: CaptureTime
      switch errors[model] {
      case .neverSet:
        let instant = shot.wall - Double(shot.zone)
        let first = firstInstant[shot.camera] ?? instant
        firstInstant[shot.camera] = first
        let wall = 946_684_800 + instant - first
        // Put right in the zone of most of the library's days, +02:00.
        truth[model] = Int(first - 946_684_800) + 7200
        time = CaptureTime(
          instant: Date(timeIntervalSince1970: wall), utcOffset: nil, source: .exifOriginal,
          offsetSource: OffsetSource.none)
      case .ahead(let seconds):
        truth[model] = -seconds
        time = CaptureTime(
          instant: Date(timeIntervalSince1970: shot.wall + Double(seconds - placedZone)), utcOffset: nil,
          source: .exifOriginal, offsetSource: .library)
        time.inferredOffset = placedZone
      case nil:
        truth[model] = 0
        time = CaptureTime(
          instant: Date(timeIntervalSince1970: shot.wall - Double(placedZone)), utcOffset: nil,
          source: .exifOriginal, offsetSource: .library)
        time.inferredOffset = placedZone
      }
      asset.captureTime = time
      assets.append(asset)
    }
  }

  /// What the rule suggests for `camera`.
  func suggestion(for camera: String) -> ClockSuggestion.Evidence? {
    ClockSuggestion().evidence(for: camera, in: assets, cameras: assets.map(\.camera))
  }
}
