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
///   is dated by its metadata (not by its name, never undated), has no burst identifier, and was
///   not placed by its GPS stamps (those keep the instant and move the zone). One with an offset
///   of its own moves by the change of shift; a wall clock (an old DSLR's) is placed anew from its
///   files, with the saved queue's photos of known zone around where its clock puts it now and
///   the other photos that move (`IndexStore+QueueZones`).
/// - It changes nothing placed around it: no wall clock that does not move is within
///   `Timeline.reach` + the widest offset (+ twice the largest shift before or after) of a moved
///   photo with an offset of its own (their zone is inferred from evidence that near), nor within
///   `Timeline.runGap` (+ twice that shift) of a moved wall clock (their camera's run); in each of
///   its folders every file dated by its modification time stays dated or undated as it was
///   (`keepsUndated`).
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
      var moved: [Moved] = []
      var wallClocks: [QueuedItem] = []
      let snapshot = try QueueSnapshot(db)
      // One at a time: a correction that moves more than a span holds stops early.
      for item in try Self.items(ofCameras: cameras, spans: spans, in: db) {
        guard let found = try snapshot.assets(of: [item]).first, var asset = found else {
          return .rebuild("a photo of the camera is not in the queue")
        }
        let shift = lookup.correction(of: asset)?.shift ?? 0
        let time = asset.captureTime
        guard shift != time.clockShift else { continue }
        guard time.source != .fileName, !time.isUndated, asset.burstID == nil else {
          return .rebuild(
            "a photo the correction moves is dated by its name, undated, or has a burst identifier")
        }
        widest = max(widest, abs(time.clockShift))
        if time.utcOffset == nil {
          // A wall clock: its zone is inferred anew where its clock puts it now (below).
          wallClocks.append(item)
        } else {
          guard time.offsetSource == .file else {
            return .rebuild("a photo the correction moves was placed by its GPS stamps (its zone moves)")
          }
          let taken = time.instant.timeIntervalSince1970 - Double(time.clockShift)
          asset.captureTime.instant += TimeInterval(shift - time.clockShift)
          asset.captureTime.clockShift = shift
          moved.append(Moved(item: item, asset: asset, taken: taken, isWallClock: false))
        }
        // More than a span may hold: every moment would be cut again, one by one.
        guard moved.count + wallClocks.count <= Self.spanLimit else {
          return .rebuild("the correction moves too many photos")
        }
      }
      var updated = QueueStamp(generation: generation, mode: mode, threshold: savedThreshold, recipe: recipe)
      guard !moved.isEmpty || !wallClocks.isEmpty else {
        updated.lastFileRow = mark
        try Self.writeStamp(updated, scratch: false, in: db)
        return .edited(items: 0)
      }
      let ids = Set(
        (moved.map(\.item) + wallClocks).flatMap {
          [$0.assetID, $0.companionID, $0.rawID].compactMap(\.?.rawValue)
        })
      if !wallClocks.isEmpty {
        guard
          let placed = try Self.placeAgain(
            wallClocks, among: moved.map(\.asset), without: ids, corrections: corrections, timeline: timeline,
            in: db)
        else { return .rebuild("a wall clock the correction moves cannot be placed again alone") }
        moved += placed
      }
      if let reason = try Self.movesOthers(
        moved, ids: ids, zoneReach: timeline.reach + Timeline.widestOffset + 2 * Double(widest),
        runReach: timeline.runGap + 2 * Double(widest) + 1, folderReach: timeline.folderReach, in: db)
      {
        return .rebuild(reason)
      }
      var held: [Int: [Asset]] = [:]
      for photo in moved {
        held[photo.item.moment, default: []] += []
        held[try Self.moment(before: photo.asset, in: db), default: []].append(photo.asset)
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
  /// whose file time lies within the widest zone of one of the corrections' `spans` (nil: open on
  /// that side), each once; modification times aside (no correction moves them).
  private static func items(
    ofCameras cameras: Set<String>, spans: [(from: Double?, to: Double?)], in db: Database
  ) throws -> [QueuedItem] {
    // The cameras' makes, models and serial numbers as the files write them: one pass over the
    // files to list them, one to find their files.
    let named = try Self.cameraKeys(in: db).filter { $0.isOne(of: cameras) }
    guard !named.isEmpty, !spans.isEmpty else { return [] }
    let low = spans.map { $0.from ?? -.infinity }.min() ?? -.infinity
    let high = spans.map { $0.to ?? .infinity }.max() ?? .infinity
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

  /// A photo a correction moves: its item, its asset placed where it falls now, its file's time
  /// (the instant its own offset gives, or its wall clock read as UTC), and whether it is a wall
  /// clock.
  struct Moved {
    var item: QueuedItem
    var asset: Asset
    var taken: Double
    var isWallClock: Bool
  }

  /// The wall clocks of `items` placed anew from their files, by their corrections now, with the
  /// saved queue's photos of known zone around them but `without`, and `among` (see
  /// `IndexStore+QueueZones`); nil when an item's files do not make that one asset again, or the
  /// photos around are too many.
  private static func placeAgain(
    _ items: [QueuedItem], among moved: [Asset], without: Set<String>, corrections: [ClockCorrection],
    timeline: Timeline, in db: Database
  ) throws -> [Moved]? {
    let roots = try Self.roots(db)
    var assets: [Asset] = []
    var taken: [Double] = []
    for item in items {
      let records = try Row.fetchAll(
        db, sql: "SELECT \(FileRecord.Columns.selection) FROM file WHERE assetId IN (?, ?, ?)",
        arguments: [item.assetID.rawValue, item.companionID?.rawValue, item.rawID?.rawValue]
      ).map(FileRecord.init(row:))
      let made = Self.paired(records, roots: roots)
      guard made.count == 1, let asset = made.first, asset.id == item.assetID,
        let record = records.first(where: { $0.assetId == item.assetID.rawValue })
      else { return nil }
      assets.append(asset)
      taken.append(record.takenAt)
    }
    guard
      try Self.place(
        &assets, among: moved, without: without, corrections: corrections, timeline: timeline, in: db)
    else { return nil }
    return zip(items, zip(assets, taken)).map { Moved(item: $0, asset: $1.0, taken: $1.1, isWallClock: true) }
  }

  /// Why moving `moved` (each placed anew; `ids`, every id of theirs) would place another photo
  /// otherwise (the rules above); nil when it would not.
  private static func movesOthers(
    _ moved: [Moved], ids: Set<String>, zoneReach: TimeInterval, runReach: TimeInterval,
    folderReach: TimeInterval, in db: Database
  ) throws -> String? {
    // The wall clocks that do not move: a photo with an offset of its own is evidence of their
    // zone; a wall clock is none, and counts only in their camera's run.
    let near = try db.cachedStatement(
      sql: """
        SELECT EXISTS(SELECT 1 FROM file WHERE utcOffset IS NULL AND timeSource != 'fileModified'
          AND takenAt >= ? AND takenAt <= ? AND assetId NOT IN (SELECT value FROM json_each(?)))
        """)
    let list = String(decoding: try JSONEncoder().encode(ids.sorted()), as: UTF8.self)
    var byFolder: [FolderPrefix: [String: Double]] = [:]
    for photo in moved {
      let reach = photo.isWallClock ? runReach : zoneReach
      guard try Bool.fetchOne(near, arguments: [photo.taken - reach, photo.taken + reach, list]) == false
      else {
        return "a wall clock near a moved photo takes its zone from it, or is in its run"
      }
      let item = photo.item
      let files = try Row.fetchAll(
        db, sql: "SELECT rootId, path FROM file WHERE assetId IN (?, ?, ?)",
        arguments: [item.assetID.rawValue, item.companionID?.rawValue, item.rawID?.rawValue])
      for file in files {
        let path: String = file[1]
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? ""
        byFolder[FolderPrefix(rootId: file[0], prefix: folder), default: [:]][item.assetID.rawValue] =
          photo.asset.captureTime.instant.timeIntervalSince1970
      }
    }
    for (folder, instants) in byFolder
    where try !Self.keepsUndated(folder, moving: instants, folderReach: folderReach, in: db) {
      return "a moved photo moves the span of its folder's dated photos"
    }
    return nil
  }
}
