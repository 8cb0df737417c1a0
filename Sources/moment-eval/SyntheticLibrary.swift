import FaverCore
import Foundation
import SeededRandom

/// How a kind of photo life looks: events, the gaps inside them and between them, and places.
///
/// The event model: a library is a sequence of events that never overlap. Between two events the
/// clock jumps by a log-uniform gap and the place by a uniform distance in a random direction.
/// Inside an event, shots follow one another with exponential gaps (a Poisson process), a few of
/// them replaced by a long pause; a shot is sometimes a burst of 3…8 photos 0.3…1 s apart. A photo
/// has GPS with a fixed chance, at the event's place with ±0.002° of noise (about ±200 m), or,
/// when the photographer walks during the event, along a path at walking speed. One camera, no
/// videos, no clock or time-zone errors, no day/night rhythm.
struct Scenario {
  var name: String
  /// One line for the report: what the scenario stands for.
  var summary: String
  var events: ClosedRange<Int>
  var photosPerEvent: ClosedRange<Int>
  /// Mean gap between shots inside an event, seconds (exponential).
  var meanGapInEvent: Double
  /// Chance that a gap inside an event is a long pause instead, and how long (uniform, seconds).
  var pauseChance: Double
  var pause: ClosedRange<Double>
  /// Gap between events, seconds (log-uniform).
  var gapBetweenEvents: ClosedRange<Double>
  /// Chance a photo has GPS, and how far apart consecutive events are (km, uniform).
  var gpsChance: Double
  var eventDistanceKm: ClosedRange<Double>
  /// Chance a shot is the start of a burst of 3…8 photos 0.3…1 s apart.
  var burstChance: Double
  /// How fast the photographer moves during an event (km/h, uniform per event); 0 stays put.
  var walkingKmh: ClosedRange<Double> = 0...0

  static let all: [Scenario] = [
    Scenario(
      name: "everyday", summary: "events 3 h to 4 days apart, 0-8 km apart; pauses up to 50 min",
      events: 30...60, photosPerEvent: 1...25, meanGapInEvent: 240, pauseChance: 0.05,
      pause: 1200...3000, gapBetweenEvents: 3 * 3600...4 * 86400, gpsChance: 0.7,
      eventDistanceKm: 0...8, burstChance: 0.1),
    Scenario(
      name: "trip", summary: "travel days: stops 30 min to 6 h apart, 2-60 km apart, 90% GPS",
      events: 20...40, photosPerEvent: 5...40, meanGapInEvent: 120, pauseChance: 0.03,
      pause: 900...2400, gapBetweenEvents: 1800...6 * 3600, gpsChance: 0.9, eventDistanceKm: 2...60,
      burstChance: 0.15),
    Scenario(
      name: "long parties", summary: "20-120 photos per event with 1-2 h pauses; events 12 h+ apart",
      events: 10...25, photosPerEvent: 20...120, meanGapInEvent: 300,
      pauseChance: 0.08, pause: 3600...2 * 3600, gapBetweenEvents: 12 * 3600...10 * 86400,
      gpsChance: 0.5, eventDistanceKm: 0...20, burstChance: 0.2),
    Scenario(
      name: "no GPS", summary: "a camera without GPS: events 2 h to 3 days apart",
      events: 30...60, photosPerEvent: 1...30, meanGapInEvent: 200, pauseChance: 0.05,
      pause: 1200...3000, gapBetweenEvents: 2 * 3600...3 * 86400, gpsChance: 0, eventDistanceKm: 0...0,
      burstChance: 0.1),
    Scenario(
      name: "at home", summary: "events 1-5 h apart at the same place (<300 m); pauses up to 40 min",
      events: 20...40, photosPerEvent: 3...20, meanGapInEvent: 180, pauseChance: 0.05,
      pause: 900...2400, gapBetweenEvents: 3600...5 * 3600, gpsChance: 0.8, eventDistanceKm: 0...0.3,
      burstChance: 0.1),
    Scenario(
      name: "hikes", summary: "walking 3-5 km/h while shooting; pauses up to 40 min; events 3 h+ apart",
      events: 15...30, photosPerEvent: 10...60, meanGapInEvent: 300, pauseChance: 0.05,
      pause: 900...2400, gapBetweenEvents: 3 * 3600...3 * 86400, gpsChance: 0.95,
      eventDistanceKm: 5...50, burstChance: 0.05, walkingKmh: 3...5),
    Scenario(
      name: "sparse", summary: "a new user's few photos: 1-4 per event, events 1-30 days apart",
      events: 20...50, photosPerEvent: 1...4, meanGapInEvent: 300, pauseChance: 0.05,
      pause: 1200...3000, gapBetweenEvents: 86400...30 * 86400, gpsChance: 0.6, eventDistanceKm: 0...30,
      burstChance: 0.1),
    Scenario(
      name: "mixed", summary: "no clean floor: events 45 min to 3 days apart, pauses 10-90 min",
      events: 30...60, photosPerEvent: 1...40, meanGapInEvent: 200, pauseChance: 0.06,
      pause: 600...5400, gapBetweenEvents: 2700...3 * 86400, gpsChance: 0.7, eventDistanceKm: 0...10,
      burstChance: 0.1),
  ]

