package import FaverCore
import Foundation
import GRDB

/// New wall-clock photos (an old DSLR card: no offset in its files) placed as a full rebuild places
/// them, without reading the library: `Timeline` infers a wall clock's zone from the photos of
/// known zone within `Timeline.reach` (+ the widest offset) of it, its camera's nearest in
/// wall-clock time, else the library's around its instant, and a camera's run of wall clocks
/// takes the zone most of them got. So the new photos are placed together with the saved queue's
/// photos of known zone in those windows (`QueuePlanner.evidenceWindows`, read here by instant,
/// `queueItem_listing`), and with each other; no other photo counts. That holds while no wall
/// clock indexed before is within reach of them (its run could join theirs), which the plan reads
/// too (`readPlan`).
extension IndexStore {
  /// The most photos of known zone a plan reads to place wall clocks; beyond, a rebuild.
  static let evidenceLimit = 20000
}

extension IndexStore.QueueSnapshot {
  /// The saved queue's assets of known zone (as placed) in `windows` of instants, but the items
  /// of `without` (the files placed again with them, see `readPlan`): the evidence that places
  /// wall clocks in them. Nil when they are more than `IndexStore.evidenceLimit`.
  package func zoneEvidence(in windows: [ClosedRange<Double>], without: Set<String>)
    throws -> [Asset]?
  {
    let known = try db.cachedStatement(
      sql: """
        SELECT \(IndexStore.QueuedItem.selection) FROM queueItem q
        WHERE q.instant >= ? AND q.instant <= ? AND q.isUndated = 0 AND q.utcOffset IS NOT NULL
          AND q.offsetSource IN ('file', 'gpsTime')
        """)
    var items: [IndexStore.QueuedItem] = []
    for window in windows {
      let rows = try Row.fetchCursor(known, arguments: [window.lowerBound, window.upperBound])
      while let row = try rows.next() {
        let item = IndexStore.QueuedItem(row: row)
        guard !without.contains(item.assetID.rawValue) else { continue }
        items.append(item)
        guard items.count <= IndexStore.evidenceLimit else { return nil }
      }
    }
    let found = try assets(of: items)
    guard found.allSatisfy({ $0 != nil }) else { return nil }
    return found.compactMap(\.self)
  }
}
