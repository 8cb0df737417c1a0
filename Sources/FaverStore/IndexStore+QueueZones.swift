import FaverCore
import Foundation
import GRDB

/// New wall-clock photos (an old DSLR card: no offset in its files) placed as a full rebuild places
/// them, without reading the library: `Timeline` infers a wall clock's zone from the photos of
/// known zone within `Timeline.reach` (+ the widest offset) of it, its camera's nearest in
/// wall-clock time, else the library's around its instant, and a camera's run of wall clocks
/// takes the zone most of them got. So the new photos are placed together with the saved queue's
/// photos of known zone in those windows (read by instant, `queueItem_listing`), and with each
/// other; no other photo counts. That holds while no wall clock indexed before is within reach
/// of them (its run could join theirs), which the plan reads too (`planQueue`).
extension IndexStore {
  /// The most photos of known zone an append reads to place new wall clocks; beyond, a rebuild.
  static let evidenceLimit = 20000

  /// Places `assets` (the new files', unplaced) on the timeline as a full rebuild would: their
  /// clock corrections, and for wall clocks the zones of the saved queue's photos of known zone
  /// around them (see above), but the items of `without` (the files placed again with them, see
  /// `planQueue`).
  /// False, and `assets` as they were, when those are more than `evidenceLimit`.
  static func place(
    _ assets: inout [Asset], without: Set<String> = [],
    corrections: [ClockCorrection], timeline: Timeline, in db: Database
  ) throws -> Bool {
    let walls = assets.filter { $0.captureTime.utcOffset == nil && $0.captureTime.source != .fileModified }
      .map(\.captureTime.instant.timeIntervalSince1970).sorted()
    guard !walls.isEmpty else {
      timeline.place(&assets, corrections: corrections)
      return true
    }
    // Each wall clock's window, the largest shift either way, merged where they overlap.
    let shift = TimeInterval(corrections.map { abs($0.shift) }.max() ?? 0)
    let reach = timeline.reach + Timeline.widestOffset + shift + 1
    let windows = TimelineReach.merged(walls.map { ($0 - reach)...($0 + reach) })
    let known = try db.cachedStatement(
      sql: """
        SELECT \(QueuedItem.selection) FROM queueItem q
        WHERE q.instant >= ? AND q.instant <= ? AND q.isUndated = 0 AND q.utcOffset IS NOT NULL
          AND q.offsetSource IN ('file', 'gpsTime')
        """)
    var items: [QueuedItem] = []
    for window in windows {
      let rows = try Row.fetchCursor(known, arguments: [window.lowerBound, window.upperBound])
      while let row = try rows.next() {
        let item = QueuedItem(row: row)
        guard !without.contains(item.assetID.rawValue) else { continue }
        items.append(item)
        guard items.count <= evidenceLimit else { return false }
      }
    }
    let found = try QueueSnapshot(db).assets(of: items)
    guard found.allSatisfy({ $0 != nil }) else { return false }
    // Placed already: the corrections move them no further (each by its shift less the one it
    // has), and their zones are their own.
    var placed = found.compactMap(\.self).filter { Timeline.isZoneEvidence($0.captureTime) }
    let evidence = placed.count
    placed += assets
    timeline.place(&placed, corrections: corrections)
    assets = Array(placed[evidence...])
    return true
  }
}
