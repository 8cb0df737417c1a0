package import FaverCore
package import Foundation
import GRDB

/// What the one planner (`Library.plan`, deciding by `QueuePlanner`) reads of the store: the
/// changes since the saved queue was saved (`fileChange`, `clockChange`, the rows of `file` past
/// the stamp's `lastFileRow`), every file they reach (`Reach`: each set found by an index, never
/// a scan of the library), and the saved items the placed assets differ from. Its rules, and when
/// it declines for a full build, are those of rules.md, "Keeping the queue up to date"; the
/// moments to cut again are read by `IndexStore+QueueSpans`. Nothing here places, pairs or cuts.
extension IndexStore {
  /// What a plan starts from: the saved queue it changes, and the files its changes reach.
  package struct PlanReach {
    var stamp: QueueStamp
    var generation: Int
    /// The last row of `file` the queue is planned from (rows past the stamp's are new).
    var lastFileRow: Int64
    package var savedThreshold: Double
    /// Every place of every file the changes reach (see above).
    package var places: [QueuePlanner.FilePlace]
    /// The ids of the assets with a file changed, added or gone: their items are written anew.
    package var changedIDs: Set<String>
    /// The ids of the files gone or changed, as they were.
    package var formerIDs: Set<String>
  }

  /// What reading a plan found.
  package enum PlanReading {
    /// The saved queue is fresh.
    case fresh
    /// The changes are not ones a plan takes (why): the queue is rebuilt whole.
    case rebuild(String)
    case reached(PlanReach)
  }

  /// The most photos of known zone a plan reads to place wall clocks; beyond, a rebuild.
  static let evidenceLimit = 20000

  /// How far apart in file time two files may be and still pair (a Live Photo's still and video,
  /// a RAW+JPEG pair), with room to spare.
  static let pairingReach: TimeInterval = 60

  /// The paths of a folder of a root: those that begin with `prefix` ("" for the whole root, else
  /// a folder's path and "/").
  struct FolderPrefix: Hashable {
    var rootId: Int64
    var prefix: String
    /// The first path after every path of the folder (bytes compared, as SQLite compares text):
    /// the prefix with its final "/" made "0", the byte after it; nil for the whole root.
    var end: String? {
      guard prefix.hasSuffix("/") else { return nil }
      return String(prefix.dropLast()) + "0"
    }
  }

  /// The rows of the files of `cameras` (by `Asset.camera`, or `cameraModel`) whose file time lies
  /// within the widest zone of one of the corrections' `spans` (nil: open on that side);
  /// modification times aside (no correction moves them).
  private static func rows(
    ofCameras cameras: Set<String>, spans: [(from: Double?, to: Double?)], in db: Database
  ) throws -> [Int64] {
    guard !cameras.isEmpty, !spans.isEmpty else { return [] }
    let named = try Self.cameraKeys(in: db).filter { $0.isOne(of: cameras) }
    guard !named.isEmpty else { return [] }
    let low = spans.map { $0.from ?? -.infinity }.min() ?? -.infinity
    let high = spans.map { $0.to ?? .infinity }.max() ?? .infinity
    // A file's time is its instant, or its wall clock read as UTC: within the widest zone of it.
    var arguments: StatementArguments = [
      low.isFinite ? low - Timeline.widestOffset - 1 : -Double.greatestFiniteMagnitude,
      high.isFinite ? high + Timeline.widestOffset + 1 : Double.greatestFiniteMagnitude,
    ]
    arguments += StatementArguments(named.flatMap(\.arguments))
    return try Int64.fetchAll(
      db,
      sql: """
        SELECT rowid FROM file WHERE takenAt >= ? AND takenAt <= ? AND timeSource != 'fileModified'
          AND \(CameraKey.condition(count: named.count))
        LIMIT \(Self.evidenceLimit + 1)
        """, arguments: arguments)
  }

  /// The files of `rows`, each with its row.
  private static func records(rows: Set<Int64>, in db: Database) throws -> [(row: Int64, record: FileRecord)]
  {
    let statement = try db.cachedStatement(
      sql: "SELECT \(FileRecord.Columns.selection) FROM file WHERE rowid = ?")
    var records: [(row: Int64, record: FileRecord)] = []
    for row in rows {
      guard let found = try Row.fetchOne(statement, arguments: [row]) else { continue }
      records.append((row, try FileRecord(row: found)))
    }
    return records
  }

