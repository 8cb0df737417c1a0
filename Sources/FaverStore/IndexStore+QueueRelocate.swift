package import FaverCore
import Foundation
import GRDB

/// Bringing a stale saved queue up to date after files were moved or renamed, copied, or had a
/// copy deleted, without reading the whole library: a move is a file removed and one added with
/// the same content (the same asset id), a copy a file added with an id already held, and a
/// copy deleted a file removed whose id another file still holds. No asset comes or goes.
///
/// A full rebuild reads each asset from its first place (by root, then path bytes; its other
/// places are its duplicates, see `assets()`), and of a place reads only its folder and name (the
/// pairings by name, a folder's span of dated photos, the undated moment's order) and, for ties
/// at one instant, its order. Taken only when the rebuild saves the same rows:
/// - Only files removed, added or touched (their stat alone changed) since the queue was saved:
///   the data generation moved by exactly the changes `fileChange` logged and the rows past the
///   stamp's `lastFileRow`, at most `relocateLimit` of each.
/// - Each asset a removed or added file holds (or held) is held by one item of the queue (its own,
///   or as its Live Photo video or raw file) and by a file now, and its first place now reads the
///   same time as its first place before (instant, offset, their source, burst identifier).
/// - Where an asset's first place moved (the file itself, or a copy before it in path order added
///   or deleted), every asset of its item moved with it, from one folder to one folder, each
///   keeping its name when the item has several (a pair stays a pair by name); the item is dated,
///   by its content (not by a file's name or modification time, which are the file's); none of
///   its files shares a content identifier with a file of another item; it ties with no dated
///   item at its instant where a wall clock waits for a zone within reach (the photos of known
///   zone there are read in place order at a tie; a precaution: `Timeline.inferZones` reads them
///   so, the tests have not shown it to change a zone), nor is it a wall clock at another's file
///   time; and in the folder it left and the one it joined, no file of another item shares a
///   name's stem (no pairing by name starts or ends) and none is dated by its modification time
///   (whose folder's span of dated photos it would leave or join, see `Timeline.flagUndated`).
/// - Unless its folder moved whole (renamed, or moved elsewhere: every file of it gone, and back
///   under the same names in a folder that held none before): then what the rules read of its
///   files stays (their names side by side, its dated photos and modification times, so which
///   are undated), and a file dated by its name or modification time (as the move left it) moves
///   in place too; each of the item's files keeps its name, and an undated item moved leaves the
///   undated ones in the order of their places (root, then path) as the queue holds them.
///
/// The items keep their places; each item of a moved asset takes the row of its only file
/// (`fileId`, none when it has copies), and the stamp the data generation and the last file row.
extension IndexStore {
  /// The most files removed, and added, that a move takes (each a few lookups; a folder's listing
  /// read once).
  package static let relocateLimit = 20000

