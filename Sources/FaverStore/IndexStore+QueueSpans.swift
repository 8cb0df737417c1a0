package import FaverCore
package import Foundation
import GRDB

/// The spans of the saved queue's moments a plan cuts again (`Library+QueuePlan`), read and
/// written: those its changes reach, and, when the smart threshold moves, the moments around every
/// gap outside them that the new threshold cuts otherwise.
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
  /// The most items the spans of a plan cut again.
  package static let spanLimit = 20000

  /// Moments of the saved queue that a plan cuts again.
  package struct QueueSpan {
    /// The ordinal of the first moment, its first item's position and burst.
    var ordinal: Int
    var firstPosition: Int
    var firstBurst: Int
    package var boundary: Moment.Boundary
    /// The assets of the moments, as placed.
    package var assets: [Asset]
    /// Where the span ends, nil: at the queue's end. The ordinal of the moment after its last
    /// (`Int.max` when none is), the position and burst ordinal of the first item after it
    /// (positions, burst and moment ordinals only increase: the span's are numbered anew from its
    /// first on, below these, see `SpanCut.steps`).
    var end: (ordinal: Int, position: Int, burst: Int)?
  }

  /// What a plan changes in the saved queue: the items that leave it, the assets that take their
  /// places, dated (by the moment they fall in) and undated.
  package struct PlannedChange {
    var kept: Set<String> = []
    var removed: Set<String> = []
    var held: [Int: [Asset]] = [:]
    var undated: [Asset] = []
    var undatedLeaves = false

    package var isEmpty: Bool { held.isEmpty && undated.isEmpty && !undatedLeaves }

    mutating func leave(_ item: QueuedItem) {
      guard removed.insert(item.assetID.rawValue).inserted else { return }
      if item.captureTime.isUndated {
        undatedLeaves = true
      } else {
        held[item.moment, default: []] += []
      }
    }

    /// The spans of the saved queue to cut again, each with its assets: the moments held and
    /// `extra` (a moved threshold cuts them otherwise), with one either side, those within three
    /// of each other in one span (see `span(around:)`), and the "Undated" moment when an undated
    /// asset comes or goes. Nil when one cannot be cut alone.
    package func spans(window: TimeInterval, extra: Set<Int> = [], in queue: QueueSnapshot) throws
      -> [QueueSpan]?
    {
      let db = queue.db
      var groups: [(moments: ClosedRange<Int>, added: [Asset])] = []
      for moment in Set(held.keys).union(extra).sorted() {
        let added = held[moment] ?? []
        if let last = groups.last,
          try IndexStore.moments(after: last.moments.upperBound, through: moment, in: db) <= 3
        {
          groups[groups.count - 1] = (last.moments.lowerBound...moment, last.added + added)
        } else {
          groups.append((moment...moment, added))
        }
      }
      guard groups.count <= IndexStore.movedCutLimit else { return nil }
      var spans: [QueueSpan] = []
      var items = 0
      for group in groups {
        guard
          let span = try IndexStore.span(
            around: group.moments, window: window, removed: removed, added: group.added, in: db)
        else { return nil }
        items += span.assets.count
        guard items <= IndexStore.spanLimit else { return nil }
        spans.append(span)
      }
      if !undated.isEmpty || undatedLeaves {
        guard let span = try undatedSpan(in: db) else { return nil }
        spans.append(span)
      }
      return spans
    }

    /// The "Undated" moment, the queue's last, with the undated assets that stay and those that
    /// come (one burst each, in folder order: cut alone); where it would begin when there is none.
    private func undatedSpan(in db: Database) throws -> QueueSpan? {
      let step = IndexStore.queueStep
      var span: QueueSpan
      if let saved = try Row.fetchOne(
        db, sql: "SELECT ordinal, firstPosition FROM queueMoment WHERE boundary = 'undated'")
      {
        let (ordinal, first): (Int, Int) = (saved[0], saved[1])
        let items = try QueuedItem.fetchAll(db, from: first, to: Int.max)
        guard let firstBurst = items.first?.burst else { return nil }
        guard let assets = try QueueSnapshot(db).assets(of: items, without: removed) else { return nil }
        span = QueueSpan(
          ordinal: ordinal, firstPosition: first, firstBurst: firstBurst, boundary: .undated,
          assets: assets + undated, end: nil)
      } else {
        let last = try Row.fetchOne(
          db, sql: "SELECT ordinal, endPosition FROM queueMoment ORDER BY ordinal DESC LIMIT 1")
        let lastBurst = try last.flatMap { try IndexStore.items(ofMoment: $0[0], in: db).last?.burst }
        span = QueueSpan(
          ordinal: (last?[0] as Int?).map { $0 + step } ?? 0,
          firstPosition: (last?[1] as Int?).map { $0 - 1 + step } ?? 0,
          firstBurst: lastBurst.map { $0 + step } ?? 0, boundary: .undated, assets: undated,
          end: nil)
      }
      // No undated asset left: the moment cannot be written empty (a rebuild drops it).
      return span.assets.isEmpty ? nil : span
    }
  }

  /// The moment a photo placed at `asset`'s instant falls in: that of the latest dated item at or
  /// before it (by instant, then id; the queue's first moment when none is), among the moments
  /// whose dated items begin at most the longest moment's span before the latest that begins by
  /// then.
  static func moment(before asset: Asset, in db: Database) throws -> Int {
    let instant = asset.captureTime.instant.timeIntervalSince1970
    let candidates = try Int.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT ordinal FROM queueMoment WHERE low IS NOT NULL AND low <= ?1
            AND low >= (SELECT MAX(low) FROM queueMoment WHERE low <= ?1)
              - (SELECT MAX(high - low) FROM queueMoment WHERE low IS NOT NULL)
          """),
      arguments: [instant])
    var latest: QueuedItem?
    for ordinal in candidates {
      for item in try items(ofMoment: ordinal, in: db) where !item.captureTime.isUndated {
        let time = item.captureTime.instant.timeIntervalSince1970
        guard time <= instant else { continue }
        if let found = latest {
          let known = found.captureTime.instant.timeIntervalSince1970
          guard time > known || (time == known && item.assetID.rawValue > found.assetID.rawValue) else {
            continue
          }
        }
        latest = item
      }
    }
    if let latest { return latest.moment }
    return try Int.fetchOne(db, sql: "SELECT MIN(ordinal) FROM queueMoment") ?? 0
  }

  /// The span of dated moments a plan cuts again around the moments `held`, with photos `added`
  /// among them: from the one before the first to the one after the last,
  /// when dated; nil when its items (and the added) reach outside it, or are too many. Its assets
  /// are those left once the `removed` are, and the `added`.
  static func span(
    around held: ClosedRange<Int>, window: TimeInterval, removed: Set<String>, added: [Asset],
    in db: Database
  ) throws -> QueueSpan? {
    // Moment ordinals may keep holes: the moments before and after are looked up.
    let first =
      try Int.fetchOne(
        db, sql: "SELECT MAX(ordinal) FROM queueMoment WHERE ordinal < ?", arguments: [held.lowerBound])
      ?? held.lowerBound
    var last = held.upperBound
    let next = "SELECT ordinal, boundary FROM queueMoment WHERE ordinal > ? ORDER BY ordinal LIMIT 1"
    if let after = try Row.fetchOne(db, sql: next, arguments: [last]), after[1] != "undated" {
      last = after[0]
    }
    let following = try Row.fetchOne(db, sql: next, arguments: [last]).map { $0[0] as Int } ?? Int.max
    guard
      let opening = try Row.fetchOne(
        db,
        sql:
          "SELECT firstPosition, boundary, gapSeconds, thresholdSeconds, meters FROM queueMoment WHERE ordinal = ?",
        arguments: [first]),
      let closing = try Int.fetchOne(
        db, sql: "SELECT endPosition FROM queueMoment WHERE ordinal = ?", arguments: [last]),
      let boundary = Manifest.BoundaryEntry(
        reason: opening[1], gapSeconds: opening[2], thresholdSeconds: opening[3], meters: opening[4]
      ).boundary
    else { return nil }
    let firstPosition: Int = opening[0]
    let items = try QueuedItem.fetchAll(db, from: firstPosition, to: closing)
    let instants = items.map(\.captureTime.instant) + added.map(\.captureTime.instant)
    guard items.count + added.count <= spanLimit, let firstBurst = items.first?.burst,
      let start = instants.min()?.timeIntervalSince1970, let end = instants.max()?.timeIntervalSince1970,
      items.allSatisfy({ !$0.captureTime.isUndated })
    else { return nil }
    // No dated item outside the span within the burst window of it: no burst reaches across its
    // ends (the moments on either side are apart by a cut, minutes at least).
    let reaching = try datedItems(in: (start - window - 1)...(end + window + 1), in: db).contains {
      $0.position < firstPosition || $0.position >= closing
    }
    guard !reaching else { return nil }
    let after = try Row.fetchOne(
      db,
      sql:
        "SELECT firstPosition, firstBurst FROM queueMoment WHERE firstPosition >= ? ORDER BY firstPosition LIMIT 1",
      arguments: [closing])
    guard let assets = try QueueSnapshot(db).assets(of: items, without: removed),
      try Self.holdsItsBursts(assets + added, removed: removed, in: db)
    else { return nil }
    return QueueSpan(
      ordinal: first, firstPosition: firstPosition, firstBurst: firstBurst, boundary: boundary,
      assets: assets + added,
      end: (following, after?[0] ?? Int.max, after?[1] ?? Int.max))
  }

  /// Whether every file sharing a burst identifier (Apple's `BurstUUID`, which makes one burst
  /// whatever the gaps) with one of `assets` belongs to one of them, or is `removed`: a span
  /// holding them is cut into the bursts a full build makes.
  static func holdsItsBursts(_ assets: [Asset], removed: Set<String>, in db: Database) throws -> Bool {
    let identifiers = Set(assets.compactMap(\.burstID))
    guard !identifiers.isEmpty else { return true }
    let held = Set(assets.flatMap { $0.memberIDs.map(\.rawValue) }).union(removed)
    let holders = try db.cachedStatement(sql: "SELECT assetId FROM file WHERE burstID = ?")
    for identifier in identifiers {
      guard try String.fetchAll(holders, arguments: [identifier]).allSatisfy(held.contains) else {
        return false
      }
    }
    return true
  }

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
    var keys: [(key: Int64, moment: Int)] = []
    var (position, burst) = (span.firstPosition, span.firstBurst)
    var written = 0
    for (offset, moment) in moments.enumerated() {
      let ordinal = span.ordinal + offset * steps.moment
      var items = PackedMoment(first: position)
      for members in moment.bursts {
        for asset in members.assets {
          items.add(asset, position: position, burst: burst, reviewed: try isMarked(asset))
          position += steps.position
          written += 1
        }
        burst += steps.burst
      }
      try insertMoment(items, summary: summaries[offset], boundary: moment.boundary, ordinal: ordinal, in: db)
      keys += items.keys.map { ($0, ordinal) }
    }
    try insertKeys(keys, in: db)
    return written
  }
}

extension IndexStore.QueueSnapshot {
  /// The assets of `items` but those of `removed` ids (see `assets(of:)`); nil when one's file is
  /// no longer indexed.
  func assets(of items: [IndexStore.QueuedItem], without removed: Set<String>) throws -> [Asset]? {
    let found = try assets(of: items.filter { !removed.contains($0.assetID.rawValue) })
    let assets = found.compactMap(\.self)
    return assets.count == found.count ? assets : nil
  }

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
          SELECT DISTINCT (SELECT m.ordinal FROM queueMoment m WHERE m.firstBurst <= g.burst
            ORDER BY m.firstBurst DESC LIMIT 1) AS moment FROM queueGap g
          WHERE g.gap >= ? AND g.gap < ? AND (\(outside)) ORDER BY moment LIMIT \(IndexStore.movedCutLimit + 1)
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
      try IndexStore.deleteMoments(from: span.ordinal, to: span.end?.ordinal ?? Int.max, in: db)
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
