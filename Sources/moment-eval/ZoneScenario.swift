import FaverCore
import Foundation
import SeededRandom

/// A family library that travels across time zones, with cameras that do and do not record the
/// offset (issue #13).
///
/// The model (defaults; each scenario may change them): a home zone (+01:00, Milan) and trips of
/// 4…12 days to one or two of New York (−05:00), Tokyo (+09:00) and Delhi (+05:30). Days have a
/// rhythm: events start between 08:00 and 22:00 local time, 1.5…5 h apart within a day
/// (log-uniform), none at home on about half the days, 1…4 a day on a trip. A travel day has an
/// event before the flight (in the old zone, at the old place) and, when the plane lands by day,
/// one after it (in the new zone); a flight lasts 6 h plus 0.8 h per hour between the zones.
/// Inside an event shots come as in `Scenario` (exponential gaps, a few long pauses, some bursts).
///
/// The cameras: one or two phones that record the offset (`OffsetTimeOriginal`), with GPS on
/// most of their photos; a DSLR and an older phone that record the wall clock only, set to the
/// local time (their owner sets the clock on arrival) unless `dslrKeepsHomeTime`. Of an event's
/// shots, those of the wall-clock cameras make about `wallClockShare` of the library: a few
/// events (`wallClockOnlyEvents`) only the DSLR or the older phone went to, and in the others
/// each shot is theirs by chance. Ids are numbered in true capture order.
struct ZoneScenario {
  var name: String
  var summary: String
  /// The share of photos with no offset (the DSLR's and the older phone's).
  var wallClockShare = 0.15
  /// The chance that only a wall-clock camera went to an event.
  var wallClockOnlyEvents = 0.05
  /// The DSLR's clock stays on home time for the whole trip (nobody set it).
  var dslrKeepsHomeTime = false
  var days: ClosedRange<Int> = 90...150
  var trips: ClosedRange<Int> = 2...3
  var tripDays: ClosedRange<Int> = 4...12
  /// Where the family lives; the trips go to the other zones of `zones`.
  var home = ZoneScenario.zones[0]
  /// The gap from an event's end to the next event's start within a day (log-uniform, seconds).
  var gapBetweenEvents: ClosedRange<Double> = 5400...5 * 3600
  var eventsPerTripDay: ClosedRange<Int> = 1...4
  /// Where the trips go; nil: the other zones of `zones`.
  var destinations: [Zone]? = nil

  static let all: [ZoneScenario] = [
    ZoneScenario(
      name: "zones", summary: "15% wall-clock only; trips to -05:00, +09:00, +05:30; clocks set on arrival"),
    ZoneScenario(
      name: "zones 30%", summary: "as zones, 30% wall-clock only", wallClockShare: 0.30),
    ZoneScenario(
      name: "zones 5%", summary: "as zones, 5% wall-clock only", wallClockShare: 0.05,
      wallClockOnlyEvents: 0.02),
    ZoneScenario(
      name: "zones home DSLR", summary: "as zones, but the DSLR stays on home time (+01:00) all trip",
      dslrKeepsHomeTime: true),
    ZoneScenario(
      name: "zones outings", summary: "as zones, but most wall-clock photos from events no phone shot",
      wallClockOnlyEvents: 0.12),
    ZoneScenario(
      name: "zones from NY", summary: "as zones, home in New York (-05:00), trips to +01:00, +09:00, +05:30",
      home: zones[1]),
    ZoneScenario(
      name: "zones near",
      summary: "as zones, home -04:00, trips to -05:00, -03:30, +05:30 (the issue's 3.5-5.5 h from UTC)",
      home: Zone(name: "Toronto", offset: -4 * 3600, place: Coordinate(latitude: 43.65, longitude: -79.38)),
      destinations: [
        Zone(name: "Chicago", offset: -5 * 3600, place: Coordinate(latitude: 41.88, longitude: -87.63)),
        Zone(name: "St. John's", offset: -12_600, place: Coordinate(latitude: 47.56, longitude: -52.71)),
        zones[3],
      ]),
    ZoneScenario(
      name: "zones dense", summary: "as zones, events 45 min to 4 h apart, 2-6 a day on trips",
      gapBetweenEvents: 2700...4 * 3600, eventsPerTripDay: 2...6),
  ]

  struct Zone {
    var name: String
    var offset: Int
    var place: Coordinate
  }

