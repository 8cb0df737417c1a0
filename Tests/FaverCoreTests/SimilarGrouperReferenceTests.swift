import FaverCore
import Foundation
import SeededRandom
import Testing

/// `SimilarGrouper` walks each moment without copying a unit or sorting a group per comparison.
/// These tests hold it to the rules read literally (each group's members sorted by instant at
/// every comparison, every open group filtered), on random moments with bursts, ties of instant,
/// shots out of order and photos without signals.
@Suite struct SimilarGrouperReferenceTests {
  /// The rules of `SimilarGrouper`, written as directly as they read: each group's id and members.
  private func reference(_ candidates: [SimilarGrouper.Candidate], grouper: SimilarGrouper) -> [[String]] {
    struct Open {
      var members: [SimilarGrouper.Candidate]
      var units = 1
      var last: Date
    }
    func isSimilar(_ unit: [SimilarGrouper.Candidate], _ members: [SimilarGrouper.Candidate]) -> Bool {
      let ours = unit.compactMap(\.signals).prefix(SimilarGrouper.comparedMembers)
      let theirs = members.sorted { $0.instant < $1.instant }.compactMap(\.signals)
        .suffix(SimilarGrouper.comparedMembers)
      return ours.contains { a in theirs.contains { b in a.distance(to: b) <= grouper.distance } }
    }
    var found: [[String]] = []
    for moment in Dictionary(grouping: candidates, by: \.moment).keys.sorted() {
      let shots = candidates.filter { $0.moment == moment }
      var open: [Open] = []
      var index = 0
      while index < shots.count {
        var end = index
        while end < shots.count, shots[end].burst == shots[index].burst { end += 1 }
        let unit = Array(shots[index..<end])
        let first = unit.map(\.instant).min() ?? shots[index].instant
        let last = unit.map(\.instant).max() ?? first
        let match = open.indices.filter {
          first.timeIntervalSince(open[$0].last) <= grouper.window.seconds
            && isSimilar(unit, open[$0].members)
        }.max { open[$0].last < open[$1].last }
        if let match {
          open[match].members += unit
          open[match].units += 1
          open[match].last = max(open[match].last, last)
        } else {
          open.append(Open(members: unit, last: last))
        }
        index = end
      }
      for group in open where group.members.count > 1 {
        let members = group.members.sorted {
          $0.instant != $1.instant ? $0.instant < $1.instant : $0.id < $1.id
        }.map(\.id.rawValue)
        found.append([(group.units == 1 ? "b-" : "g-") + members[0]] + members)
      }
    }
    return found
  }

  /// A moment-ordered queue of `count` shots: bursts of up to four frames, near-identical scenes
  /// (a few hashes a few bits apart), a third without signals, instants that tie and sometimes
  /// step back (a burst's frames, a corrected clock).
  private func queue(count: Int, using random: inout SeededGenerator) -> [SimilarGrouper.Candidate] {
    let scenes: [UInt64] = (0..<4).map { _ in random.next() }
    var shots: [SimilarGrouper.Candidate] = []
    var (moment, burst, seconds) = (0, 0, 0.0)
    while shots.count < count {
      if Int.random(in: 0..<12, using: &random) == 0 { moment += 1 }
      burst += 1
      seconds += [0, 1, 30, 90, 170, 185, 400].randomElement(using: &random) ?? 0
      for frame in 0..<Int.random(in: 1...4, using: &random) {
        let back = Int.random(in: 0..<6, using: &random) == 0 ? -2.0 : 0
        let hash =
          (scenes.randomElement(using: &random) ?? 0) ^ (1 << UInt64.random(in: 0..<16, using: &random))
        shots.append(
          SimilarGrouper.Candidate(
            id: AssetID(rawValue: "s\(shots.count)"), moment: moment, burst: burst,
            instant: Date(timeIntervalSince1970: seconds + Double(frame) * 0.5 + back),
            signals: Int.random(in: 0..<3, using: &random) == 0
              ? nil
              : PhotoSignals(hash: hash, sharpness: 1, shadows: 0, highlights: 0, width: 4, height: 3)))
      }
    }
    return shots
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func theGroupsAreThoseOfTheRulesReadLiterally(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for _ in 0..<40 {
      let candidates = queue(count: Int.random(in: 1...60, using: &random), using: &random)
      let grouper = SimilarGrouper(distance: Int.random(in: 1...14, using: &random))
      let groups = grouper.groups(in: candidates).map { [$0.id] + $0.assetIDs.map(\.rawValue) }
      #expect(groups == reference(candidates, grouper: grouper))
    }
  }
}
