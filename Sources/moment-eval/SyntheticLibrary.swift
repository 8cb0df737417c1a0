import FaverCore
import Foundation

/// SplitMix64: small, fast, and the same sequence on every machine for a given seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// How a kind of photo life looks: events, the gaps inside them and between them, and GPS.
struct Scenario {
  var name: String
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

  static let all: [Scenario] = [
    Scenario(
      name: "everyday", events: 30...60, photosPerEvent: 1...25, meanGapInEvent: 240, pauseChance: 0.05,
      pause: 1200...3000, gapBetweenEvents: 3 * 3600...4 * 86400, gpsChance: 0.7,
      eventDistanceKm: 0...8, burstChance: 0.1),
    Scenario(
      name: "trip", events: 20...40, photosPerEvent: 5...40, meanGapInEvent: 120, pauseChance: 0.03,
      pause: 900...2400, gapBetweenEvents: 1800...6 * 3600, gpsChance: 0.9, eventDistanceKm: 2...60,
      burstChance: 0.15),
    Scenario(
      name: "long parties", events: 10...25, photosPerEvent: 20...120, meanGapInEvent: 300,
      pauseChance: 0.08, pause: 3600...2 * 3600, gapBetweenEvents: 12 * 3600...10 * 86400,
      gpsChance: 0.5, eventDistanceKm: 0...20, burstChance: 0.2),
    Scenario(
      name: "no GPS", events: 30...60, photosPerEvent: 1...30, meanGapInEvent: 200, pauseChance: 0.05,
      pause: 1200...3000, gapBetweenEvents: 2 * 3600...3 * 86400, gpsChance: 0, eventDistanceKm: 0...0,
      burstChance: 0.1),
  ]

  /// A library and the asset ids that truly start a new event (the first event's excluded).
  func library(using random: inout SplitMix64) -> (assets: [Asset], eventStarts: Set<AssetID>) {
    var assets: [Asset] = []
    var starts: Set<AssetID> = []
    var time = 1_600_000_000.0
    var place = Coordinate(latitude: 45, longitude: 7)
    for event in 0..<Int.random(in: events, using: &random) {
      if event > 0 {
        time += exp(
          .random(in: log(gapBetweenEvents.lowerBound)...log(gapBetweenEvents.upperBound), using: &random))
        let km = Double.random(in: eventDistanceKm, using: &random)
        let bearing = Double.random(in: 0..<(2 * .pi), using: &random)
        place = Coordinate(
          latitude: place.latitude + km / 111 * cos(bearing),
          longitude: place.longitude + km / (111 * cos(place.latitude * .pi / 180)) * sin(bearing))
      }
      var shots = Int.random(in: photosPerEvent, using: &random)
      var first = true
      while shots > 0 {
        if !first {
          time +=
            Double.random(in: 0..<1, using: &random) < pauseChance
            ? .random(in: pause, using: &random)
            : -meanGapInEvent * log(1 - .random(in: 0..<1, using: &random))
        }
        let burst =
          Double.random(in: 0..<1, using: &random) < burstChance ? Int.random(in: 3...8, using: &random) : 1
        for shot in 0..<burst {
          if shot > 0 { time += .random(in: 0.3...1, using: &random) }
          let id = AssetID(rawValue: String(format: "%016x", assets.count))
          if first, event > 0 { starts.insert(id) }
          first = false
          let jitter = Double.random(in: -0.002...0.002, using: &random)
          assets.append(
            Asset(
              id: id, root: "/synthetic", path: "\(assets.count).jpg", kind: .photo,
              captureTime: CaptureTime(
                instant: Date(timeIntervalSince1970: time), utcOffset: 0, source: .exifOriginal,
                hasSubseconds: true),
              coordinate: Double.random(in: 0..<1, using: &random) < gpsChance
                ? Coordinate(latitude: place.latitude + jitter, longitude: place.longitude + jitter) : nil,
              make: "Synthetic", model: "Camera"))
        }
        shots -= burst
      }
    }
    return (assets, starts)
  }
}
