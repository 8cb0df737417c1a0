package import FaverCore
import Foundation
import GRDB

/// Bringing a stale saved queue up to date after photos were removed (a bad shot deleted),
/// without reading the whole library: the moments that held them, and one moment either side,
/// are cut again without them, as an append cuts its last moments with new photos
/// (`appendToQueue`). At the queue's end (`removeFromQueueEnd`): its last dated moment and the
/// "Undated" one. In the middle (`removeFromQueue`): the span from the moment before the first
/// that held one to the moment after the last that did; its items, bursts and moments are
/// numbered anew over the room up to the next moment's (positions, burst and moment ordinals only
/// increase along the queue and may keep holes, see `IndexStore+QueueSpans`).
///
/// Taken only when the result is the one a full rebuild saves, item for item and moment for
/// moment (positions, burst and moment ordinals may differ, their order may not):
/// - Only files were removed since the queue was saved: the data generation moved by exactly the
///   number of changes `fileChange` logged, each a removal. At most `editLimit` of them.
/// - Each removed file was not a copy (no file holds its id any more) and was one item of its own
///   (no Live Photo video, no raw file with it): it paired with nothing.
/// - Each was dated by its metadata (not by its name or modification time), and changed nothing
///   placed around it: no file is a wall clock within `Timeline.reach` + the widest offset (+
///   twice the largest clock shift) of one with an offset of its own, either side (its zone is
///   inferred from evidence that near), nor within `Timeline.runGap` (+ twice the largest shift)
///   of a removed wall clock (whose camera's run it may have been in); none shares its burst
///   identifier; and in its folder (the exact
///   directory), every file dated by its modification time stays dated or undated as it was: the
///   removed photos were not what held the span of the folder's dated photos near it, nor what
///   made them outnumber its modification times (`keepsUndated`).
/// - At the end: each was an item of the queue's last dated moment, not its first, or of the
///   "Undated" one; no item before that moment ends after it starts or within the burst window
///   (+1 s) of its start, and none of its photos has a burst identifier: bursts, gaps and cuts
///   from that moment on depend on that moment alone.
/// - In the middle: each was a dated item; the span holds at most `spanLimit` items, none with a
///   burst identifier, and no dated item outside it is within the burst window (+1 s) of its
///   first or last instant. The span starts at a cut (or the queue's start) whose gap and place
///   nothing removed moves, and ends at a cut before a moment that starts after every removed
///   photo ended: the gap, place and burst of every item outside the span stay. The span may
///   come out as another number of moments; the moments after it keep their ordinals (see
///   `IndexStore+QueueSpans`), and a span without room enough rebuilds the queue.
/// - The smart threshold is the one of the kept gaps and the span's new ones; the moments around
///   each gap outside the span that it cuts otherwise are cut again with it (see
///   `IndexStore+QueueSpans`), and every time-gap boundary takes it.
extension IndexStore {
  /// The most items a removal mid-timeline cuts again.
  package static let spanLimit = 20000

