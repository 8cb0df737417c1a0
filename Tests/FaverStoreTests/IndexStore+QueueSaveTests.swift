import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

/// The gaps kept are those a smart threshold counts, each at its burst, whether they fill whole
/// batches of rows or end in a part of one.
@Test(arguments: [0, 1, 63, 64, 65, 200])
func theGapsKeptAreTheCountedOnesAtTheirBursts(count: Int) throws {
  let store = try IndexStore()
  // Every third gap is shorter than a minute; the others are whole minutes.
  let gaps: [TimeInterval] = (0..<count).map { (index: Int) -> TimeInterval in
    let seconds: Int = index % 3 == 0 ? 30 + index % 30 : 60 * index
    return TimeInterval(seconds)
  }
  try store.database.write { db in try IndexStore.insertGaps(gaps, firstBurst: 5, in: db) }
  let rows = try store.database.read { db in
    try Row.fetchAll(db, sql: "SELECT burst, gap FROM queueGap ORDER BY burst").map {
      (burst: $0[0] as Int, gap: $0[1] as Double)
    }
  }
  let counted: [(burst: Int, gap: TimeInterval)] = gaps.enumerated().compactMap { offset, gap in
    gap >= MomentClusterer.minimumCountedGap ? (5 + offset, gap) : nil
  }
  #expect(!counted.isEmpty || count < 3)
  #expect(rows.map { $0.burst } == counted.map { $0.burst })
  #expect(rows.map { $0.gap } == counted.map { $0.gap })
}