  /// Brings the saved queue of `mode` up to date with the files moved, copied or deleted as copies
  /// since it was saved, when the rules above hold; else leaves it as it is and says why.
  package func relocateInQueue(
    mode: MomentClusterer.Mode, recipe: String, corrections: [ClockCorrection] = []
  ) throws -> QueueEdit {
    // Where a tie at one instant may be read: around a wall clock waiting for a zone, its photos
    // of known zone (see `Timeline.inferZones`), corrected by a shift either way.
    let shift = corrections.map { TimeInterval(abs($0.shift)) }.max() ?? 0
    let zoneReach = Timeline().reach + Timeline.widestOffset + 2 * shift + Self.pairingReach
    return try database.write { db in
      guard try !Self.isScratch(db) else { return .rebuild("the queue is in scratch tables") }
      guard let stamp = try Self.queueStamp(db), stamp.isCurrent(recipe: recipe), stamp.mode == mode,
        let mark = stamp.lastFileRow, stamp.threshold != nil
      else { return .rebuild("no queue of these rules and mode to move files in") }
      let generation = try Self.dataGeneration(db)
      guard generation != stamp.generation else { return .edited(items: 0) }
      let changes = try Row.fetchAll(
        db,
        sql: """
          SELECT c.assetId, c.removed, c.sameInputs AND f.assetId IS c.assetId,
            c.rootId, c.path, c.takenAt, c.utcOffset, c.timeSource, c.burstID
          FROM fileChange c LEFT JOIN file f ON f.id = c.fileRow ORDER BY c.seq LIMIT ?
          """, arguments: [Self.relocateLimit + 1])
      let added = try Row.fetchAll(
        db, sql: "SELECT assetId, rootId, path FROM file WHERE id > ? LIMIT ?",
        arguments: [mark, Self.relocateLimit + 1])
      guard changes.count <= Self.relocateLimit, added.count <= Self.relocateLimit,
        generation - stamp.generation == changes.count + added.count
      else { return .rebuild("files other than moved or copied ones changed") }
      var removed: [String: [Place]] = [:]
      for change in changes {
        if change[1] {
          removed[change[0], default: []].append(
            Place(
              rootId: change[3], path: change[4], time: PlacedTime(change[5], change[6], change[7], change[8])
            ))
        } else if !(change[2] as Bool) {
          return .rebuild("a file was edited")
        }
      }
      let moved = Set(removed.keys).union(added.map { $0[0] as String })
      guard !moved.isEmpty else { return .rebuild("no file was moved or copied") }
      let wholeMoves = try Self.foldersMovedWhole(
        removed: removed.values.flatMap(\.self).map { ($0.rootId, $0.path) },
        added: added.map { ($0[1], $0[2]) }, mark: mark, in: db)
      var kept: [Int: String] = [:]
      var undatedMoved = false
      var folders: [FolderPrefix: FolderFiles] = [:]
      for id in moved.sorted() {
        switch try Self.relocation(
          of: id, removed: removed, mark: mark, wholeMoves: wholeMoves, zoneReach: zoneReach,
          folders: &folders, in: db)
        {
        case .refused(let why): return .rebuild(why)
        case .kept(let position, let assetID, let undated):
          kept[position] = assetID
          undatedMoved = undatedMoved || undated
        }
      }
      if undatedMoved, try !Self.undatedInPlaceOrder(in: db) {
        return .rebuild("moved undated files take another place among the undated")
      }
      for (position, assetID) in kept.sorted(by: { $0.key < $1.key }) {
        try db.execute(
          sql: "UPDATE queueItem SET fileId = ? WHERE position = ?",
          arguments: [try OnlyFileRows.row(of: AssetID(rawValue: assetID), in: db), position])
      }
      var updated = stamp
      updated.generation = generation
      updated.lastFileRow = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM file") ?? mark
      try Self.writeStamp(updated, scratch: false, in: db)
      return .edited(items: 0)
    }
  }

  /// A place of an asset: where a file holding it is, and the time read from it.
  private struct Place {
    var rootId: Int64
    var path: String
    var time: PlacedTime

    /// Whether it comes before `other` in the order an asset's places are read in: by root, then
    /// by path, compared as SQLite compares text (its bytes).
    func precedes(_ other: Place) -> Bool { Self.precedes((rootId, path), (other.rootId, other.path)) }

    static func precedes(_ a: (rootId: Int64, path: String), _ b: (rootId: Int64, path: String)) -> Bool {
      a.rootId != b.rootId ? a.rootId < b.rootId : a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }

    /// The file's name, without its folder.
    var name: Substring { Self.name(of: path) }

    var folder: FolderPrefix { Self.folder(rootId: rootId, path: path) }

    static func name(of path: String) -> Substring {
      path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
    }

    static func folder(rootId: Int64, path: String) -> FolderPrefix {
      FolderPrefix(
        rootId: rootId, prefix: path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? "")
    }
  }

  /// What the rules read of a file's time: its instant, offset, source and burst identifier.
  private struct PlacedTime: Equatable {
    var takenAt: Double
    var utcOffset: Int?
    var timeSource: String
    var burstID: String?

    init(_ takenAt: Double, _ utcOffset: Int?, _ timeSource: String, _ burstID: String?) {
      (self.takenAt, self.utcOffset, self.timeSource, self.burstID) = (
        takenAt, utcOffset, timeSource, burstID
      )
    }
  }