  /// Brings the saved queue of `mode` up to date with the files removed since it was saved from
  /// its last moments, when the rules above hold, summarising each moment cut again with
  /// `summaries`; else leaves it as it is and says why.
  package func removeFromQueueEnd(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection],
    summaries: ([Moment]) -> [MomentSummary]
  ) throws -> QueueEdit {
    let clusterer = MomentClusterer(mode: mode)
    return try database.write { db in
      let removal = try Self.removal(mode: mode, recipe: recipe, corrections: corrections, in: db)
      guard case .removed(let removed, let generation, let savedThreshold) = removal else {
        return removal.edit
      }
      guard
        let latest = try Double.fetchOne(db, sql: "SELECT MAX(instant) FROM queueItem WHERE isUndated = 0"),
        let tail = try QueueTail(
          db, firstNew: Date(timeIntervalSince1970: latest), window: clusterer.burstDetector.window.seconds,
          removed: removed)
      else { return .rebuild("the queue's last moment reaches back") }
      let holding = try Int.fetchAll(
        db, sql: "SELECT position FROM queueItem WHERE assetId IN (SELECT value FROM json_each(?))",
        arguments: [try Self.idList(removed)])
      guard holding.count == removed.count, holding.allSatisfy({ $0 > tail.firstPosition }) else {
        return .rebuild("a removed photo is not in the queue's last moments, or starts the last one")
      }
      // Nothing before that moment within the burst window of its start, nor a burst identifier
      // in it: no burst reaches across its start, whatever the removed photos joined.
      guard let start = tail.assets.first?.captureTime.instant.timeIntervalSince1970,
        try Bool.fetchOne(
          db,
          sql: "SELECT EXISTS(SELECT 1 FROM queueItem WHERE isUndated = 0 AND position < ? AND instant >= ?)",
          arguments: [tail.firstPosition, start - clusterer.burstDetector.window.seconds - 1]) == false,
        tail.assets.allSatisfy({ $0.burstID == nil })
      else { return .rebuild("a burst may reach across the last moment's start") }
      let assets = tail.assets.filter { !removed.contains($0.id.rawValue) }
      guard
        let written = try Self.cutAgain(
          tail, with: assets, clusterer: clusterer, savedThreshold: savedThreshold,
          stamp: QueueStamp(generation: generation, mode: mode, threshold: nil, recipe: recipe),
          lastFileRow: try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM file") ?? 0, summaries: summaries,
          in: db)
      else { return .rebuild("the moments a moved threshold cuts otherwise are too many or reach the last") }
      return .edited(items: written)
    }
  }

  /// Brings the saved queue of `mode` up to date with the files removed since it was saved from
  /// anywhere in its dated moments, when the rules above hold, summarising each moment cut again
  /// with `summaries`; else leaves it as it is and says why.
  package func removeFromQueue(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection],
    summaries: ([Moment]) -> [MomentSummary]
  ) throws -> QueueEdit {
    let clusterer = MomentClusterer(mode: mode)
    let window = clusterer.burstDetector.window.seconds
    return try database.write { db in
      let removal = try Self.removal(mode: mode, recipe: recipe, corrections: corrections, in: db)
      guard case .removed(let removed, let generation, let savedThreshold) = removal else {
        return removal.edit
      }
      let holding = try Row.fetchAll(
        db,
        sql: "SELECT moment, isUndated FROM queueItem WHERE assetId IN (SELECT value FROM json_each(?))",
        arguments: [try Self.idList(removed)])
      guard holding.count == removed.count, holding.allSatisfy({ $0[1] == false }),
        let low = holding.map({ $0[0] as Int }).min(), let high = holding.map({ $0[0] as Int }).max()
      else { return .rebuild("a removed photo is not a dated item of the queue") }
      guard let span = try Self.span(around: low...high, window: window, removed: removed, in: db) else {
        return .rebuild("the moments around a removed photo reach further")
      }
      guard
        let written = try Self.cutAgain(
          span, with: span.assets, clusterer: clusterer, savedThreshold: savedThreshold,
          stamp: QueueStamp(generation: generation, mode: mode, threshold: nil, recipe: recipe),
          lastFileRow: try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM file") ?? 0, summaries: summaries,
          in: db)
      else { return .rebuild("the moments to cut again overlap, are too many, or have too many bursts") }
      return .edited(items: written)
    }
  }

  /// The span of dated moments a removal from the moments `held` (or photos `added` among them)
  /// cuts again (see the rules above): from the one before the first to the one after the last,
  /// when dated; nil when its items (and the added) reach outside it, or are too many. Its assets
  /// are those left once the `removed` are, and the `added`.
  static func span(
    around held: ClosedRange<Int>, window: TimeInterval, removed: Set<String>, added: [Asset] = [],
    in db: Database
  ) throws -> QueueTail? {
    // Moment ordinals may keep holes (see `IndexStore+QueueSpans`): the moments before and after
    // are looked up.
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
    let reaching = try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS(SELECT 1 FROM queueItem WHERE instant >= ? AND instant <= ? AND isUndated = 0
          AND (position < ? OR position >= ?))
        """, arguments: [start - window - 1, end + window + 1, firstPosition, closing])
    guard reaching == false else { return nil }
    let after = try Row.fetchOne(
      db, sql: "SELECT position, burst FROM queueItem WHERE position >= ? ORDER BY position LIMIT 1",
      arguments: [closing])
    let found = try QueueSnapshot(db).assets(of: items.filter { !removed.contains($0.assetID.rawValue) })
    let assets = found.compactMap(\.self)
    guard assets.count == found.count, assets.allSatisfy({ $0.burstID == nil }) else { return nil }
    return QueueTail(
      ordinal: first, firstPosition: firstPosition, firstBurst: firstBurst, boundary: boundary,
      assets: assets + added,
      end: (following, after?[0] ?? Int.max, after?[1] ?? Int.max))
  }

  /// What the removed files are, when the queue may take their removal without a rebuild (the
  /// rules above, but where they were in the queue).
  private enum Removal {
    case removed(Set<String>, generation: Int, threshold: Double)
    /// Not a removal the queue takes: the edit to report.
    case other(QueueEdit)

    var edit: QueueEdit {
      if case .other(let edit) = self { return edit }
      return .rebuild("files were removed")
    }
  }

  private static func removal(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection], in db: Database
  ) throws -> Removal {
    let timeline = Timeline()
    guard try !Self.isScratch(db) else { return .other(.rebuild("the queue is in scratch tables")) }
    guard let stamp = try Self.queueStamp(db), stamp.isCurrent(recipe: recipe), stamp.mode == mode,
      stamp.lastFileRow != nil, let savedThreshold = stamp.threshold
    else { return .other(.rebuild("no queue of these rules and mode to remove from")) }
    let generation = try Self.dataGeneration(db)
    guard generation != stamp.generation else { return .other(.edited(items: 0)) }
    let changes = try Row.fetchAll(
      db,
      sql: """
        SELECT assetId, removed, rootId, path, takenAt, utcOffset, timeSource, burstID FROM fileChange
        ORDER BY seq LIMIT ?
        """, arguments: [Self.editLimit + 1])
    guard !changes.isEmpty, changes.count <= Self.editLimit, generation - stamp.generation == changes.count,
      changes.allSatisfy({ $0[1] == true })
    else { return .other(.rebuild("files other than removed ones changed")) }
    let shift = corrections.map { TimeInterval(abs($0.shift)) }.max() ?? 0
    let zoneReach = timeline.reach + Timeline.widestOffset + 2 * shift + Self.pairingReach
    let runReach = timeline.runGap + 2 * shift + Self.pairingReach
    var removed: Set<String> = []
    var removedByFolder: [FolderPrefix: Set<String>] = [:]
    for change in changes {
      let (id, root, path, takenAt): (String, Int64, String, Double) = (
        change[0], change[2], change[3], change[4]
      )
      let (offset, source, burstID): (Int?, String, String?) = (change[5], change[6], change[7])
      guard source != TimeSource.fileModified.rawValue, source != TimeSource.fileName.rawValue else {
        return .other(.rebuild("a removed file was dated by its name or modification time"))
      }
      // A photo with an offset of its own is evidence of the zone of the wall clocks near it; a
      // wall clock is none, and counts only in the run of its camera's within `runGap` of it.
      let reach = offset == nil ? runReach : zoneReach
      let near = try Bool.fetchOne(
        db,
        sql: """
          SELECT EXISTS(SELECT 1 FROM file WHERE assetId = ?1)
          OR (SELECT COUNT(*) FROM queueItem WHERE assetId = ?1 AND companionId IS NULL AND rawId IS NULL) != 1
          OR EXISTS(SELECT 1 FROM queueItem WHERE companionId = ?1 OR rawId = ?1)
          OR EXISTS(SELECT 1 FROM file WHERE utcOffset IS NULL AND timeSource != 'fileModified'
            AND takenAt >= ?2 AND takenAt <= ?3)
          OR (?4 IS NOT NULL AND EXISTS(SELECT 1 FROM file WHERE burstID = ?4))
          """,
        arguments: [id, takenAt - reach, takenAt + reach, burstID])
      guard near == false else {
        return .other(.rebuild("a removed file was a copy or a pair, or files near it depend on it"))
      }
      removed.insert(id)
      let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? ""
      removedByFolder[FolderPrefix(rootId: root, prefix: folder), default: []].insert(id)
    }
    for (folder, ids) in removedByFolder
    where try !Self.keepsUndated(folder, without: ids, folderReach: timeline.folderReach, in: db) {
      return .other(.rebuild("a removed photo moves the span or count of its folder's dated photos"))
    }
    return .removed(removed, generation: generation, threshold: savedThreshold)
  }

  private static func idList(_ ids: Set<String>) throws -> String {
    String(decoding: try JSONEncoder().encode(ids.sorted()), as: UTF8.self)
  }
}
