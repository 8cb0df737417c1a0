package import FaverCore
package import Foundation
import GRDB

/// Cutting spans of the saved queue's moments again, what every plan ends with (see
/// `Library+QueuePlan`): the spans its changes reach, and, when the smart threshold moves, the moments
/// around every gap outside them that the new threshold cuts otherwise.
///
/// A moment is cut where the gap before a burst is at least the threshold (or by place, which no
/// threshold moves), so a threshold moving from `a` to `b` changes the cut at exactly the kept
/// gaps (`queueGap`) in `min(a, b) ..< max(a, b)`: each such gap's moment joins the spans, with
/// one moment either side (`span(around:)`; spans close together merge), and they are all cut at
/// the new threshold. The result is a full rebuild's: bursts never reach across a cut, and a span
/// starts and ends at cuts no change moves.
///
/// A span may come out as more or fewer items, bursts and moments (a moment split or merged): its
/// positions, burst and moment ordinals are numbered anew over the room up to the next moment's
/// (see `SpanCut.steps`), and nothing outside it moves: moment ordinals, as positions and burst
/// ordinals, only increase along the queue and may keep holes. A span that needs more room than
/// it has is not written: the queue is rebuilt, which numbers it `queueStep` apart again.
extension IndexStore {
  /// The most moments a moved threshold cuts otherwise outside the span that changed; beyond, a
  /// rebuild (every moment would be cut again one by one).
  package static let movedCutLimit = 256

  /// A span of the saved queue and the moments its assets are cut into now (the first opening
  /// as the span did, see `QueuePlanner.moments(cutting:openings:at:)`), with the gaps between
  /// its bursts and each moment's summary.
  package struct SpanCut {
    var span: QueueSpan
    var moments: [Moment]
    var gaps: [TimeInterval]
    var summaries: [MomentSummary]

    package init(span: QueueSpan, moments: [Moment], gaps: [TimeInterval], summaries: [MomentSummary]) {
      (self.span, self.moments, self.gaps, self.summaries) = (span, moments, gaps, summaries)
    }

    /// How many items its moments hold.
    var items: Int {
      moments.reduce(0) { total, moment in total + moment.bursts.reduce(0) { $0 + $1.assets.count } }
    }

    /// How far apart its items' positions, its bursts' and its moments' ordinals are written:
    /// spread evenly over the room up to the next moment's (as far apart as a full save writes
    /// them at most, `queueStep`), so photos added to it later find room too; `queueStep` at the
    /// queue's end. Nil when a room is too small.
    var steps: (position: Int, burst: Int, moment: Int)? {
      guard let end = span.end else {
        return (IndexStore.queueStep, IndexStore.queueStep, IndexStore.queueStep)
      }
      let bursts = moments.reduce(0) { $0 + $1.bursts.count }
      func step(_ room: Int, _ count: Int) -> Int? {
        count <= room ? min(IndexStore.queueStep, room / max(count, 1)) : nil
      }
      guard let position = step(end.position - span.firstPosition, items),
        let burst = step(end.burst - span.firstBurst, bursts),
        let moment = step(end.ordinal - span.ordinal, moments.count)
      else { return nil }
      return (position, burst, moment)
    }
  }

  /// How many moments of the saved queue are after the one at `ordinal` and up to the one at
  /// `last`: how far apart the two are in the queue (their ordinals may keep holes).
  static func moments(after ordinal: Int, through last: Int, in db: Database) throws -> Int {
    try Int.fetchOne(
      db, sql: "SELECT COUNT(*) FROM queueMoment WHERE ordinal > ? AND ordinal <= ?",
      arguments: [ordinal, last])
      ?? 0
  }

  /// The burst ordinals of the kept gaps outside every span of `spans` (not after a span's first
  /// burst and before the burst after it), as ranges in order.
  static func outside(_ spans: [QueueSpan]) -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    var from = Int.min
    for span in spans.sorted(by: { $0.firstBurst < $1.firstBurst }) {
      if span.firstBurst >= from { ranges.append(from...span.firstBurst) }
      from = max(from, span.end?.burst ?? Int.max)
    }
    if from < Int.max { ranges.append(from...Int.max) }
    return ranges
  }

  /// Writes the items and rows of `moments`, numbered from `span`'s first position, burst and
  /// moment ordinal by `steps`; returns how many items were written.
  static func insert(
    _ moments: [Moment], summaries: [MomentSummary], from span: QueueSpan,
    steps: (position: Int, burst: Int, moment: Int), in db: Database
  ) throws -> Int {
    let marked = try db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM review WHERE assetId = ?)")
    func isMarked(_ asset: Asset) throws -> Bool {
      for id in asset.memberIDs where try Bool.fetchOne(marked, arguments: [id.rawValue]) == true {
        return true
      }
      return false
    }
    var items = QueueItemInserts(db)
    var counts: [MomentCount] = []
    var (position, burst) = (span.firstPosition, span.firstBurst)
    var written = 0
    for (offset, moment) in moments.enumerated() {
      var count = MomentCount(first: position, end: position)
      for members in moment.bursts {
        for (index, asset) in members.assets.enumerated() {
          count.items.add(item: asset, startsBurst: index == 0)
          let reviewed = try isMarked(asset)
          try items.add(
            asset, position: position, burst: burst, moment: span.ordinal + offset * steps.moment,
            reviewed: reviewed,
            fileID: try OnlyFileRows.row(of: asset.id, in: db))
          count.total += 1
          if reviewed { count.reviewed += 1 }
          count.end = position + 1
          position += steps.position
          written += 1
        }
        burst += steps.burst
      }
      counts.append(count)
    }
    try items.finish()
    try insertMoments(
      moments, summaries: summaries, counts: counts, from: span.ordinal, step: steps.moment, in: db)
    return written
  }
}