  /// The files a plan reaches (see the rules above), as rows of `file`.
  struct Reach {
    /// What a changed file reaches from: where and when it is, or was.
    struct Seed {
      var rootId: Int64
      var path: String
      var takenAt: Double
      var utcOffset: Int? = nil
      var timeSource: TimeSource = .exifOriginal
      var burstID: String? = nil
      var identifier: String? = nil

      var folder: FolderPrefix {
        let prefix = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? ""
        return FolderPrefix(rootId: rootId, prefix: prefix)
      }
    }

    /// How far a change reaches in file time.
    let timeline: TimelineReach
    var rows: Set<Int64> = []
    /// The asset ids whose every file is reached.
    var ids: Set<String> = []
    /// The ids of the files changed, as they are and as they were.
    var changed: Set<String> = []
    /// The file times of the wall clocks reached, whose runs are followed (`close`).
    private var walls: [Double] = []
    private var folders: Set<FolderPrefix> = []
    /// The file times dated by modification times reached whose chains are yet to follow.
    private var modified: [Double] = []
    private var walked: Set<Double> = []
    var declined: String?

    init(_ timeline: TimelineReach) { self.timeline = timeline }

    /// Adds what `seed` reaches; false (and why in `declined`) when it is more than a plan takes.
    mutating func add(_ seed: Seed, in db: Database) throws -> Bool {
      try pairs(near: seed, in: db)
      if let identifier = seed.identifier {
        try insert(
          Int64.fetchAll(
            db, sql: "SELECT rowid FROM file WHERE contentIdentifier = ?", arguments: [identifier]))
      }
      if let burstID = seed.burstID {
        try insert(Int64.fetchAll(db, sql: "SELECT rowid FROM file WHERE burstID = ?", arguments: [burstID]))
      }
      let time = CaptureTime(
        instant: Date(timeIntervalSince1970: seed.takenAt), utcOffset: seed.utcOffset, source: seed.timeSource
      )
      let windows = timeline.windows(of: time, at: seed.takenAt)
      if let window = windows.wallClocks { try wallClocks(in: window, in: db) }
      if windows.chain != nil { modified.append(seed.takenAt) }
      return rows.count <= IndexStore.evidenceLimit || decline("the changes reach too many files")
    }

    /// Adds every file of each asset reached (its copies, its pair, by the saved items), and the
    /// runs of every wall clock reached, until nothing is added; false when too many.
    mutating func close(in db: Database) throws -> Bool {
      let files = try db.cachedStatement(
        sql: "SELECT rowid, rootId, path, takenAt, contentIdentifier FROM file WHERE assetId = ?")
      let sharing = try db.cachedStatement(sql: "SELECT rowid FROM file WHERE contentIdentifier = ?")
      let ofRow = try db.cachedStatement(
        sql: """
          SELECT assetId, takenAt, utcOffset IS NULL AND timeSource != 'fileModified',
            timeSource = 'fileModified', rootId, path FROM file WHERE rowid = ?
          """)
      var seen: Set<Int64> = []
      var done: Set<String> = []
      while true {
        let fresh = rows.subtracting(seen)
        seen.formUnion(fresh)
        for row in fresh {
          guard let found = try Row.fetchOne(ofRow, arguments: [row]) else { continue }
          ids.insert(found[0])
          if found[2] == true { walls.append(found[1]) }
          if found[3] == true {
            modified.append(found[1])
            try undated(in: Seed(rootId: found[4], path: found[5], takenAt: found[1]).folder, in: db)
          }
        }
        try chains(in: db)
        let pending = ids.subtracting(done)
        if pending.isEmpty && walls.isEmpty && rows.subtracting(seen).isEmpty { break }
        for id in pending {
          done.insert(id)
          var members: Set<String> = [id]
          for item in try IndexStore.items(holding: AssetID(rawValue: id), in: db) {
            members.formUnion(item.memberIDs.map(\.rawValue))
          }
          for member in members {
            ids.insert(member)
            let places = try Row.fetchAll(files, arguments: [member])
            try insert(places.map { $0[0] })
            // An asset is at its first place, which a copy added or gone moves, and a pair made
            // or broken frees its partner: the pairs by name and by Live Photo identifier of each
            // place of one with copies, or of an item whose files changed.
            guard places.count > 1 || changed.contains(member) || changed.contains(id) else { continue }
            for place in places {
              try pairs(near: Seed(rootId: place[1], path: place[2], takenAt: place[3]), in: db)
              if let identifier = place[4] as String? {
                try insert(Int64.fetchAll(sharing, arguments: [identifier]))
              }
            }
          }
        }
        // Each wall clock's run: the wall clocks within `run` of it, followed.
        let runs = timeline.runs(through: walls)
        walls = []
        for window in runs { try wallClocks(in: window, in: db) }
        guard rows.count <= IndexStore.evidenceLimit else {
          return decline("the changes reach too many files")
        }
      }
      return true
    }

