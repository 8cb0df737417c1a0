package import FaverCore
import Foundation
import GRDB

/// Bringing a stale saved queue up to date after files were edited in place (re-saved by an
/// editor: new content, so a new asset id, and every value the queue is built from as it was),
/// without reading the whole library.
///
/// The queue takes them this way only when the result is, byte for byte, the one a full rebuild
/// saves; every other change is a full rebuild (`QueueEdit.rebuild`). The rules that make it so:
/// - Only files updated in place changed since the queue was saved, and files added: the data
///   generation moved by exactly the number of changes `fileChange` logged, none of them a
///   removal nor of a file added, and of files added (a root or a clock correction moves the
///   generation without a log line). At most `editLimit` changes. The queue is then the one of the
///   library without the files added, which an append takes up (`appendToQueue`).
/// - Each update left every column but the content's id and its stat as it was
///   (`columnsOutsideQueueInputs`): the file's time, offset and their sources, camera, GPS, kind,
///   format, name, folder, identifiers and problem. `Timeline`, the pairings, `BurstDetector` and
///   `MomentClusterer` read nothing else of a file but its id, so every file is placed, paired,
///   grouped and cut as before, and the gaps and the threshold stay.
/// - An id is read by them only to order ties: assets at one instant (by id), bursts starting at
///   one instant (by their first asset's id). An edited file that is an item's own file, dated, is
///   the only dated item at its instant; a Live Photo's video or a raw file orders nothing.
/// - Each new id is held by the edited file alone and by no item; each old id by no file any more
///   and by one item: the file was not a copy of another, nor is it now (copies are one asset).
///
/// The items holding the old ids take the new ones; each moment holding one is written again:
/// its items (their digests and review flags: a review carried to the new id counts, as in a
/// rebuild), its id (its first asset's), its summary and its review count.
extension IndexStore {
  /// What `editQueue` did.
  package enum QueueEdit: Equatable, Sendable {
    /// The edited files' moments were written again: `items` rows written.
    case edited(items: Int)
    /// `edited`, and files were added too: the queue is stale by them alone (see `appendToQueue`).
    case editedBeforeNewFiles(items: Int)
    /// The change is not one of edits in place the queue takes (why): the queue needs another way.
    case rebuild(String)
  }

  /// The most changes an edit takes (each is a few lookups).
  package static let editLimit = 1000

  /// Brings the saved queue of `mode` up to date with the files edited in place since it was
  /// saved, when the rules above hold, summarising each moment written again with `summaries`;
  /// else leaves it as it is and says why.
  package func editQueue(
    mode: MomentClusterer.Mode, recipe: String, summaries: ([Moment]) -> [MomentSummary]
  ) throws -> QueueEdit {
    do {
      return try editQueueWriting(mode: mode, recipe: recipe, summaries: summaries)
    } catch let fallback as EditFallback {
      return .rebuild(fallback.reason)
    }
  }

  /// Why `editQueue` gave up once it had begun to write: thrown, so the transaction is rolled
  /// back and the queue left as it was.
  private struct EditFallback: Error {
    var reason: String
  }

  private func editQueueWriting(
    mode: MomentClusterer.Mode, recipe: String, summaries: ([Moment]) -> [MomentSummary]
  ) throws -> QueueEdit {
    try database.write { db in
      guard try !Self.isScratch(db) else { return .rebuild("the queue is in scratch tables") }
      guard let stamp = try Self.queueStamp(db), stamp.isCurrent(recipe: recipe), stamp.mode == mode,
        let mark = stamp.lastFileRow, stamp.threshold != nil
      else { return .rebuild("no queue of these rules and mode to edit") }
      let generation = try Self.dataGeneration(db)
      guard generation != stamp.generation else { return .edited(items: 0) }
      let changes = try Row.fetchAll(
        db, sql: "SELECT fileRow, assetId, removed, sameInputs FROM fileChange ORDER BY seq LIMIT ?",
        arguments: [Self.editLimit + 1])
      let added =
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM file WHERE rowid > ?", arguments: [mark]) ?? 0
      guard !changes.isEmpty, changes.count <= Self.editLimit,
        generation - stamp.generation == changes.count + added
      else { return .rebuild("files other than ones edited in place or added changed") }
      guard changes.allSatisfy({ $0[2] == false && $0[3] == true && ($0[0] as Int64) <= mark }) else {
        return .rebuild("a file was removed, or changed in what places it")
      }
      // Each file's id when the queue was saved: the one its first change replaced.
      var saved: [Int64: String] = [:]
      for change in changes where saved[change[0]] == nil { saved[change[0]] = change[1] }
      var renamed: [(old: String, new: String)] = []
      for (row, old) in saved.sorted(by: { $0.key < $1.key }) {
        guard
          let new = try String.fetchOne(db, sql: "SELECT assetId FROM file WHERE rowid = ?", arguments: [row])
        else { return .rebuild("an edited file is gone") }
        if new != old { renamed.append((old, new)) }
      }
      var moments: Set<Int> = []
      for (old, new) in renamed {
        guard let position = try Self.itemTakingEdit(db, old: old, new: new) else {
          throw EditFallback(reason: "an edited file is a copy, was one, or ties with another item")
        }
        try db.execute(
          sql: """
            UPDATE queueItem SET
              assetId = CASE WHEN assetId = ?1 THEN ?2 ELSE assetId END,
              companionId = CASE WHEN companionId = ?1 THEN ?2 ELSE companionId END,
              rawId = CASE WHEN rawId = ?1 THEN ?2 ELSE rawId END
            WHERE position = ?3
            """, arguments: [old, new, position])
        if let moment = try Int.fetchOne(
          db, sql: "SELECT moment FROM queueItem WHERE position = ?", arguments: [position])
        {
          moments.insert(moment)
        }
      }
      var written = 0
      for ordinal in moments.sorted() {
        guard let count = try Self.rewriteMoment(ordinal, summaries: summaries, in: db) else {
          throw EditFallback(reason: "an item of an edited moment has no file")
        }
        written += count
      }
      // Files added as well: the queue is now the one of the library without them, for the
      // append to take up (its generation counts the edits alone).
      var updated = stamp
      updated.generation = stamp.generation + changes.count
      try Self.writeStamp(updated, scratch: false, in: db)
      return added == 0 ? .edited(items: written) : .editedBeforeNewFiles(items: written)
    }
  }