  /// Why the item holding the asset `id` may not stay as it is after the files at `removed` went
  /// and the files past row `mark` came (see the rules above), with every asset it holds; nil
  /// when it may, and then its position, to take the row of its only file.
  private static func relocation(
    of id: String, removed: [String: [Place]], mark: Int64, wholeMoves: [FolderPrefix: FolderPrefix],
    zoneReach: TimeInterval, folders: inout [FolderPrefix: FolderFiles], in db: Database
  ) throws -> Relocation {
    let holding = try Row.fetchAll(
      db,
      sql: """
        SELECT position, assetId, companionId, rawId, isUndated, instant FROM queueItem
        WHERE assetId = ?1 OR companionId = ?1 OR rawId = ?1 LIMIT 2
        """, arguments: [id])
    guard holding.count == 1, let item = holding.first else {
      return .refused("a moved file's photo is not one item")
    }
    let members = [item[1], item[2], item[3]].compactMap { $0 as String? }
    // Each asset of the item: its first place before and now, and its first file's identifier.
    var moves: [(old: Place, new: Place, identifier: String?)] = []
    for member in members {
      let files = try Row.fetchAll(
        db,
        sql: """
          SELECT id, rootId, path, takenAt, utcOffset, timeSource, burstID, contentIdentifier FROM file
          WHERE assetId = ?
          """, arguments: [member])
      let places = files.map {
        Place(rootId: $0[1], path: $0[2], time: PlacedTime($0[3], $0[4], $0[5], $0[6]))
      }
      let kept = zip(files, places).filter { (file, _) in (file[0] as Int64) <= mark }.map(\.1)
      guard let new = places.indices.min(by: { places[$0].precedes(places[$1]) }),
        let old = (kept + (removed[member] ?? [])).min(by: { $0.precedes($1) })
      else { return .refused("a moved file's photo is new, or gone") }
      guard places[new].time == old.time else {
        return .refused("a moved file's photo reads another time from its first file")
      }
      moves.append((old, places[new], files[new][7]))
    }
    let (position, assetID): (Int, String) = (item[0], item[1])
    let changed = moves.filter { $0.old.rootId != $0.new.rootId || $0.old.path != $0.new.path }
    guard !changed.isEmpty else { return .kept(position: position, assetID: assetID, undated: false) }
    // Moved, so read by the rules where a place is read: all of the item's files together, one
    // folder to one folder, each keeping its name (a pair stays a pair by name).
    // A folder moved whole keeps what the rules read of its files: their names side by side, its
    // dated photos and modification times, so which of them are undated (whose order by place the
    // caller checks).
    let whole = wholeMoves[moves[0].old.folder] == moves[0].new.folder
    let undated: Bool = item[4]
    guard !undated || whole else { return .refused("a moved photo is undated") }
    let named = moves.allSatisfy { $0.old.name == $0.new.name }
    guard changed.count == moves.count,
      Set(moves.map(\.old.folder)).count == 1, Set(moves.map(\.new.folder)).count == 1,
      whole ? named : members.count == 1 || named
    else { return .refused("a moved photo's files moved apart, or were renamed as a pair") }
    for move in moves {
      let source = move.new.time.timeSource
      guard whole || (source != TimeSource.fileModified.rawValue && source != TimeSource.fileName.rawValue)
      else { return .refused("a moved photo is dated by its file") }
      if let identifier = move.identifier,
        try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS(SELECT 1 FROM file WHERE contentIdentifier = ?
              AND assetId NOT IN (SELECT value FROM json_each(?)))
            """, arguments: [identifier, try json(members)]) == true
      {
        return .refused("a moved photo shares its content identifier")
      }
    }
    // Ties at one instant are ordered by place where the zones of wall clocks are inferred: among
    // the photos of known zone within reach of one, and among a camera's wall clocks.
    let instant: Double = item[5]
    let time = moves[0].new.time
    let tied =
      try !undated
      && Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM queueItem WHERE instant = ? AND isUndated = 0", arguments: [instant])
        != 1
    guard
      try !tied
        || Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS(SELECT 1 FROM file WHERE utcOffset IS NULL AND timeSource != 'fileModified'
              AND takenAt >= ? AND takenAt <= ?)
            """, arguments: [instant - zoneReach, instant + zoneReach]) == false,
      try time.utcOffset != nil
        || Int.fetchOne(
          db,
          sql: """
            SELECT COUNT(*) FROM file WHERE utcOffset IS NULL AND timeSource != 'fileModified' AND takenAt = ?
              AND assetId NOT IN (SELECT value FROM json_each(?))
            """, arguments: [time.takenAt, try json(members)]) == 0
    else { return .refused("a moved photo ties with another at its instant") }
    for (folder, paths) in [
      (moves[0].old.folder, moves.map(\.old.path)), (moves[0].new.folder, moves.map(\.new.path)),
    ] where !whole {
      if folders[folder] == nil { folders[folder] = try FolderFiles(folder, in: db) }
      guard let files = folders[folder], !files.hasModified else {
        return .refused("a moved photo's folder holds files dated by their modification time")
      }
      let own = Set(members)
      guard paths.flatMap(FolderFiles.stems).allSatisfy({ files.stems[$0, default: []].isSubset(of: own) })
      else {
        return .refused("a moved photo's name is another file's")
      }
    }
    return .kept(position: position, assetID: assetID, undated: undated)
  }

