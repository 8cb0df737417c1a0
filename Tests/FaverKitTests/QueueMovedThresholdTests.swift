import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// The saved queue's smart threshold and its moments' ids, in queue order.
private func thresholdAndMoments(_ store: IndexStore) throws -> (threshold: Double?, ids: [String]) {
  try store.database.read { db in
    (
      try Double.fetchOne(
        db, sql: "SELECT json_extract(value, '$.threshold') FROM state WHERE key = 'queue'"),
      try String.fetchAll(db, sql: "SELECT momentId FROM queueMoment ORDER BY ordinal")
    )
  }
}

/// New photos that move the smart threshold past gaps of earlier days cut those days' moments
/// otherwise (split or merged): the queue cuts them again where they are, with the new photos at
/// its end, and comes out as a full rebuild does, row for row; so do removals after them.
@Test(arguments: [4, 5, 6, 7])
func aMovedThresholdCutsEarlierMomentsAgainAsAFullRebuildDoes(seed: Int) async throws {
  let twins = try TwinLibraries(seed: UInt64(seed))
  twins.wallClocks = false
  // Days from half an hour to half a day apart, none alike: the smart threshold (the 90th
  // percentile of the gaps) falls among them, not at its 48-hour clamp, and moves as days come.
  twins.dayGaps = (0..<40).map { (day: Int) -> Double in
    let n = Double(day)
    return 1800 + 1000 * n + 0.25 * n * n
  }
  for _ in 0..<30 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  // Appends that moved the threshold and cut an earlier moment otherwise, brought in without a
  // rebuild; removals taken without one.
  var (recut, removedInPlace) = (0, 0)
  for step in 0..<60 {
    await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
    let before = try thresholdAndMoments(twins.appended.store)
    let removing = step % 4 == 3
    if removing { try twins.remove() } else { try twins.append() }
    let done = try twins.freshen()
    let (appended, rebuilt) = (
      try TwinLibraries.savedQueue(twins.appended.store), try TwinLibraries.savedQueue(twins.rebuilt.store)
    )
    let difference = TwinLibraries.firstDifference(appended, rebuilt)
    #expect(difference == "none", "step \(step), \(done)")
    if difference != "none" { break }
    if removing {
      if done == .planned || done == .planned { removedInPlace += 1 }
      continue
    }
    let after = try thresholdAndMoments(twins.appended.store)
    // The moments before the last dated one and the "Undated" one, which an append cuts anyway.
    let earlier = Array(before.ids.dropLast(2))

    if done == .planned, before.threshold != after.threshold,
      Array(after.ids.prefix(earlier.count)) != earlier
    {
      recut += 1
    }
  }
  #expect(try twins.seenDifferently() == nil)
  #expect(recut >= 2, "appends that cut earlier moments again: \(recut)")
  #expect(removedInPlace >= 1, "removals taken in place: \(removedInPlace)")
}
