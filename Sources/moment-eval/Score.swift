/// Precision, recall and F1 of predicted event starts against the true ones, pooled over
/// libraries (micro-averaged: every boundary of every library counts once).
///
/// Boundaries are photo positions in capture order: "a new event starts at photo i". A predicted
/// boundary and a true one match when they are at most `tolerance` photos apart, each used once
/// (greedy, nearest first, in order). With `tolerance` 0 only the exact gap counts; every cut a
/// clusterer makes lies in a gap between photos, so exact is the strict, honest measure.
struct Score {
  var tolerance = 0
  var truePositives = 0
  var predicted = 0
  var actual = 0

  init(tolerance: Int = 0) { self.tolerance = tolerance }

  mutating func add(predicted: [Int], actual: [Int]) {
    self.predicted += predicted.count
    self.actual += actual.count
    var free = predicted.sorted()
    for boundary in actual.sorted() {
      let nearest = free.indices.min { abs(free[$0] - boundary) < abs(free[$1] - boundary) }
      if let nearest, abs(free[nearest] - boundary) <= tolerance {
        truePositives += 1
        free.remove(at: nearest)
      }
    }
  }

  var precision: Double { predicted == 0 ? 1 : Double(truePositives) / Double(predicted) }
  var recall: Double { actual == 0 ? 1 : Double(truePositives) / Double(actual) }
  var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
}
