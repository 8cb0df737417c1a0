import FaverCore
import Foundation

// Boundary F1 of the moment clusterer on synthetic libraries with known events.
// Usage: moment-eval [--libraries N] [--seed S]

/// Precision, recall and F1 of predicted event starts against the true ones, counted over libraries.
struct Score {
  var truePositives = 0
  var predicted = 0
  var actual = 0

  mutating func add(predicted: Set<AssetID>, actual: Set<AssetID>) {
    truePositives += predicted.intersection(actual).count
    self.predicted += predicted.count
    self.actual += actual.count
  }

  var precision: Double { predicted == 0 ? 1 : Double(truePositives) / Double(predicted) }
  var recall: Double { actual == 0 ? 1 : Double(truePositives) / Double(actual) }
  var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
}

var libraries = 20
var seed: UInt64 = 42
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--libraries": libraries = arguments.next().flatMap(Int.init) ?? libraries
  case "--seed": seed = arguments.next().flatMap(UInt64.init) ?? seed
  default:
    FileHandle.standardError.write(Data("usage: moment-eval [--libraries N] [--seed S]\n".utf8))
    exit(2)
  }
}

let modes: [(String, MomentClusterer.Mode)] = [
  ("smart", .smart), ("fixed 1h", .fixed(gap: 3600)), ("fixed 3h", .fixed(gap: 3 * 3600)),
  ("fixed 8h", .fixed(gap: 8 * 3600)),
]

func cell(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

print("Boundary F1 (precision/recall) over \(libraries) synthetic libraries per scenario, seed \(seed)\n")
print(cell("scenario", 14) + modes.map { cell($0.0, 20) }.joined())
var totals = Array(repeating: Score(), count: modes.count)
for (index, scenario) in Scenario.all.enumerated() {
  var random = SplitMix64(seed: seed &+ UInt64(index) &* 1_000_003)
  var scores = Array(repeating: Score(), count: modes.count)
  for _ in 0..<libraries {
    let (assets, truth) = scenario.library(using: &random)
    for (column, mode) in modes.enumerated() {
      let moments = MomentClusterer(mode: mode.1).moments(in: assets).moments
      let predicted = Set(moments.dropFirst().compactMap { $0.assets.first?.id })
      scores[column].add(predicted: predicted, actual: truth)
      totals[column].add(predicted: predicted, actual: truth)
    }
  }
  let row = scores.map { cell(String(format: "%.3f (%.2f/%.2f)", $0.f1, $0.precision, $0.recall), 20) }
  print(cell(scenario.name, 14) + row.joined())
}
let row = totals.map { cell(String(format: "%.3f (%.2f/%.2f)", $0.f1, $0.precision, $0.recall), 20) }
print(cell("all", 14) + row.joined())