extension IndexStore.QueueSnapshot {
  /// The kept gaps outside every span of `spans`: before each one's first burst (that one's own
  /// included, which nothing in it moves) and from the first burst after it. Stepped straight
  /// from SQLite (a Double decoded by GRDB per row of half a million cost twice SQLite's own
  /// read), each range of bursts outside them read by the table's key (one condition of many
  /// spans checked on every row of half a million was half of a night's plan).
  package func gaps(outside spans: [IndexStore.QueueSpan]) throws -> [TimeInterval] {
    var gaps: [TimeInterval] = []
    for range in IndexStore.outside(spans) {
      var rows = try ColumnCursor(
        db, sql: "SELECT gap FROM queueGap WHERE burst BETWEEN ? AND ?",
        arguments: [range.lowerBound, range.upperBound])
      while try rows.next() { gaps.append(rows.double(0)) }
    }
    return gaps
  }

  /// The ordinals of the moments at the kept gaps outside `changed` that a threshold moved from
  /// `saved` to `threshold` cuts otherwise (at most one more than `IndexStore.movedCutLimit`).
  package func momentsCutOtherwise(
    from saved: Double, to threshold: Double, outside changed: [IndexStore.QueueSpan]
  ) throws -> Set<Int> {
    let ranges = IndexStore.outside(changed)
    let outside = Array(repeating: "g.burst BETWEEN ? AND ?", count: ranges.count).joined(separator: " OR ")
    return Set(
      try Int.fetchAll(
        db,
        sql: """
          SELECT DISTINCT q.moment FROM queueGap g JOIN queueItem q ON q.burst = g.burst
          WHERE g.gap >= ? AND g.gap < ? AND (\(outside)) ORDER BY q.moment LIMIT \(IndexStore.movedCutLimit + 1)
          """,
        arguments: StatementArguments([min(saved, threshold), max(saved, threshold)])
          + StatementArguments(ranges.flatMap { [$0.lowerBound, $0.upperBound] })))
  }

  /// Replaces each span of `spans` with its moments, their summaries and its gaps, numbered anew
  /// over its room (see `IndexStore.SpanCut.steps`), the stamp with `reach`'s and `threshold`; returns how
  /// many items were written. Nil, and nothing written, when spans overlap, one is empty, or one
  /// has more items, bursts or moments than its room holds.
  package func write(_ spans: [IndexStore.SpanCut], threshold: Double, of reach: IndexStore.PlanReach) throws
    -> Int?
  {
    let spans = spans.sorted { $0.span.ordinal < $1.span.ordinal }
    for (earlier, later) in zip(spans, spans.dropFirst()) {
      guard let end = earlier.span.end, end.ordinal <= later.span.ordinal else { return nil }
    }
    var steps: [(position: Int, burst: Int, moment: Int)] = []
    for cut in spans {
      guard !cut.moments.isEmpty, let step = cut.steps else { return nil }
      steps.append(step)
    }
    for cut in spans {
      let span = cut.span
      try db.execute(
        sql: "DELETE FROM queueItem WHERE position >= ? AND position < ?",
        arguments: [span.firstPosition, span.end?.position ?? Int.max])
      try db.execute(
        sql: "DELETE FROM queueMoment WHERE ordinal >= ? AND ordinal < ?",
        arguments: [span.ordinal, span.end?.ordinal ?? Int.max])
      try db.execute(
        sql: "DELETE FROM queueGap WHERE burst > ? AND burst < ?",
        arguments: [span.firstBurst, span.end?.burst ?? Int.max])
    }
    var written = 0
    for (cut, steps) in zip(spans, steps) {
      written += try IndexStore.insert(
        cut.moments, summaries: cut.summaries, from: cut.span, steps: steps, in: db)
      try IndexStore.insertGaps(
        cut.gaps, firstBurst: cut.span.firstBurst + steps.burst, step: steps.burst, in: db)
    }
    if threshold != reach.savedThreshold {
      try db.execute(
        sql:
          "UPDATE queueMoment SET thresholdSeconds = ?1 WHERE boundary = 'timeGap' AND thresholdSeconds != ?1",
        arguments: [threshold])
    }
    var stamp = IndexStore.QueueStamp(
      generation: reach.generation, mode: reach.stamp.mode, threshold: threshold, recipe: reach.stamp.recipe)
    stamp.lastFileRow = reach.lastFileRow
    try IndexStore.writeStamp(stamp, scratch: false, in: db)
    return written
  }
}