    /// Adds the files of `seed`'s folder within the reach of its pairs by name (and its files
    /// whole when one is dated by its modification time, see `undated(in:)`).
    private mutating func pairs(near seed: Seed, in db: Database) throws {
      let folder = seed.folder
      try undated(in: folder, in: db)
      let (files, arguments) = folder.files
      try insert(
        Int64.fetchAll(
          db, sql: "SELECT rowid FROM file WHERE \(files) AND takenAt >= ? AND takenAt <= ?",
          arguments: arguments + [seed.takenAt - timeline.pairing, seed.takenAt + timeline.pairing]))
    }

    /// Adds every file of `folder` (the exact directory) when one of them is dated by its
    /// modification time: which of those are undated is read from the span of the folder's dated
    /// photos and their count (`Timeline.flagUndated`).
    private mutating func undated(in folder: FolderPrefix, in db: Database) throws {
      guard folders.insert(folder).inserted else { return }
      let (files, arguments) = folder.files
      guard
        try Bool.fetchOne(
          db, sql: "SELECT EXISTS(SELECT 1 FROM file WHERE \(files) AND timeSource = 'fileModified')",
          arguments: arguments) == true
      else { return }
      try insert(Int64.fetchAll(db, sql: "SELECT rowid FROM file WHERE \(files)", arguments: arguments))
    }

    /// Adds the saved items dated by their modification time within `Timeline.copyGap` of
    /// `modified`'s, followed from each (a copy's chain: its length makes them undated); their
    /// folders whole.
    private mutating func chains(in db: Database) throws {
      let gap = timeline.chain
      while let instant = modified.popLast() {
        guard walked.insert(instant).inserted else { continue }
        for item in try IndexStore.modifiedItems(in: (instant - gap)...(instant + gap), in: db) {
          ids.insert(item.assetID.rawValue)
        }
      }
    }

    /// Adds the wall clocks taken in `window` (file time), by their index.
    private mutating func wallClocks(in window: ClosedRange<Double>, in db: Database) throws {
      try insert(
        Int64.fetchAll(
          db, sql: IndexStore.wallClocksBetween, arguments: [window.lowerBound, window.upperBound]))
    }

    private mutating func insert(_ found: [Int64]) { rows.formUnion(found) }

    private mutating func decline(_ why: String) -> Bool {
      declined = why
      return false
    }
  }
}

extension IndexStore.Reach.Seed {
  init(_ record: FileRecord) {
    self.init(
      rootId: record.rootId, path: record.path, takenAt: record.takenAt, utcOffset: record.utcOffset,
      timeSource: record.timeSource, burstID: record.burstID, identifier: record.contentIdentifier)
  }
}

extension IndexStore.FolderPrefix {
  /// The SQL condition of the files directly in the folder (not in its folders), by the
  /// (rootId, path) key, and its arguments.
  var files: (String, StatementArguments) {
    let depth = "instr(substr(CAST(path AS BLOB), ?), X'2F') = 0"
    guard let end else { return ("rootId = ? AND \(depth)", [rootId, prefix.utf8.count + 1]) }
    return (
      "rootId = ? AND path >= ? AND path < ? AND \(depth)", [rootId, prefix, end, prefix.utf8.count + 1]
    )
  }
}