  static let zones = [
    Zone(
      name: "Milan", offset: 3600, place: Coordinate(latitude: 45.46, longitude: 9.19)),
    Zone(
      name: "New York", offset: -5 * 3600, place: Coordinate(latitude: 40.71, longitude: -74.0)),
    Zone(
      name: "Tokyo", offset: 9 * 3600, place: Coordinate(latitude: 35.68, longitude: 139.69)),
    Zone(name: "Delhi", offset: 19_800, place: Coordinate(latitude: 28.61, longitude: 77.21)),
  ]

  struct Camera {
    var make: String
    var model: String
    var serial: String?
    var recordsOffset: Bool
    var gpsChance: Double
  }

  static let phone = Camera(make: "Apple", model: "iPhone 15", recordsOffset: true, gpsChance: 0.8)
  static let secondPhone = Camera(make: "Google", model: "Pixel 8", recordsOffset: true, gpsChance: 0.6)
  static let dslr = Camera(
    make: "Canon", model: "Canon EOS 5D Mark IV", serial: "012345", recordsOffset: false, gpsChance: 0)
  static let oldPhone = Camera(make: "Samsung", model: "GT-I9300", recordsOffset: false, gpsChance: 0)

  /// A generated library with its truth.
  struct Library {
    var assets: [Asset]
    /// The asset ids that truly start a new event (the first event's excluded).
    var eventStarts: Set<AssetID>
    /// The true instant of each asset, by position (the id's number).
    var truth: [Double]
  }

  /// One photo before ids are given.
  private struct Shot {
    var instant: Double
    var event: Int
    var camera: Camera
    var zone: Int
    var coordinate: Coordinate?
  }

  func library(using random: inout SeededGenerator) -> Library {
    // The plan: the zone of each day, and the travel days (day → destination zone).
    let dayCount = Int.random(in: days, using: &random)
    var zoneOfDay = [Zone](repeating: home, count: dayCount)
    var arrivals: [Int: Zone] = [:]
    let tripCount = Int.random(in: trips, using: &random)
    let slot = dayCount / tripCount
    for trip in 0..<tripCount {
      let length = Int.random(in: tripDays, using: &random)
      let start = trip * slot + Int.random(in: 2...max(2, slot - length - 3), using: &random)
      var legs = (destinations ?? Self.zones.filter { $0.name != home.name }).shuffled(using: &random)
      let legCount = Int.random(in: 0...1, using: &random) == 0 ? 1 : 2
      legs.removeLast(max(0, legs.count - legCount))
      let legLength = length / legs.count
      for (number, leg) in legs.enumerated() {
        let first = start + number * legLength
        let last = number == legs.count - 1 ? start + length - 1 : first + legLength - 1
        arrivals[first] = leg
        for day in first...last where day < dayCount { zoneOfDay[day] = leg }
      }
      if start + length < dayCount { arrivals[start + length] = home }
    }

    var shots: [Shot] = []
    let phones = Int.random(in: 1...2, using: &random)
    let onlyShare = wallClockOnlyEvents
    let perShot = max(0, (wallClockShare - onlyShare) / (1 - onlyShare))
    var event = 0
    /// The earliest instant the next event may start.
    var earliest = -Double.infinity
    let base = 1_680_307_200.0  // 2023-04-01T00:00:00Z

    func addEvent(
      at start: Double, zone: Zone, place: Coordinate, travel: Bool, random: inout SeededGenerator
    ) {
      let wallClockOnly = !travel && Double.random(in: 0..<1, using: &random) < onlyShare
      let wallClockCamera = Double.random(in: 0..<1, using: &random) < 0.6 ? Self.dslr : Self.oldPhone
      let withSecondPhone = phones == 2 && Double.random(in: 0..<1, using: &random) < 0.6
      var time = start
      var shotsLeft = travel ? Int.random(in: 2...12, using: &random) : Int.random(in: 3...40, using: &random)
      var first = true
      while shotsLeft > 0 {
        if !first {
          time +=
            Double.random(in: 0..<1, using: &random) < 0.04
            ? .random(in: 900...2400, using: &random) : -180 * log(1 - .random(in: 0..<1, using: &random))
        }
        first = false
        let camera: Camera
        if wallClockOnly || Double.random(in: 0..<1, using: &random) < perShot {
          camera = wallClockCamera
        } else {
          camera = withSecondPhone && Bool.random(using: &random) ? Self.secondPhone : Self.phone
        }
        let burst =
          Double.random(in: 0..<1, using: &random) < 0.1 ? Int.random(in: 3...8, using: &random) : 1
        for shot in 0..<burst {
          if shot > 0 { time += .random(in: 0.3...1, using: &random) }
          let noise = (
            Double.random(in: -0.002...0.002, using: &random),
            Double.random(in: -0.002...0.002, using: &random)
          )
          let hasGPS = Double.random(in: 0..<1, using: &random) < camera.gpsChance
          shots.append(
            Shot(
              instant: time, event: event, camera: camera, zone: zone.offset,
              coordinate: hasGPS
                ? Coordinate(latitude: place.latitude + noise.0, longitude: place.longitude + noise.1) : nil))
        }
        shotsLeft -= burst
      }
      event += 1
      earliest = time + 1800
    }

    for day in 0..<dayCount {
      let zone = zoneOfDay[day]
      var place = zone.place.moved(
        km: .random(in: 0...15, using: &random), bearing: .random(in: 0..<(2 * .pi), using: &random))
      if let destination = arrivals[day] {
        // A travel day: an event before the flight in the old zone, one after landing by day.
        let from = day > 0 ? zoneOfDay[day - 1] : home
        let fromMidnight = base + Double(day) * 86400 - Double(from.offset)
        let departure = max(
          earliest + 3 * 3600, fromMidnight + .random(in: 9 * 3600...14 * 3600, using: &random))
        addEvent(
          at: max(earliest, departure - .random(in: 5400...10800, using: &random)), zone: from,
          place: from.place,
          travel: true, random: &random)
        let landing =
          max(earliest, departure) + (6 + 0.8 * Double(abs(destination.offset - from.offset)) / 3600) * 3600
        let landedLocal = (landing + Double(destination.offset)).truncatingRemainder(dividingBy: 86400) / 3600
        if (7...21).contains(landedLocal) {
          addEvent(
            at: landing + .random(in: 1800...7200, using: &random), zone: destination,
            place: destination.place,
            travel: true, random: &random)
        } else {
          earliest = landing + 1800
        }
        continue
      }
      /// Local midnight of this day in `zone`, as UTC.
      let midnight = base + Double(day) * 86400 - Double(zone.offset)
      let isTrip = zone.offset != home.offset
      let count =
        isTrip
        ? Int.random(in: eventsPerTripDay, using: &random)
        : [0, 0, 0, 0, 1, 1, 1, 2, 2, 3].randomElement(using: &random) ?? 0
      var next = max(earliest, midnight + .random(in: 8 * 3600...12 * 3600, using: &random))
      for _ in 0..<count {
        guard next < midnight + 22 * 3600 else { break }
        addEvent(at: next, zone: zone, place: place, travel: false, random: &random)
        place = place.moved(
          km: .random(in: 0...6, using: &random), bearing: .random(in: 0..<(2 * .pi), using: &random))
        next =
          earliest - 1800
          + exp(
            .random(
              in: log(gapBetweenEvents.lowerBound)...log(gapBetweenEvents.upperBound), using: &random))
      }
    }
    return Self.assets(from: shots, dslrKeepsHomeTime: dslrKeepsHomeTime, homeOffset: home.offset)
  }

