import FaverCore
import Foundation
import SeededRandom

/// How many wall-clock-only photos `Timeline` put within `tolerance` of their true instant, by
/// the offset source it gave them; apart, those with evidence: another photo of the library that
/// records its offset, taken within a day of them.
struct Placements {
  static let tolerance = 2.0
  static let evidenceReach = 86_400.0

  struct Count {
    var photos = 0
    var right = 0
    var share: String { photos == 0 ? "-" : String(format: "%.1f%%", 100 * Double(right) / Double(photos)) }
    var text: String { "\(right)/\(photos)" }
  }

  var all: [OffsetSource: Count] = [:]
  var withEvidence: [OffsetSource: Count] = [:]

  static func total(_ counts: [OffsetSource: Count]) -> Count {
    counts.values.reduce(into: Count()) { total, count in
      total.photos += count.photos
      total.right += count.right
    }
  }

  mutating func add(_ library: ZoneScenario.Library, placed: [Asset]) {
    let recorded = library.assets.filter { $0.captureTime.utcOffset != nil }.map {
      library.truth[position($0.id)]
    }
    .sorted()
    for asset in placed where asset.captureTime.utcOffset == nil {
      let truth = library.truth[position(asset.id)]
      let after = recorded.firstIndex { $0 >= truth } ?? recorded.count
      let hasEvidence = [after - 1, after].contains {
        recorded.indices.contains($0) && abs(recorded[$0] - truth) <= Self.evidenceReach
      }
      let isRight = abs(asset.captureTime.instant.timeIntervalSince1970 - truth) <= Self.tolerance
      let source = asset.captureTime.offsetSource
      all[source, default: Count()].photos += 1
      all[source, default: Count()].right += isRight ? 1 : 0
      guard hasEvidence else { continue }
      withEvidence[source, default: Count()].photos += 1
      withEvidence[source, default: Count()].right += isRight ? 1 : 0
    }
  }
}

/// The zone scenarios' report: right instants, and boundary F1 on raw, placed and true times.
func reportZones(libraries: Int, seed: UInt64, tolerance: Int, methods: [Method]) {
  let variants = ["raw", "placed", "true"]
  var placements: [Placements] = []
  // [scenario][variant][method]
  var strict: [[[Score]]] = []
  var lenient: [[[Score]]] = []
  var wallClockShare: [Double] = []
  var photoCount: [Int] = []
  for (index, scenario) in ZoneScenario.all.enumerated() {
    var random = SeededGenerator(seed: seed &+ 7_777_777 &+ UInt64(index) &* 1_000_003)
    var tally = Placements()
    var exact = variants.map { _ in methods.map { _ in Score() } }
    var near = variants.map { _ in methods.map { _ in Score(tolerance: tolerance) } }
    var (photos, wallClock) = (0, 0)
    for _ in 0..<libraries {
      let library = scenario.library(using: &random)
      photos += library.assets.count
      wallClock += library.assets.count { $0.captureTime.utcOffset == nil }
      let placed = Timeline().placed(library.assets)
      tally.add(library, placed: placed)
      var truth = library.assets
      for index in truth.indices {
        truth[index].captureTime = CaptureTime(
          instant: Date(timeIntervalSince1970: library.truth[index]), utcOffset: 0, source: .exifOriginal,
          hasSubseconds: true)
      }
      let actual = library.eventStarts.map(position)
      for (variant, input) in [library.assets, placed, truth].enumerated() {
        for (column, method) in methods.enumerated() {
          var assets = input
          if !method.positions { for index in assets.indices { assets[index].coordinate = nil } }
          let starts = method.clusterer.moments(in: assets).moments.dropFirst()
            .compactMap { $0.assets.first.map { position($0.id) } }
          exact[variant][column].add(predicted: starts, actual: actual)
          near[variant][column].add(predicted: starts, actual: actual)
        }
      }
    }
    placements.append(tally)
    strict.append(exact)
    lenient.append(near)
    wallClockShare.append(Double(wallClock) / Double(max(1, photos)))
    photoCount.append(photos / libraries)
  }

  print(
    """

    Time zones (issue #13): \(libraries) libraries per scenario, seed \(seed).
    Home +01:00; trips of 4-12 days to -05:00, +09:00, +05:30 (one or two legs), travel days with an
    event before the flight and one after landing by day; events 08:00-22:00 local, 1.5-5 h apart.
    Cameras: 1-2 phones recording the offset (GPS on most photos), a DSLR and an older phone
    recording the wall clock only (set to local time on arrival unless said). Ids in true order.

    """)
  for (scenario, index) in zip(ZoneScenario.all, ZoneScenario.all.indices) {
    print(
      "  " + cell(scenario.name, 16) + scenario.summary
        + String(
          format: " (%d photos a library, %.1f%% wall-clock only)", photoCount[index],
          100 * wallClockShare[index]))
  }
  let sources: [OffsetSource] = [.sameCamera, .library, .none]
  print("\nWall-clock-only photos placed within 2 s of their true instant (right/photos by offset source).")
  print("Evidence: another photo recording its offset within 24 h of the true instant.\n")
  print(
    cell("scenario", 16) + cell("evidence: right", 22) + sources.map { cell($0.rawValue, 14) }.joined()
      + cell("all: right", 22) + sources.map { cell($0.rawValue, 14) }.joined())
  for (scenario, tally) in zip(ZoneScenario.all, placements) {
    let evidence = Placements.total(tally.withEvidence)
    let all = Placements.total(tally.all)
    print(
      cell(scenario.name, 16) + cell("\(evidence.share) of \(evidence.photos)", 22)
        + sources.map { cell(tally.withEvidence[$0]?.text ?? "0/0", 14) }.joined()
        + cell("\(all.share) of \(all.photos)", 22)
        + sources.map { cell(tally.all[$0]?.text ?? "0/0", 14) }.joined())
  }
  for (title, table) in [("at the exact gap", strict), ("within +-\(tolerance) photos", lenient)] {
    print("\nBoundary F1 (precision/recall) \(title): raw = wall clocks read as UTC (no Timeline),")
    print("placed = Timeline().placed, true = every photo at its true instant (the ceiling).\n")
    print(cell("scenario", 16) + cell("times", 8) + methods.map { cell($0.name, 20) }.joined())
    for (scenario, variantsScores) in zip(ZoneScenario.all, table) {
      for (variant, scores) in variantsScores.enumerated() {
        print(
          cell(variant == 0 ? scenario.name : "", 16) + cell(variants[variant], 8)
            + row("", scores).dropFirst(14))
      }
    }
  }
}

/// Times `Timeline().placed` on `count` assets: libraries of the first zone scenario, each moved
/// after the one before (a library spans about four months).
func timeTimeline(assets count: Int, seed: UInt64) {
  var random = SeededGenerator(seed: seed)
  var assets: [Asset] = []
  assets.reserveCapacity(count)
  var shift = 0.0
  while assets.count < count {
    var library = ZoneScenario.all[0].library(using: &random).assets
    for index in library.indices {
      library[index].captureTime.instant += shift
      library[index].id = AssetID(rawValue: String(format: "%016x", assets.count + index))
    }
    shift += 200 * 86400
    assets += library.prefix(count - assets.count)
  }
  let clock = ContinuousClock()
  var placed: [Asset] = []
  let elapsed = clock.measure { placed = Timeline().placed(assets) }
  let inferred = placed.count { $0.captureTime.inferredOffset != nil }
  print("Timeline placed \(placed.count) assets (\(inferred) offsets inferred) in \(elapsed)")
}
