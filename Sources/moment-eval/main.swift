import ArgumentParser
import FaverCore
import Foundation
import SeededRandom

// Boundary F1 of the moment clusterer on synthetic libraries with known events.
// Usage: moment-eval [--libraries N] [--seed S] [--tolerance PHOTOS] [--family all|events|zones]

struct MomentEval: ParsableArguments {
  @Option(help: "Synthetic libraries per scenario.") var libraries = 20
  @Option(help: "Seed of the generator.") var seed: UInt64 = 42
  @Option(help: "Photos a found boundary may be off by and still match.") var tolerance = 2
  @Option(help: "Which scenarios: events (one camera, no zones), zones (travel across time zones), or all.")
  var family: Family = .all
  @Option(
    help: "Also time Timeline().placed on this many assets of zone libraries laid end to end (0: skip).")
  var timelineAssets = 0

  enum Family: String, ExpressibleByArgument, CaseIterable {
    case all, events, zones
  }

  func validate() throws {
    guard libraries >= 1 else { throw ValidationError("--libraries must be at least 1.") }
    guard tolerance >= 0 else { throw ValidationError("--tolerance cannot be negative.") }
  }
}
let options = MomentEval.parseOrExit()
let (libraries, seed, tolerance) = (options.libraries, options.seed, options.tolerance)

/// A way to cut moments; `positions` drops GPS first (smart's time rule alone).
struct Method {
  var name: String
  var mode: MomentClusterer.Mode
  var positions = true

  var clusterer: MomentClusterer { MomentClusterer(mode: mode) }
}

let methods = [
  Method(name: "smart", mode: .smart), Method(name: "smart time-only", mode: .smart, positions: false),
  Method(name: "fixed 1h", mode: .fixed(gap: 3600)), Method(name: "fixed 3h", mode: .fixed(gap: 3 * 3600)),
  Method(name: "fixed 8h", mode: .fixed(gap: 8 * 3600)),
]

func cell(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func row(_ name: String, _ scores: [Score]) -> String {
  cell(name, 14)
    + scores.map { cell(String(format: "%.3f (%.2f/%.2f)", $0.f1, $0.precision, $0.recall), 20) }.joined()
}

/// The photo position an asset id stands for (the generator numbers photos in capture order).
func position(_ id: AssetID) -> Int { Int(id.rawValue, radix: 16) ?? -1 }

/// What smart mode did in one scenario, besides its score.
struct SmartNotes {
  var thresholds: [Double] = []
  var distanceCuts = 0
  var distanceCutsRight = 0
  var boundaries = 0
}

if options.timelineAssets > 0 { timeTimeline(assets: options.timelineAssets, seed: seed) }
if options.family == .zones {
  reportZones(libraries: libraries, seed: seed, tolerance: tolerance, methods: methods)
  exit(0)
}

var strict: [[Score]] = []
var lenient: [[Score]] = []
var notes: [SmartNotes] = []
for (index, scenario) in Scenario.all.enumerated() {
  var random = SeededGenerator(seed: seed &+ UInt64(index) &* 1_000_003)
  var exact = methods.map { _ in Score() }
  var near = methods.map { _ in Score(tolerance: tolerance) }
  var note = SmartNotes()
  for _ in 0..<libraries {
    let (assets, truth) = scenario.library(using: &random)
    let actual = truth.map(position)
    note.boundaries += truth.count
    for (column, method) in methods.enumerated() {
      var input = assets
      if !method.positions { for index in input.indices { input[index].coordinate = nil } }
      let result = method.clusterer.moments(in: input)
      let starts = result.moments.dropFirst().compactMap { $0.assets.first?.id }
      exact[column].add(predicted: starts.map(position), actual: actual)
      near[column].add(predicted: starts.map(position), actual: actual)
      guard column == 0 else { continue }
      note.thresholds.append(result.threshold)
      for moment in result.moments.dropFirst() {
        guard case .distance = moment.boundary, let first = moment.assets.first else { continue }
        note.distanceCuts += 1
        if truth.contains(first.id) { note.distanceCutsRight += 1 }
      }
    }
  }
  strict.append(exact)
  lenient.append(near)
  notes.append(note)
}

func pooled(_ table: [[Score]]) -> [Score] {
  methods.indices.map { column in
    table.reduce(into: Score()) { total, scores in
      total.truePositives += scores[column].truePositives
      total.predicted += scores[column].predicted
      total.actual += scores[column].actual
    }
  }
}

print(
  """
  Boundary F1 of faver's moment clustering on synthetic libraries with known events
  \(libraries) libraries per scenario, seed \(seed). Cells: F1 (precision/recall), pooled over libraries.

  Event model: events never overlap; the clock jumps a log-uniform gap and the place a uniform
  distance between events; inside an event shots come with exponential gaps, a few replaced by a
  long pause, some as bursts of 3-8 photos 0.3-1 s apart; GPS on a share of photos at the event's
  place (+-200 m noise) or along a walk. One camera, no videos, no clock errors, no day/night rhythm.
  "smart time-only" is smart with every position removed: the percentile rule without the GPS rule.

  """)
for scenario in Scenario.all { print("  " + cell(scenario.name, 14) + scenario.summary) }
print("\nA predicted boundary counts only at the exact gap where a true event starts:\n")
print(cell("scenario", 14) + methods.map { cell($0.name, 20) }.joined())
for (scenario, scores) in zip(Scenario.all, strict) { print(row(scenario.name, scores)) }
print(row("all", pooled(strict)))
print("\nWithin +-\(tolerance) photos of a true start (one match each) - how much exactness costs:\n")
print(cell("scenario", 14) + methods.map { cell($0.name, 20) }.joined())
for (scenario, scores) in zip(Scenario.all, lenient) { print(row(scenario.name, scores)) }
print(row("all", pooled(lenient)))
print("\nSmart mode's threshold (median, min-max) and its GPS cuts (right = at a true event start):\n")
for (scenario, note) in zip(Scenario.all, notes) {
  let sorted = note.thresholds.sorted()
  let hours = { (seconds: Double) in String(format: "%.1fh", seconds / 3600) }
  print(
    cell(scenario.name, 14)
      + cell(
        "threshold \(hours(sorted[sorted.count / 2])) (\(hours(sorted.first ?? 0))-\(hours(sorted.last ?? 0)))",
        34)
      + "distance cuts \(note.distanceCuts), right \(note.distanceCutsRight); true boundaries \(note.boundaries)"
  )
}
if options.family == .all {
  reportZones(libraries: libraries, seed: seed, tolerance: tolerance, methods: methods)
}
