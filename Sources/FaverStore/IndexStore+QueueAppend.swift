package import FaverCore
import Foundation
import GRDB

/// Bringing a stale saved queue up to date with new photos, without reading the whole library: the
/// nightly `index` after a day of shooting adds photos taken after every photo the queue holds
/// (cut with its last moments), an old card imported adds photos among them (cut with the moments
/// around them, `insertAmong`).
///
/// The queue takes them this way only when the result is, byte for byte, the one a full rebuild
/// saves; every other change is a full rebuild (`IndexStore.QueueAppend.rebuild`). The rules that
/// make it so, from `Timeline`, `BurstDetector`, `MomentClusterer` and the pairings:
/// - Only files were added since the queue was saved, each by one insert: the data generation
///   moved by exactly the number of rows past the stamp's `lastFileRow` (an edit, a removal, a
///   root or a clock correction moves it further). At most `appendLimit` of them, none a copy of a
///   file indexed before (its asset would gain a duplicate).
/// - Each new file is dated by its metadata, not by its name or modification time: it is never
///   undated. One with an offset of its own is placed by its clock correction alone; a wall clock
///   (an old DSLR's card) takes its zone from the saved queue's photos of known zone around it,
///   as a full rebuild would (see `IndexStore+QueueZones`).
/// - The new files change nothing placed before: no file indexed before is a wall clock within
///   `Timeline.reach` + the widest offset (+ twice the largest clock shift) of the new ones with
///   an offset of their own, either side (their zones are inferred from evidence that near), nor
///   within `Timeline.runGap` (+ twice the largest shift) of a new wall clock (it could join its
///   run), none in their folders is dated by its
///   modification time (its folder's span of dated photos would move), and none shares a Live
///   Photo or burst identifier with them or was taken in their folders within `pairingReach` of
///   them in file time (a Live Photo or RAW+JPEG pair is of one folder, a few seconds apart).
/// - New photos taken among the queue's dated ones (an old card imported) are cut into the
///   moments around them (see `insertAmong`). Otherwise:
/// - Placed, no new photo is earlier than a dated item of the queue (ties are cut with the last
///   moment, which is sorted again with them), and no item before the
///   queue's last dated moment ends after that moment starts or within the burst window of the
///   new photos: bursts and gaps past that point depend on that moment and the new photos alone.
///   That moment and the "Undated" one are cut again with the new photos at the threshold of the
///   library's gaps (`queueGap` keeps every gap of a minute or more by the burst after it).
/// - A smart threshold that moves past gaps before that moment cuts earlier moments otherwise:
///   the moments around each such gap are cut again with it (see `IndexStore+QueueSpans`; a
///   rebuild when they are too many), and every time-gap boundary takes the new threshold.
extension IndexStore {
  /// What `appendToQueue` did.
  package enum QueueAppend: Equatable, Sendable {
    /// The new photos were cut into the queue's last moments: `items` rows written.
    case appended(items: Int)
    /// The new photos, taken among the queue's, were cut into the moments around them (see
    /// `insertAmong`): `items` rows written.
    case inserted(items: Int)
    /// The change is not one the queue takes at its end (why): the queue needs a full rebuild.
    case rebuild(String)
  }

  /// The most new files an append takes (their ids are bound in one statement).
  package static let appendLimit = 5000
  /// How far apart in file time two files may be and still pair (a Live Photo's still and video,
  /// a RAW+JPEG pair), with room to spare.
  static let pairingReach: TimeInterval = 60