  /// Whether the undated items of the queue are in the order a full rebuild gives them: by root,
  /// then path, of each one's first place now (see `MomentClusterer.cuts`).
  private static func undatedInPlaceOrder(in db: Database) throws -> Bool {
    let roots = try roots(db)
    let ids = try String.fetchAll(
      db, sql: "SELECT assetId FROM queueItem WHERE isUndated = 1 ORDER BY position")
    guard ids.count <= relocateLimit else { return false }
    var previous: (root: String, path: String)?
    for id in ids {
      let places = try Row.fetchAll(
        db, sql: "SELECT rootId, path FROM file WHERE assetId = ?", arguments: [id]
      )
      .map { (rootId: $0[0] as Int64, path: $0[1] as String) }
      guard let first = places.min(by: Place.precedes), let root = roots[first.rootId] else {
        return false
      }
      if let previous,
        previous.root != root
          ? previous.root > root : !previous.path.utf8.lexicographicallyPrecedes(first.path.utf8)
      {
        return false
      }
      previous = (root, first.path)
    }
    return true
  }

  /// The folders whose every file is gone, and came back under the same names in a folder that
  /// held no file before (a folder renamed or moved whole), each to where it went, from the
  /// places of the files `removed` and `added`.
  private static func foldersMovedWhole(
    removed: [(rootId: Int64, path: String)], added: [(rootId: Int64, path: String)], mark: Int64,
    in db: Database
  ) throws -> [FolderPrefix: FolderPrefix] {
    func names(_ places: [(rootId: Int64, path: String)]) -> [FolderPrefix: [Substring]] {
      Dictionary(grouping: places) { Place.folder(rootId: $0.rootId, path: $0.path) }
        .mapValues { $0.map { Place.name(of: $0.path) }.sorted() }
    }
    var gone: [[Substring]: [FolderPrefix]] = [:]
    for (folder, names) in names(removed) { gone[names, default: []].append(folder) }
    var moves: [FolderPrefix: FolderPrefix] = [:]
    for (folder, names) in names(added) {
      guard let sources = gone[names], sources.count == 1, let source = sources.first, source != folder,
        try !holdsFiles(source, in: db), try !holdsFiles(folder, upTo: mark, in: db)
      else { continue }
      moves[source] = folder
    }
    return moves
  }

  /// Whether any file is in `folder` (the exact directory), of rows up to `mark` when given.
  private static func holdsFiles(_ folder: FolderPrefix, upTo mark: Int64? = nil, in db: Database) throws
    -> Bool
  {
    let range = folder.end == nil ? "" : "AND path >= ?2 AND path < ?4"
    return try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS(SELECT 1 FROM file WHERE rootId = ?1 \(range)
          AND instr(substr(path, length(?2) + 1), '/') = 0 AND (?3 IS NULL OR id <= ?3))
        """, arguments: [folder.rootId, folder.prefix, mark] + (folder.end.map { [$0] } ?? [])) ?? true
  }

  /// What the rules read of the files of a folder (the exact directory): whether one is dated by
  /// its modification time, and the assets whose files' names have each stem.
  private struct FolderFiles {
    var hasModified = false
    var stems: [String: Set<String>] = [:]

    init(_ folder: FolderPrefix, in db: Database) throws {
      let range = folder.end == nil ? "" : "AND path >= ?2 AND path < ?3"
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT path, timeSource = 'fileModified', assetId FROM file
          WHERE rootId = ?1 \(range) AND instr(substr(path, length(?2) + 1), '/') = 0
          """,
        arguments: folder.end.map { [folder.rootId, folder.prefix, $0] } ?? [folder.rootId, folder.prefix])
      while let row = try rows.next() {
        if row[1] { hasModified = true }
        for stem in Self.stems(row[0]) { stems[stem, default: []].insert(row[2]) }
      }
    }

    /// The stems both pairings match names by (see `LivePhotoPairing` and `RawPairing`).
    static func stems(_ path: String) -> [String] {
      [LivePhotoPairing.stem(path), RawPairing.stem(path)].compactMap(\.self)
    }
  }

  /// What `relocation(of:)` found.
  private enum Relocation {
    /// The item stays, at `position`, the item of the asset `assetID`.
    case kept(position: Int, assetID: String, undated: Bool)
    /// The queue cannot keep it (why).
    case refused(String)
  }

  private static func json(_ ids: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
  }
}