extension IndexStore {
  /// The wall clocks (no offset of their own, dated by their metadata or name) taken from ?1 to
  /// ?2, by their partial index (`registerWallClockMigration`).
  static let wallClocksBetween = """
    SELECT rowid FROM file WHERE utcOffset IS NULL AND timeSource != 'fileModified'
      AND takenAt >= ? AND takenAt <= ?
    """

  /// The saved items dated by their modification time (undated ones included) at instants in
  /// `range`: such an item's instant is its file's time.
  static func modifiedItems(in range: ClosedRange<Double>, in db: Database) throws -> [QueuedItem] {
    var found = try datedItems(in: range, in: db)
    if let undated = try undatedMoment(in: db) {
      found += try items(ofMoment: undated, in: db).filter {
        $0.captureTime.isUndated && range.contains($0.captureTime.instant.timeIntervalSince1970)
      }
    }
    return found.filter { $0.captureTime.source == .fileModified }
  }
}

extension IndexStore.QueuedItem {
  /// Whether the item holds `asset` as it is placed now: its pair, its placed time and problem.
  func matches(_ asset: Asset) -> Bool {
    var time = asset.captureTime
    time.instant = captureTime.instant
    return companionID == asset.companion?.id && rawID == asset.raw?.id && problem == asset.problem
      && captureTime.instant.timeIntervalSince1970 == asset.captureTime.instant.timeIntervalSince1970
      && captureTime == time
  }

}