  /// Brings the saved queue of `mode` up to date with the files added since it was saved, when
  /// they all fall after it (see the rules above), summarising each new or changed moment with
  /// `summaries`; else leaves it as it is and says why.
  package func appendToQueue(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection],
    summaries: ([Moment]) -> [MomentSummary]
  ) throws -> QueueAppend {
    let roots = try roots()
    let timeline = Timeline()
    let clusterer = MomentClusterer(mode: mode)
    return try database.write { db in
      guard try !Self.isScratch(db) else { return .rebuild("the queue is in scratch tables") }
      guard let stamp = try Self.queueStamp(db), stamp.isCurrent(recipe: recipe), stamp.mode == mode,
        let mark = stamp.lastFileRow, let savedThreshold = stamp.threshold
      else { return .rebuild("no queue of these rules and mode to add to") }
      let generation = try Self.dataGeneration(db)
      // Brought up to date by another run meanwhile: nothing to add.
      guard generation != stamp.generation else { return .appended(items: 0) }
      let rows = try Row.fetchAll(
        db,
        sql: "SELECT \(FileRecord.Columns.selection), rowid FROM file WHERE rowid > ? ORDER BY rowid LIMIT ?",
        arguments: [mark, Self.appendLimit + 1])
      guard let lastRow = rows.last.map({ $0[FileRecord.Columns.allCases.count] as Int64 }),
        rows.count <= Self.appendLimit,
        generation - stamp.generation == rows.count
      else { return .rebuild("files other than new ones changed") }
      let records = try rows.map(FileRecord.init(row:))
      guard records.allSatisfy({ $0.timeSource != .fileModified && $0.timeSource != .fileName }) else {
        return .rebuild("a new file dated by its name or modification time")
      }
      let ids = records.map(\.assetId)
      guard Set(ids).count == ids.count else { return .rebuild("a new file is a copy of another") }
      var assets = Self.paired(records, roots: roots)
      guard try Self.place(&assets, corrections: corrections, timeline: timeline, in: db) else {
        return .rebuild("too many photos of known zone around the new wall clocks")
      }
      let placed = assets.map(\.captureTime.instant.timeIntervalSince1970)
      let taken = records.map(\.takenAt)
      guard let firstNew = placed.min(), let lastNew = placed.max(), let firstTaken = taken.min(),
        let lastTaken = taken.max()
      else { return .rebuild("nothing new") }
      // The new photos of known zone: evidence for the wall clocks around them.
      let known =
        assets.filter { $0.captureTime.utcOffset != nil }.map(\.captureTime.instant.timeIntervalSince1970)
        + records.filter { $0.utcOffset != nil }.map(\.takenAt)
      if let reason = try Self.touchesOldFiles(
        db, records, before: mark, taken: min(firstTaken, firstNew)...max(lastTaken, lastNew),
        evidence: known.min().flatMap { low in known.max().map { low...$0 } }, corrections: corrections,
        timeline: timeline)
      {
        return .rebuild(reason)
      }
      let updated = QueueStamp(generation: generation, mode: mode, threshold: nil, recipe: recipe)
      guard
        let tail = try QueueTail(
          db, firstNew: Date(timeIntervalSince1970: firstNew), window: clusterer.burstDetector.window.seconds)
      else {
        // Taken among the queue's photos: the moments around them are cut again with them.
        guard
          let written = try Self.insertAmong(
            assets, clusterer: clusterer, savedThreshold: savedThreshold, stamp: updated,
            lastFileRow: lastRow,
            summaries: summaries, in: db)
        else { return .rebuild("the new photos are among moments that cannot be cut again alone") }
        return .inserted(items: written)
      }
      guard
        let written = try Self.cutAgain(
          tail, with: tail.assets + assets, clusterer: clusterer, savedThreshold: savedThreshold,
          stamp: updated, lastFileRow: lastRow, summaries: summaries, in: db)
      else { return .rebuild("the moments a moved threshold cuts otherwise are too many or reach the last") }
      return .appended(items: written)
    }
  }

  /// The assets of new files as `assets()` makes them: in file time order (ties by root, then
  /// path), Live Photos and RAW+JPEG pairs combined.
  static func paired(_ records: [FileRecord], roots: [Int64: String]) -> [Asset] {
    let sorted = records.sorted { a, b in
      if a.takenAt != b.takenAt { return a.takenAt < b.takenAt }
      if a.rootId != b.rootId { return a.rootId < b.rootId }
      return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }
    return RawPairing().combined(
      LivePhotoPairing().combined(sorted.map { $0.asset(root: roots[$0.rootId] ?? "") }))
  }

  /// The saved queue's moments that are cut again: its last dated moment and the "Undated" one
  /// after it (what an append cuts again), or a span of dated moments in the middle (what a
  /// removal mid-timeline cuts again, see `removeFromQueue`).
  struct QueueTail {
    /// The ordinal of the first moment, its first item's position and burst.
    var ordinal: Int
    var firstPosition: Int
    var firstBurst: Int
    var boundary: Moment.Boundary
    /// The assets of the moments, as placed.
    var assets: [Asset]
    /// Where the span ends, nil: at the queue's end. The ordinal of the moment after its last
    /// (`Int.max` when none is), the position and burst ordinal of the first item after it
    /// (positions, burst and moment ordinals only increase: the span's are numbered anew from its
    /// first on, below these, see `IndexStore+QueueSpans`).
    var end: (ordinal: Int, position: Int, burst: Int)? = nil

    init(
      ordinal: Int, firstPosition: Int, firstBurst: Int, boundary: Moment.Boundary, assets: [Asset],
      end: (ordinal: Int, position: Int, burst: Int)
    ) {
      (self.ordinal, self.firstPosition, self.firstBurst) = (ordinal, firstPosition, firstBurst)
      (self.boundary, self.assets, self.end) = (boundary, assets, end)
    }

    /// Nil when photos at `firstNew` or after cannot be cut with the last moment alone: a
    /// dated item is after it, or one before the last moment ends after that moment starts or
    /// within `window` of the new photos. The items of the `removed` ids are left out.
    init?(_ db: Database, firstNew: Date, window: TimeInterval, removed: Set<String> = []) throws {
      guard
        let last = try Row.fetchOne(
          db,
          sql: """
            SELECT ordinal, firstPosition, boundary, gapSeconds, thresholdSeconds, meters FROM queueMoment
            WHERE boundary != 'undated' ORDER BY ordinal DESC LIMIT 1
            """),
        let latest = try Double.fetchOne(db, sql: "SELECT MAX(instant) FROM queueItem WHERE isUndated = 0"),
        latest <= firstNew.timeIntervalSince1970
      else { return nil }
      (ordinal, firstPosition) = (last[0], last[1])
      guard
        let boundary = Manifest.BoundaryEntry(
          reason: last[2], gapSeconds: last[3], thresholdSeconds: last[4], meters: last[5]
        ).boundary,
        let burst = try Int.fetchOne(
          db, sql: "SELECT burst FROM queueItem WHERE position = ?", arguments: [firstPosition]),
        let start = try Double.fetchOne(
          db, sql: "SELECT MIN(instant) FROM queueItem WHERE burst = ?", arguments: [burst])
      else { return nil }
      (firstBurst, self.boundary) = (burst, boundary)
      let bound = min(start, firstNew.timeIntervalSince1970 - window - 1)
      // By the items' instants (`queueItem_listing`), the few at the end: not the positions before,
      // which are nearly all of them.
      let reaching = try Bool.fetchOne(
        db,
        sql: "SELECT EXISTS(SELECT 1 FROM queueItem WHERE instant >= ? AND isUndated = 0 AND +position < ?)",
        arguments: [bound, firstPosition])
      guard reaching == false else { return nil }
      let items = try Row.fetchAll(
        db, sql: "SELECT \(QueuedItem.selection) FROM queueItem q WHERE q.position >= ? ORDER BY q.position",
        arguments: [firstPosition]
      ).map(QueuedItem.init(row:)).filter { !removed.contains($0.assetID.rawValue) }
      let found = try QueueSnapshot(db).assets(of: items)
      let assets = found.compactMap(\.self)
      guard assets.count == found.count else { return nil }
      self.assets = assets
    }
  }
}
