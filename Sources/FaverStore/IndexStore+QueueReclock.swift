package import FaverCore
import Foundation
import GRDB

/// Bringing a stale saved queue up to date after a camera's clock was corrected (`faver clock`),
/// without reading the whole library: the photos the correction moves leave the moments that
/// held them and join those where they fall now, each cut again with one moment either side, as
/// a removal mid-timeline and photos taken among the queue's are (`removeFromQueue`,
/// `insertAmong`).
///
/// Taken only when the result is the one a full rebuild saves (the twin tests compare the two):
/// - Only clock corrections changed since the queue was saved: the data generation moved by
///   exactly the number of correction rows `clockChange` logged. Only the photos of the cameras
///   logged may move, and only those whose wall clock one of their corrections, before or now,
///   covers.
/// - A photo moves when the correction that covers it now (`ClockCorrection.Lookup`, as
///   `Timeline` finds it) has another shift than its item was placed with. Each photo that moves
///   knows its instant from its own offset (not its GPS stamps: those keep the instant and move
///   the zone; not a wall clock, a date in its name or a modification time), is dated, has no
///   burst identifier, and changes nothing placed around it: no file is a wall clock within
///   `Timeline.reach` + the widest offset (+ twice the largest shift before or after) of it (its
///   zone is inferred from evidence that near), and in each of its folders every file dated by its
///   modification time stays dated or undated as it was (`keepsUndated`).
/// - The moments it left and the moments it falls in are cut again (`cutAround`): the span rules
///   of a removal mid-timeline apply, and the threshold is the one of the kept gaps outside every
///   span and theirs.
extension IndexStore {
  /// Brings the saved queue of `mode` up to date with the clock corrections changed since it was
  /// saved (`corrections`, every correction now), when the rules above hold, summarising each
  /// moment cut again with `summaries`; else leaves it as it is and says why.
  package func reclockQueue(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection],
    summaries: ([Moment]) -> [MomentSummary]
  ) throws -> QueueEdit {
    let clusterer = MomentClusterer(mode: mode)
    let timeline = Timeline()
    return try database.write { db in
      guard try !Self.isScratch(db) else { return .rebuild("the queue is in scratch tables") }
      guard let stamp = try Self.queueStamp(db), stamp.isCurrent(recipe: recipe), stamp.mode == mode,
        let mark = stamp.lastFileRow, let savedThreshold = stamp.threshold
      else { return .rebuild("no queue of these rules and mode to move photos in") }
      let generation = try Self.dataGeneration(db)
      guard generation != stamp.generation else { return .edited(items: 0) }
      let changes = try Row.fetchAll(
        db, sql: "SELECT camera, oldCamera, oldShift, oldFrom, oldTo FROM clockChange ORDER BY seq")
      guard !changes.isEmpty, generation - stamp.generation == changes.count else {
        return .rebuild("not only clock corrections changed")
      }
      var cameras: Set<String> = []
      var spans: [(from: Double?, to: Double?)] = []
      var widest = corrections.map { abs($0.shift) }.max() ?? 0
      for change in changes {
        if let camera: String = change[0] { cameras.insert(camera) }
        if let camera: String = change[1] {
          cameras.insert(camera)
          spans.append((change[3], change[4]))
          widest = max(widest, abs(change[2] as Int? ?? 0))
        }
      }
      for correction in corrections where cameras.contains(correction.camera) {
        spans.append((correction.from?.timeIntervalSince1970, correction.to?.timeIntervalSince1970))
      }
      // The items of the photos the changed corrections may move, with what placed them.
      var lookup = ClockCorrection.Lookup(corrections)
      var moved: [(item: QueuedItem, asset: Asset)] = []
      let snapshot = try QueueSnapshot(db)
      for item in try Self.items(ofCameras: cameras, wallClocks: spans, in: db) {
        guard let found = try snapshot.assets(of: [item]).first, var asset = found else {
          return .rebuild("a photo of the camera is not in the queue")
        }
        let shift = lookup.correction(of: asset)?.shift ?? 0
        let time = asset.captureTime
        guard shift != time.clockShift else { continue }
        guard time.offsetSource == .file, time.utcOffset != nil, time.source != .fileName, !time.isUndated,
          asset.burstID == nil
        else {
          return .rebuild("a photo the correction moves has no offset of its own, or a burst identifier")
        }
        widest = max(widest, abs(time.clockShift))
        asset.captureTime.instant += TimeInterval(shift - time.clockShift)
        asset.captureTime.clockShift = shift
        moved.append((item, asset))
        // More than a span may hold: every moment would be cut again, one by one.
        guard moved.count <= Self.spanLimit else { return .rebuild("the correction moves too many photos") }
      }
      var updated = QueueStamp(generation: generation, mode: mode, threshold: savedThreshold, recipe: recipe)
      guard !moved.isEmpty else {
        updated.lastFileRow = mark
        try Self.writeStamp(updated, scratch: false, in: db)
        return .edited(items: 0)
      }
      if let reason = try Self.movesOthers(
        moved, zoneReach: timeline.reach + Timeline.widestOffset + 2 * Double(widest),
        folderReach: timeline.folderReach, in: db)
      {
        return .rebuild(reason)
      }
      var held: [Int: [Asset]] = [:]
      for (item, asset) in moved {
        held[item.moment, default: []] += []
        held[try Self.moment(before: asset, in: db), default: []].append(asset)
      }
      updated.threshold = nil
      guard
        let written = try Self.cutAround(
          held, removed: Set(moved.map(\.item.assetID.rawValue)), clusterer: clusterer,
          savedThreshold: savedThreshold, stamp: updated, lastFileRow: mark, summaries: summaries, in: db)
      else { return .rebuild("the moments the photos leave or join cannot be cut again alone") }
      return .edited(items: written)
    }
  }

  /// The saved queue's items of the photos of `cameras` (by `Asset.camera`, or `cameraModel`)
  /// whose file time lies within a zone of one of `wallClocks` (nil: open on that side), each
  /// once; modification times aside (no correction moves them).
  private static func items(
    ofCameras cameras: Set<String>, wallClocks: [(from: Double?, to: Double?)], in db: Database
  ) throws -> [QueuedItem] {
    // The cameras' makes, models and serial numbers as the files write them: one pass over the
    // files to list them, one to find their files.
    let named = try Self.cameraKeys(in: db).filter { $0.isOne(of: cameras) }
    guard !named.isEmpty, !wallClocks.isEmpty else { return [] }
    let low = wallClocks.map { $0.from ?? -.infinity }.min() ?? -.infinity
    let high = wallClocks.map { $0.to ?? .infinity }.max() ?? .infinity
    // A file's time is its instant, or its wall clock read as UTC: within the widest zone of it.
    var arguments: StatementArguments = [
      low.isFinite ? low - Timeline.widestOffset - 1 : -Double.greatestFiniteMagnitude,
      high.isFinite ? high + Timeline.widestOffset + 1 : Double.greatestFiniteMagnitude,
    ]
    arguments += StatementArguments(named.flatMap(\.arguments))
    // Not DISTINCT: SQLite would walk the asset id index for it, a row looked up for each of a
    // million files; the table is read once instead.
    let ids = try Set(
      String.fetchAll(
        db,
        sql: """
          SELECT assetId FROM file
          WHERE takenAt >= ? AND takenAt <= ? AND timeSource != 'fileModified'
            AND \(CameraKey.condition(count: named.count))
          """, arguments: arguments))
    let holding = try db.cachedStatement(
      sql:
        "SELECT \(QueuedItem.selection) FROM queueItem q WHERE q.assetId = ?1 OR q.companionId = ?1 OR q.rawId = ?1"
    )
    var items: [Int: QueuedItem] = [:]
    for id in ids {
      for row in try Row.fetchAll(holding, arguments: [id]) {
        let item = QueuedItem(row: row)
        items[item.position] = item
      }
    }
    return items.values.sorted { $0.position < $1.position }
  }

  /// Why moving `moved` (each item and its asset placed anew) would place another photo
  /// otherwise (the rules above); nil when it would not.
  private static func movesOthers(
    _ moved: [(item: QueuedItem, asset: Asset)], zoneReach: TimeInterval, folderReach: TimeInterval,
    in db: Database
  ) throws -> String? {
    let near = try db.cachedStatement(
      sql: """
        SELECT EXISTS(SELECT 1 FROM file WHERE utcOffset IS NULL AND timeSource != 'fileModified'
          AND takenAt >= ? AND takenAt <= ?)
        """)
    var byFolder: [FolderPrefix: [String: Double]] = [:]
    for (item, asset) in moved {
      // The file's time: the instant its own offset gives, before any correction.
      let taken = item.captureTime.instant.timeIntervalSince1970 - Double(item.captureTime.clockShift)
      guard try Bool.fetchOne(near, arguments: [taken - zoneReach, taken + zoneReach]) == false else {
        return "a wall-clock photo near a moved one takes its zone from it"
      }
      let files = try Row.fetchAll(
        db, sql: "SELECT rootId, path FROM file WHERE assetId IN (?, ?, ?)",
        arguments: [item.assetID.rawValue, item.companionID?.rawValue, item.rawID?.rawValue])
      for file in files {
        let path: String = file[1]
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? ""
        byFolder[FolderPrefix(rootId: file[0], prefix: folder), default: [:]][item.assetID.rawValue] =
          asset.captureTime.instant.timeIntervalSince1970
      }
    }
    for (folder, instants) in byFolder
    where try !Self.keepsUndated(folder, moving: instants, folderReach: folderReach, in: db) {
      return "a moved photo moves the span of its folder's dated photos"
    }
    return nil
  }
}
