import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// Old cards imported (photos taken among the library's, in folders of their own) between new
/// days, marks and removals: the moments around them are cut again with them where the rules allow
/// (counted, so the test cannot pass by always rebuilding); after every change the queue equals a
/// full rebuild (see `savedQueue`), and so do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func photosTakenAmongTheQueuesEqualAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 40) { twins, step in
    switch step % 4 {
    case 0: try twins.append()
    case 1: try twins.mark()
    case 2: try twins.importOldCard()
    default: try twins.remove()
    }
  }
  let taken = done.enumerated().filter { $0.offset % 4 == 2 }.map(\.element)
  #expect(taken.allSatisfy { $0 == .planned || $0 == .rebuilt }, "\(taken)")
  #expect(taken.filter { $0 == .planned }.count >= 5, "\(taken)")
}

/// Old cards of a camera that writes no offset (an old DSLR's wall clocks) among a library's
/// photos of known zone, and now and then deleted again: each wall clock takes its zone from the
/// photos around it, and the moments around it are cut again with it, or without it, where the
/// rules allow (counted); after every change the queue equals a full rebuild, and so do `next`,
/// `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func wallClocksTakenAmongTheQueuesEqualAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 40) { twins, step in
    switch step % 4 {
    case 0: try twins.importOldCard(wallClocks: true)
    case 1: try twins.append()
    case 2: try twins.removeACard()
    default: try twins.mark()
    }
  }
  let taken = done.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
  #expect(taken.allSatisfy { $0 == .planned || $0 == .rebuilt }, "\(taken)")
  #expect(taken.filter { $0 == .planned }.count >= 4, "\(taken)")
  let removed = done.enumerated().filter { $0.offset % 4 == 2 }.map(\.element)
  #expect(removed.allSatisfy { [.planned, .rebuilt].contains($0) }, "\(removed)")
  #expect(removed.filter { $0 == .planned }.count >= 3, "\(removed)")
}

/// An old card whose photos fall in the widest gap of the library makes a moment of its own: only
/// the moments around it are written, every other item keeps its position, burst and moment
/// ordinal (a moment more once moved every later item's ordinal: at a million photos, half a
/// million rows rewritten), and the queue equals a full rebuild.
@Test func aMomentAddedMidTimelineLeavesEveryOtherItemAsItWas() throws {
  let twins = try TwinLibraries(seed: 11)
  twins.wallClocks = false
  // Short days, now and then a long time away: the widest gap is far above the threshold.
  twins.dayGaps = [20_000, 30_000, 900_000]
  for _ in 0..<30 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  let store = twins.appended.store
  func items() throws -> [String: [Int]] {
    try store.database.read { db in
      var found: [String: [Int]] = [:]
      for item in try IndexStore.items(from: 0, to: Int.max, in: db) {
        found[item.assetID.rawValue] = [item.position, item.burst, item.moment]
      }
      return found
    }
  }
  let times = twins.files.values.map(\.takenAt).sorted()
  let widest = try #require(zip(times, times.dropFirst()).max { $0.1 - $0.0 < $1.1 - $1.0 })
  let middle = (widest.0 + widest.1) / 2
  // The span cut again: the moment before the gap, the one before it and the one after.
  let before = try items()
  let (span, moments) = try store.database.read { db in
    let held = try #require(
      try IndexStore.items(from: 0, to: Int.max, in: db)
        .filter { $0.captureTime.instant.timeIntervalSince1970 <= middle }
        .max { $0.captureTime.instant < $1.captureTime.instant }?.moment)
    let around = try Int.fetchAll(
      db,
      sql: """
        SELECT ordinal FROM (SELECT ordinal FROM queueMoment WHERE ordinal < ?1 ORDER BY ordinal DESC LIMIT 1)
        UNION SELECT ?1 UNION SELECT ordinal FROM (
          SELECT ordinal FROM queueMoment WHERE ordinal > ?1 ORDER BY ordinal LIMIT 1)
        """, arguments: [held])
    return (Set(around), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queueMoment") ?? 0)
  }
  try twins.importOldCard(at: middle)
  #expect(try twins.freshen() == .planned)
  let after = try items()
  let outside = before.filter { !span.contains($0.value[2]) }
  #expect(outside.count > before.count / 2)
  #expect(outside.allSatisfy { after[$0.key] == $0.value })
  #expect(
    try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM queueMoment") } ?? 0 > moments)
  #expect(try TwinLibraries.savedQueue(store) == TwinLibraries.savedQueue(twins.rebuilt.store))
}

/// A queue numbered without room between its items (as stores saved it before `queueStep`, or a
/// span that took photos until none was left): photos taken among its moments rebuild it, equal
/// to a full rebuild, and the rebuilt queue has room for the next ones.
@Test func photosTakenWhereThereIsNoRoomRebuildTheQueueWithRoom() throws {
  let twins = try TwinLibraries(seed: 7)
  twins.wallClocks = false
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  // Every item and burst numbered by its rank, as a save before `queueStep` numbered them.
  // (A full save writes them `queueStep` apart: each divided by it.)
  try twins.appended.store.database.write { db in
    let step = IndexStore.queueStep
    for ordinal in try Int.fetchAll(db, sql: "SELECT ordinal FROM queueMoment ORDER BY ordinal") {
      var items = try IndexStore.items(ofMoment: ordinal, in: db)
      for index in items.indices {
        (items[index].position, items[index].burst) = (
          items[index].position / step, items[index].burst / step
        )
      }
      try IndexStore.rewriteItems(items, ofMoment: ordinal, in: db)
    }
    try db.execute(
      sql: """
        UPDATE queueItems SET moment = moment / \(step);
        UPDATE queueAsset SET moment = moment / \(step);
        UPDATE queueGap SET burst = burst / \(step);
        UPDATE queueMoment SET firstPosition = firstPosition / \(step), endPosition = (endPosition - 1) / \(step) + 1,
          ordinal = ordinal / \(step), firstBurst = firstBurst / \(step);
        """)
  }
  #expect(try TwinLibraries.savedQueue(twins.appended.store) == TwinLibraries.savedQueue(twins.rebuilt.store))
  try twins.importOldCard()
  #expect(try twins.freshen() == .rebuilt)
  try twins.importOldCard()
  #expect(try twins.freshen() == .planned)
  #expect(try TwinLibraries.savedQueue(twins.appended.store) == TwinLibraries.savedQueue(twins.rebuilt.store))
}