  /// The position of the one item holding `old` when the file edited from `old` to `new` takes
  /// its place with nothing else moving (see the rules above); nil when it may not.
  private static func itemTakingEdit(_ db: Database, old: String, new: String) throws -> Int? {
    let copies = try Bool.fetchOne(
      db,
      sql: """
        SELECT (SELECT COUNT(*) FROM file WHERE assetId = ?2) != 1
          OR EXISTS(SELECT 1 FROM file WHERE assetId = ?1)
          OR EXISTS(SELECT 1 FROM queueItem WHERE assetId = ?2 OR companionId = ?2 OR rawId = ?2)
        """, arguments: [old, new])
    guard copies == false else { return nil }
    let holding = try Row.fetchAll(
      db,
      sql: """
        SELECT position, assetId = ?1, isUndated, instant FROM queueItem
        WHERE assetId = ?1 OR companionId = ?1 OR rawId = ?1 LIMIT 2
        """, arguments: [old])
    guard holding.count == 1, let item = holding.first else { return nil }
    let (position, isOwn, isUndated, instant): (Int, Bool, Bool, Double) = (
      item[0], item[1], item[2], item[3]
    )
    if isOwn, !isUndated {
      let tied = try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM queueItem WHERE instant = ? AND isUndated = 0", arguments: [instant])
      guard tied == 1 else { return nil }
    }
    return position
  }

  /// Writes the saved moment at `ordinal` again from its items as they are (their files read
  /// anew), with its summary from `summaries`; returns how many items were written, nil when an
  /// item has no file.
  private static func rewriteMoment(
    _ ordinal: Int, summaries: ([Moment]) -> [MomentSummary], in db: Database
  ) throws -> Int? {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT firstPosition, total, boundary, gapSeconds, thresholdSeconds, meters, endPosition
          FROM queueMoment WHERE ordinal = ?
          """, arguments: [ordinal]),
      let boundary = Manifest.BoundaryEntry(
        reason: row[2], gapSeconds: row[3], thresholdSeconds: row[4], meters: row[5]
      )
      .boundary
    else { return nil }
    let (first, total, end): (Int, Int, Int) = (row[0], row[1], row[6])
    let items = try QueuedItem.fetchAll(db, from: first, to: end)
    let found = try QueueSnapshot(db).assets(of: items)
    let assets = found.compactMap(\.self)
    guard assets.count == found.count, assets.count == total else { return nil }
    var bursts: [(ordinal: Int, assets: [Asset])] = []
    for (item, asset) in zip(items, assets) {
      if bursts.last?.ordinal == item.burst {
        bursts[bursts.count - 1].assets.append(asset)
      } else {
        bursts.append((item.burst, [asset]))
      }
    }
    let moment = Moment(boundary: boundary, bursts: bursts.map { Burst(assets: $0.assets) })
    guard let summary = summaries([moment]).first else { return nil }
    let marked = try db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM review WHERE assetId = ?)")
    try db.execute(
      sql: "DELETE FROM queueItem WHERE position >= ? AND position < ?", arguments: [first, end])
    var inserts = QueueItemInserts(db)
    var count = MomentCount(first: first, end: end)
    var previous: Int?
    for (item, asset) in zip(items, assets) {
      count.items.add(item: asset, startsBurst: previous != item.burst)
      previous = item.burst
      let reviewed = try asset.memberIDs.contains {
        try Bool.fetchOne(marked, arguments: [$0.rawValue]) == true
      }
      try inserts.add(
        asset, position: item.position, burst: item.burst, moment: ordinal, reviewed: reviewed,
        fileID: try OnlyFileRows.row(of: asset.id, in: db))
      count.total += 1
      if reviewed { count.reviewed += 1 }
    }
    try inserts.finish()
    try db.execute(sql: "DELETE FROM queueMoment WHERE ordinal = ?", arguments: [ordinal])
    try insertMoments([moment], summaries: [summary], counts: [count], from: ordinal, step: 1, in: db)
    return count.total
  }
}