extension IndexStore.QueueSnapshot {
  /// Reads the changes since the saved queue of `mode` was saved and the files they reach, by the
  /// rules above, in the transaction of `db`; or says why a plan cannot take them.
  package func readPlan(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection]
  ) throws -> IndexStore.PlanReading {
    let roots = try IndexStore.roots(db)
    guard try !IndexStore.isScratch(db) else { return .rebuild("the queue is in scratch tables") }
    guard let stamp = try IndexStore.queueStamp(db), stamp.isCurrent(recipe: recipe), stamp.mode == mode,
      let mark = stamp.lastFileRow, let savedThreshold = stamp.threshold
    else { return .rebuild("no queue of these rules and mode to plan from") }
    let generation = try IndexStore.dataGeneration(db)
    guard generation != stamp.generation else { return .fresh }
    let clocks = try Row.fetchAll(
      db, sql: "SELECT camera, oldCamera, oldShift, oldFrom, oldTo FROM clockChange ORDER BY seq")
    let added = try Int64.fetchAll(
      db, sql: "SELECT rowid FROM file WHERE rowid > ? ORDER BY rowid LIMIT ?",
      arguments: [mark, IndexStore.evidenceLimit + 1])
    let logged = try Row.fetchAll(
      db,
      sql: """
        SELECT fileRow, assetId, rootId, path, takenAt, utcOffset, timeSource, burstID FROM fileChange
        ORDER BY seq LIMIT ?
        """, arguments: [IndexStore.evidenceLimit + 1])
    guard added.count + logged.count <= IndexStore.evidenceLimit else { return .rebuild("too many changes") }
    // A root added or forgotten is one change (its files are logged, or past `lastFileRow`).
    let rootChanges = stamp.roots.map { Set(roots.keys).symmetricDifference($0).count }
    guard generation - stamp.generation == added.count + logged.count + clocks.count + (rootChanges ?? 0)
    else {
      return .rebuild(
        rootChanges == nil
          ? "roots changed before the queue knew them, or files added since were changed again"
          : "files added since were changed again")
    }
    // The cameras whose corrections changed, and the spans of their corrections then and now.
    var cameras: Set<String> = []
    var spans: [(from: Double?, to: Double?)] = []
    var widest = corrections.map { abs($0.shift) }.max() ?? 0
    for change in clocks {
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
    var reach = IndexStore.Reach(
      TimelineReach(largestShift: TimeInterval(widest), pairing: IndexStore.pairingReach))
    // The photos a changed correction may move, placed again (those it does not move stay).
    let corrected = try IndexStore.rows(ofCameras: cameras, spans: spans, in: db)
    guard corrected.count <= IndexStore.evidenceLimit else {
      return .rebuild("a correction reaches too many photos")
    }
    for (_, record) in try IndexStore.records(rows: Set(corrected), in: db) {
      guard try reach.add(IndexStore.Reach.Seed(record), in: db) else {
        return .rebuild(reach.declined ?? "")
      }
    }
    // The changes as they were.
    var formerIDs: Set<String> = []
    for change in logged {
      let old = IndexStore.Reach.Seed(
        rootId: change[2], path: change[3], takenAt: change[4], utcOffset: change[5],
        timeSource: TimeSource(rawValue: change[6]) ?? .fileModified, burstID: change[7], identifier: nil)
      formerIDs.insert(change[1])
      guard try reach.add(old, in: db) else { return .rebuild(reach.declined ?? "") }
    }
    // The changed files as they are.
    let updated = Set(logged.map { $0[0] as Int64 })
    let changedRows = Set(added).union(updated)
    for (_, record) in try IndexStore.records(rows: changedRows, in: db) {
      guard try reach.add(IndexStore.Reach.Seed(record), in: db) else {
        return .rebuild(reach.declined ?? "")
      }
      reach.ids.insert(record.assetId)
    }
    reach.ids.formUnion(formerIDs)
    reach.changed = reach.ids
    guard try reach.close(in: db) else { return .rebuild(reach.declined ?? "") }
    let reached = try IndexStore.records(rows: reach.rows, in: db)
    let places = reached.map { $0.record.place(root: roots[$0.record.rootId] ?? "", row: $0.row) }
    // An asset with a file changed, added or gone takes its item's place (its file's row, its
    // copies).
    let changedIDs = Set(reached.filter { changedRows.contains($0.row) }.map(\.record.assetId))
      .union(formerIDs)
    return .reached(
      IndexStore.PlanReach(
        stamp: stamp, generation: generation, lastFileRow: added.last ?? mark, savedThreshold: savedThreshold,
        places: places, changedIDs: changedIDs, formerIDs: formerIDs))
  }

  /// The saved queue's assets of known zone (as placed) in `windows` of instants, but the items
  /// of `without` (the files placed again with them, see `readPlan`): the evidence that places
  /// wall clocks in them. Nil when they are more than `IndexStore.evidenceLimit`.
  package func zoneEvidence(in windows: [ClosedRange<Double>], without: Set<String>)
    throws -> [Asset]?
  {
    var items: [IndexStore.QueuedItem] = []
    for window in windows {
      for item in try IndexStore.datedItems(in: window, in: db) {
        let time = item.captureTime
        guard time.utcOffset != nil, time.offsetSource == .file || time.offsetSource == .gpsTime,
          !without.contains(item.assetID.rawValue)
        else { continue }
        items.append(item)
        guard items.count <= IndexStore.evidenceLimit else { return nil }
      }
    }
    return try assets(of: items, without: [])
  }

  /// What differs between the saved items and `assets` (the assets of `reach`, placed): an asset
  /// with a file changed, or whose placement, pair or problem differs from its saved item, takes
  /// its item's place (dated, by the moment it falls in; undated); every saved item holding one
  /// of `leaving` (the ids of the files reached, and of those gone) but a kept one leaves.
  package func change(
    placing assets: [Asset], leaving: Set<String>, of reach: IndexStore.PlanReach
  ) throws -> IndexStore.PlannedChange {
    var change = IndexStore.PlannedChange()
    for asset in assets {
      let saved = try IndexStore.items(holding: asset.id, in: db).filter { $0.assetID == asset.id }
      if saved.count == 1, saved[0].matches(asset),
        !asset.memberIDs.contains(where: { reach.changedIDs.contains($0.rawValue) })
      {
        change.kept.insert(asset.id.rawValue)
      } else if asset.captureTime.isUndated {
        change.undated.append(asset)
      } else {
        change.held[try IndexStore.moment(before: asset, in: db), default: []].append(asset)
      }
    }
    for id in leaving {
      for item in try IndexStore.items(holding: AssetID(rawValue: id), in: db)
      where !change.kept.contains(item.assetID.rawValue) {
        change.leave(item)
      }
    }
    return change
  }

  /// Stamps the saved queue as up to date with the changes of `reach`, which changed none of its
  /// items.
  package func keepStamp(of reach: IndexStore.PlanReach) throws {
    var updated = reach.stamp
    (updated.generation, updated.lastFileRow) = (reach.generation, reach.lastFileRow)
    try IndexStore.writeStamp(updated, scratch: false, in: db)
  }
}