  /// A library and the asset ids that truly start a new event (the first event's excluded).
  func library(using random: inout SeededGenerator) -> (assets: [Asset], eventStarts: Set<AssetID>) {
    var assets: [Asset] = []
    var starts: Set<AssetID> = []
    var time = 1_600_000_000.0
    var place = Coordinate(latitude: 45, longitude: 7)
    for event in 0..<Int.random(in: events, using: &random) {
      if event > 0 {
        time += exp(
          .random(in: log(gapBetweenEvents.lowerBound)...log(gapBetweenEvents.upperBound), using: &random))
        place = place.moved(
          km: .random(in: eventDistanceKm, using: &random),
          bearing: .random(in: 0..<(2 * .pi), using: &random))
      }
      let speed = Double.random(in: walkingKmh, using: &random)
      var heading = Double.random(in: 0..<(2 * .pi), using: &random)
      var shots = Int.random(in: photosPerEvent, using: &random)
      var first = true
      while shots > 0 {
        if !first {
          let gap =
            Double.random(in: 0..<1, using: &random) < pauseChance
            ? .random(in: pause, using: &random)
            : -meanGapInEvent * log(1 - .random(in: 0..<1, using: &random))
          time += gap
          // A walk wanders: the heading turns by up to ±45° between shots.
          heading += .random(in: -(.pi / 4)...(.pi / 4), using: &random)
          place = place.moved(km: speed * gap / 3600, bearing: heading)
        }
        let burst =
          Double.random(in: 0..<1, using: &random) < burstChance ? Int.random(in: 3...8, using: &random) : 1
        for shot in 0..<burst {
          if shot > 0 { time += .random(in: 0.3...1, using: &random) }
          let id = AssetID(rawValue: String(format: "%016x", assets.count))
          if first, event > 0 { starts.insert(id) }
          first = false
          let noise = (
            Double.random(in: -0.002...0.002, using: &random),
            Double.random(in: -0.002...0.002, using: &random)
          )
          assets.append(
            Asset(
              id: id, root: "/synthetic", path: "\(assets.count).jpg", kind: .photo,
              captureTime: CaptureTime(
                instant: Date(timeIntervalSince1970: time), utcOffset: 0, source: .exifOriginal,
                hasSubseconds: true),
              coordinate: Double.random(in: 0..<1, using: &random) < gpsChance
                ? Coordinate(latitude: place.latitude + noise.0, longitude: place.longitude + noise.1) : nil,
              make: "Synthetic", model: "Camera"))
        }
        shots -= burst
      }
    }
    return (assets, starts)
  }
}

extension Coordinate {
  /// About `km` away towards `bearing` (radians from north), on a flat local map.
  func moved(km: Double, bearing: Double) -> Coordinate {
    Coordinate(
      latitude: latitude + km / 111 * cos(bearing),
      longitude: longitude + km / (111 * cos(latitude * .pi / 180)) * sin(bearing))
  }
}