  /// Numbers the shots in true capture order and writes what each camera recorded.
  private static func assets(from shots: [Shot], dslrKeepsHomeTime: Bool, homeOffset: Int) -> Library {
    let ordered = shots.enumerated().sorted {
      $0.element.instant != $1.element.instant
        ? $0.element.instant < $1.element.instant : $0.offset < $1.offset
    }.map(\.element)
    var assets: [Asset] = []
    var starts: Set<AssetID> = []
    var seen: Set<Int> = []
    for (number, shot) in ordered.enumerated() {
      let id = AssetID(rawValue: String(format: "%016x", number))
      if seen.insert(shot.event).inserted, shot.event > 0 { starts.insert(id) }
      let time: CaptureTime
      if shot.camera.recordsOffset {
        time = CaptureTime(
          instant: Date(timeIntervalSince1970: shot.instant), utcOffset: shot.zone, source: .exifOriginal,
          hasSubseconds: true)
      } else {
        let clock = dslrKeepsHomeTime && shot.camera.model == dslr.model ? homeOffset : shot.zone
        time = CaptureTime(
          instant: Date(timeIntervalSince1970: shot.instant + Double(clock)), utcOffset: nil,
          source: .exifOriginal,
          hasSubseconds: true)
      }
      var asset = Asset(
        id: id, root: "/synthetic", path: "\(number).jpg", kind: .photo, captureTime: time,
        coordinate: shot.coordinate, make: shot.camera.make, model: shot.camera.model)
      asset.serial = shot.camera.serial
      assets.append(asset)
    }
    return Library(assets: assets, eventStarts: starts, truth: ordered.map(\.instant))
  }
}
