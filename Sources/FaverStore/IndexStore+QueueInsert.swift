package import FaverCore
import Foundation
import GRDB

/// New photos taken among the saved queue's (an old card imported, a phone's backlog synced):
/// the moments around them are cut again with them, as a removal mid-timeline cuts the moments
/// around the photos it removed (`removeFromQueue`), instead of the whole library.
///
/// The new files pass every rule an append asks of them (see `appendToQueue`), their reach taken
/// both ways: nothing indexed before is placed, paired or grouped otherwise with them. Then:
/// - Each new photo falls in the moment of the latest dated item at or before it (the first moment
///   when none is). Those moments, grouped where they lie within three of each other, are each
///   the middle of a span that `span(around:)` cuts again: from the moment before to the moment
///   after, when dated. Each span's items (and the new photos) reach no dated item outside it
///   within the burst window, none of its items has a burst identifier, and a new photo's burst
///   identifier is shared with no other span's.
/// - The threshold is the one of the kept gaps outside the spans and theirs (see `cutAgain`).
/// - Each span's items, bursts and moments are numbered anew from its first, spread over the room
///   up to the next moment's (a full save leaves `queueStep` between them, see
///   `IndexStore+QueueSpans`): a span without room enough rebuilds the whole queue.
extension IndexStore {
  /// Cuts the moments around `assets` (new, placed, taken among the saved queue's dated photos)
  /// again with them by the rules above, writing them and `stamp` (see `cutAgain`); returns how
  /// many items were written. Nil, and nothing written, when a rule does not hold.
  static func insertAmong(
    _ assets: [Asset], clusterer: MomentClusterer, savedThreshold: Double, stamp: QueueStamp,
    lastFileRow: Int64, summaries: ([Moment]) -> [MomentSummary], in db: Database
  ) throws -> Int? {
    var held: [Int: [Asset]] = [:]
    for asset in assets { held[try Self.moment(before: asset, in: db), default: []].append(asset) }
    return try cutAround(
      held, removed: [], clusterer: clusterer, savedThreshold: savedThreshold, stamp: stamp,
      lastFileRow: lastFileRow, summaries: summaries, in: db)
  }

  /// The moment a photo placed at `asset`'s instant falls in: that of the latest dated item at or
  /// before it (the queue's first moment when none is), by the items' instants
  /// (`queueItem_listing`).
  static func moment(before asset: Asset, in db: Database) throws -> Int {
    let latest = try db.cachedStatement(
      sql: "SELECT moment FROM queueItem WHERE instant <= ? AND isUndated = 0 ORDER BY instant DESC LIMIT 1")
    if let moment = try Int.fetchOne(latest, arguments: [asset.captureTime.instant.timeIntervalSince1970]) {
      return moment
    }
    return try Int.fetchOne(db, sql: "SELECT MIN(ordinal) FROM queueMoment") ?? 0
  }

  /// Cuts the moments `held` (each with the photos added to it) again, each with one moment either
  /// side, without the `removed` items (each in one of them) and with the added: moments within
  /// three of each other in one span (see the rules above, and `cutAgain`); returns how many
  /// items were written. Nil, and nothing written, when a rule does not hold.
  static func cutAround(
    _ held: [Int: [Asset]], removed: Set<String>, clusterer: MomentClusterer, savedThreshold: Double,
    stamp: QueueStamp, lastFileRow: Int64, summaries: ([Moment]) -> [MomentSummary], in db: Database
  ) throws -> Int? {
    // Moments close together are cut again in one span (a span reaches one moment either side).
    var groups: [(moments: ClosedRange<Int>, added: [Asset])] = []
    for moment in held.keys.sorted() {
      let added = held[moment] ?? []
      if let last = groups.last,
        try Self.moments(after: last.moments.upperBound, through: moment, in: db) <= 3
      {
        groups[groups.count - 1] = (last.moments.lowerBound...moment, last.added + added)
      } else {
        groups.append((moment...moment, added))
      }
    }
    guard groups.count <= movedCutLimit else { return nil }
    // A burst identifier groups photos however far apart: all of one in one span.
    var spanOfBurst: [String: Int] = [:]
    for (index, group) in groups.enumerated() {
      for burstID in group.added.compactMap(\.burstID) {
        guard spanOfBurst.updateValue(index, forKey: burstID) ?? index == index else { return nil }
      }
    }
    let window = clusterer.burstDetector.window.seconds
    var spans: [(span: QueueTail, assets: [Asset])] = []
    var items = 0
    for group in groups {
      guard
        let span = try Self.span(
          around: group.moments, window: window, removed: removed, added: group.added, in: db)
      else { return nil }
      items += span.assets.count
      guard items <= spanLimit else { return nil }
      spans.append((span, span.assets))
    }
    return try Self.cutAgain(
      spans, clusterer: clusterer, savedThreshold: savedThreshold, stamp: stamp, lastFileRow: lastFileRow,
      summaries: summaries, in: db)
  }
}
