import FaverCore
import Foundation
import GRDB
import SeededRandom
import Synchronization
import Testing

@testable import FaverKit
@testable import FaverStore

/// Two in-memory stores given the same changes: `appended` keeps its queue as `Library` does
/// (appending where it can), `rebuilt` builds it from the whole library after every change (the
/// manifest tests use them too).
///
/// The property tests on them run for a minute or more without suspending: each yields between
/// steps, so the suite's other tests (which share two threads) are not held up for minutes (a
/// test waiting on a timer saw it fire long after).
final class TwinLibraries {
  let appended: (store: IndexStore, library: Library)
  let rebuilt: (store: IndexStore, library: Library)
  let folder: URL
  var random: SeededGenerator
  /// How many times `appended` built its queue from the whole library.
  let builds = BuildCount()
  /// Whether a new day's photos may hold a wall-clock one now and then.
  var wallClocks = true
  /// The camera (of `cameras`) whose every photo is a wall clock (an old DSLR's), if any.
  var wallClockCamera: Int?
  /// Whether a new day's folder also gets files dated by their modification time (no date in the
  /// file: a screenshot, a download), about as many as its photos, at times among and around the
  /// library's photos, some far outside them (undated when their folder is mostly dated photos).
  var modifiedFiles = false
  /// How long after the last photo a new day's photos begin, one picked at random each day.
  var dayGaps: [Double] = [0, 0.5, 2, 700, 5000, 100_000, 200_000, 300_000]
  /// Every path indexed, with its record.
  var files: [String: FileRecord] = [:]
  var next = 0
  private var clock = 1_700_000_000.0
  let root: Int64
  static let cameras: [(make: String?, model: String?)] = [
    ("Canon", "EOS R6"), ("Apple", "iPhone 15"), (nil, nil),
  ]
  static let places = [
    Coordinate(latitude: 48.85, longitude: 2.35), Coordinate(latitude: 48.86, longitude: 2.36),
    Coordinate(latitude: 51.5, longitude: -0.12),
  ]

  init(seed: UInt64) throws {
    random = SeededGenerator(seed: seed)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faver-append-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func make(_ name: String, in folder: URL, builds: BuildCount? = nil) throws -> (IndexStore, Library) {
      let store = try IndexStore()
      _ = try store.rootID(for: "/lib")
      let place = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
      var report: (@Sendable (Int?) -> Void)?
      if let builds { report = { assets in builds.add(assets) } }
      return (store, Library(store: store, folder: place, queueBuild: report))
    }
    appended = try make("appended", in: folder, builds: builds)
    rebuilt = try make("rebuilt", in: folder)
    root = try appended.store.rootID(for: "/lib")
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func record(
    _ path: String, id: String, kind: MediaKind = .photo, at seconds: Double, offset: Int?,
    camera: Int, coordinate: Coordinate?, identifier: String? = nil, source: TimeSource = .exifOriginal
  ) -> FileRecord {
    FileRecord(
      rootId: root, path: path, assetId: AssetID(rawValue: id), format: kind == .video ? "quicktime" : "jpeg",
      kind: kind, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: seconds), utcOffset: offset, source: source),
      coordinate: coordinate, make: Self.cameras[camera].make, model: Self.cameras[camera].model,
      problem: nil,
      contentIdentifier: identifier, duration: kind == .video ? 2 : nil)
  }

  /// A new photo (a Live Photo or a RAW+JPEG pair at times) at `seconds`, in `folder`.
  private func newPhoto(at seconds: Double, folder: String, wallClock: Bool) -> [FileRecord] {
    next += 1
    let name = "\(folder)/p\(next)"
    var offset: Int? = wallClock ? nil : [3600, -18_000].randomElement(using: &random)
    let camera = Int.random(in: 0..<Self.cameras.count, using: &random)
    if camera == wallClockCamera { offset = nil }
    let coordinate = Bool.random(using: &random) ? Self.places.randomElement(using: &random) : nil
    switch Int.random(in: 0..<10, using: &random) {
    case 0:
      return [
        record(
          name + ".heic", id: "id\(next)", at: seconds, offset: offset, camera: camera,
          coordinate: coordinate,
          identifier: name),
        record(
          name + ".mov", id: "id\(next)v", kind: .video, at: seconds, offset: offset, camera: camera,
          coordinate: coordinate, identifier: name),
      ]
    case 1:
      return [
        record(
          name + ".jpg", id: "id\(next)", at: seconds, offset: offset, camera: camera, coordinate: coordinate),
        record(
          name + ".cr3", id: "id\(next)r", at: seconds, offset: offset, camera: camera, coordinate: coordinate
        ),
      ]
    default:
      return [
        record(
          name + ".jpg", id: "id\(next)", at: seconds, offset: offset, camera: camera, coordinate: coordinate)
      ]
    }
  }

  func apply(_ changes: IndexChanges) throws {
    for record in changes.media { files[record.path] = record }
    for path in changes.removed { files[path] = nil }
    try appended.store.apply(changes)
    try rebuilt.store.apply(changes)
  }

  /// A day of shooting after everything indexed (now and then a wall-clock photo among them).
  func append() throws {
    var changes = IndexChanges(rootId: root)
    let folder = "d\(Int.random(in: 0..<4, using: &random))"
    // Mostly the next day; now and then moments later, in the burst of the last photo, or at its
    // very instant.
    clock += dayGaps.randomElement(using: &random) ?? 1
    let photos = Int.random(in: 1...6, using: &random)
    for index in 0..<photos {
      if index > 0 { clock += [0.5, 2, 40, 700, 5000].randomElement(using: &random) ?? 1 }
      let wallClock = Int.random(in: 0..<30, using: &random) == 0 && wallClocks
      changes.media += newPhoto(at: clock, folder: folder, wallClock: wallClock)
    }
    // As many as its photos or one fewer: whether its dated photos outnumber them changes often.
    for _ in 0..<(modifiedFiles ? photos - Int.random(in: 0...1, using: &random) : 0) {
      next += 1
      // Anywhere, or within a day outside an end of the folder's span: undated once the photo at
      // that end is removed, if the next is more than a day further in.
      let dated = (Array(files.values) + changes.media).filter { $0.path.hasPrefix(folder + "/p") }
        .map(\.takenAt)
      let seconds =
        if Bool.random(using: &random), let first = dated.min(), let last = dated.max() {
          Bool.random(using: &random)
            ? first - Double.random(in: 0...86_400, using: &random)
            : last + Double.random(in: 0...86_400, using: &random)
        } else {
          Double.random(in: 1_700_000_000 - 400_000...clock + 400_000, using: &random)
        }
      changes.media.append(
        record(
          "\(folder)/m\(next).png", id: "id\(next)m", at: seconds, offset: nil,
          camera: 2, coordinate: nil, source: .fileModified))
    }
    try apply(changes)
  }

  /// A photo taken among those indexed.
  func insertInTheMiddle() throws {
    var changes = IndexChanges(rootId: root)
    changes.media = newPhoto(
      at: Double.random(in: 1_700_000_000...clock, using: &random), folder: "old", wallClock: false)
    try apply(changes)
  }

  /// An old card imported: a few photos taken among those indexed, in a folder of their own, now
  /// and then at two times far apart (two spans of the queue to cut again); from `start` when
  /// given, in one run; wall clocks when `wallClocks` (an old DSLR's, no offset in its files).
  func importOldCard(at start: Double? = nil, wallClocks: Bool = false) throws {
    next += 1
    let folder = "card\(next)"
    var changes = IndexChanges(rootId: root)
    for _ in 0..<(start == nil ? Int.random(in: 1...2, using: &random) : 1) {
      var seconds = start ?? Double.random(in: 1_700_000_000...clock, using: &random)
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        changes.media += newPhoto(at: seconds, folder: folder, wallClock: wallClocks)
        seconds += [0.5, 2, 40, 700, 5000].randomElement(using: &random) ?? 1
      }
    }
    try apply(changes)
  }

  /// One or two files rewritten where they are: their content (so their ids) changes, their time
  /// stays, unless `redating` (another photo saved under the old name). Now and then a file is
  /// only touched: its stat changes, not its content.
  func editInPlace(redating: Bool = false) throws {
    let sorted = files.values.sorted { $0.path < $1.path }
    var changes = IndexChanges(rootId: root)
    for _ in 0..<Int.random(in: 1...2, using: &random) {
      guard var record = sorted.randomElement(using: &random),
        !changes.media.contains(where: { $0.path == record.path })
      else { continue }
      next += 1
      if Int.random(in: 0..<5, using: &random) > 0 { record.assetId = "id\(next)e" }
      record.size += 1
      if redating { record.takenAt += Double.random(in: -5000...5000, using: &random) }
      changes.media.append(record)
    }
    try apply(changes)
  }

  /// The file at `path` rewritten where it is, as `editInPlace` does; returns its new id.
  func edit(_ path: String) throws -> AssetID? {
    guard var record = files[path] else { return nil }
    next += 1
    record.assetId = "id\(next)e"
    record.size += 1
    var changes = IndexChanges(rootId: root)
    changes.media = [record]
    try apply(changes)
    return AssetID(rawValue: record.assetId)
  }

  /// Removes a file, one of the `recent` taken last when given.
  func remove(recent: Int? = nil) throws {
    var paths = files.keys.sorted()
    if let recent {
      paths = Array(
        files.sorted { ($0.value.takenAt, $0.key) > ($1.value.takenAt, $1.key) }.prefix(recent).map(\.key)
          .sorted())
    }
    guard let path = paths.randomElement(using: &random) else { return }
    var changes = IndexChanges(rootId: root)
    changes.removed = [path]
    try apply(changes)
  }

  /// Removes every file of an old card imported before (its photos deleted at once).
  func removeACard() throws {
    let cards = Set(files.keys.filter { $0.hasPrefix("card") }.map { String($0.prefix { $0 != "/" }) })
    guard let card = cards.sorted().randomElement(using: &random) else { return }
    var changes = IndexChanges(rootId: root)
    changes.removed = files.keys.filter { $0.hasPrefix(card + "/") }.sorted()
    try apply(changes)
  }

  /// Removes the first or the last dated photo of a folder (an end of its span), or its second.
  func removeAnEnd() throws {
    let folder = "d\(Int.random(in: 0..<4, using: &random))/p"
    let photos = files.values.filter { $0.path.hasPrefix(folder) }.sorted {
      ($0.takenAt, $0.path) < ($1.takenAt, $1.path)
    }
    guard photos.count > 2 else { return try remove() }
    let path = [photos[0], photos[1], photos[photos.count - 2], photos[photos.count - 1]]
      .randomElement(using: &random)?.path
    var changes = IndexChanges(rootId: root)
    changes.removed = path.map { [$0] } ?? []
    try apply(changes)
  }

  /// One camera's clock put right over part of the library: from a time among its photos on, or
  /// over the day after it when `oneDay`; `camera` names one of `cameras`. Returns the correction.
  @discardableResult
  func shiftAClock(camera index: Int = 0, oneDay: Bool = false) throws -> ClockCorrection? {
    let record = record("x", id: "x", at: 0, offset: nil, camera: index, coordinate: nil)
    guard let camera = record.asset(root: "/lib").camera else { return nil }
    // Drawn in this order since the first tests on these twins: their seeds keep their steps.
    let shift = Int.random(in: -7200...7200, using: &random)
    let from = Double.random(in: 1_700_000_000...clock, using: &random)
    let correction = ClockCorrection(
      camera: camera, shift: shift, from: Date(timeIntervalSince1970: from),
      to: oneDay ? Date(timeIntervalSince1970: from + 86_400) : nil)
    try appended.store.addClockCorrection(correction)
    try rebuilt.store.addClockCorrection(correction)
    return correction
  }

  /// Forgets every correction of the camera `camera` names (one of `cameras`).
  func clearClock(camera index: Int = 0) throws {
    let record = record("x", id: "x", at: 0, offset: nil, camera: index, coordinate: nil)
    guard let camera = record.asset(root: "/lib").camera else { return }
    try appended.store.clearClockCorrections(camera: camera)
    try rebuilt.store.clearClockCorrections(camera: camera)
  }

  func mark() throws {
    let ids = files.values.map(\.assetId).sorted().shuffled(using: &random).prefix(3).map(
      AssetID.init(rawValue:))
    let mark: ReviewMark =
      [.favorite, .rejected, .reviewed, .unreviewed].randomElement(using: &random) ?? .reviewed
    let when = Date(timeIntervalSince1970: 1_800_000_000)
    for library in [appended.library, rebuilt.library] {
      do { try library.mark(ids, as: mark, at: when) } catch LibraryError.unknownAssets { return }
    }
  }

  /// The saved queue of `store` as a rebuild would save it: its items, moments and counted gaps,
  /// row by row, and its threshold. A queue brought up to date equals a full rebuild when this
  /// is equal: every row's values in queue order, byte for byte, but its numbering. Positions,
  /// burst and moment ordinals only increase along the queue and may keep holes (a span cut
  /// again numbers its own anew over its room), so an item's position is left out (its rank is
  /// its place in the list), its burst and moment ordinals are replaced by their ranks among the
  /// bursts and moments (a gap's burst too, a moment's ordinal by its place in the list), and its
  /// digest (which holds the ordinals) is left out; a moment's position range is replaced by how
  /// many items of that moment it holds, which must be its `total`.
  static func savedQueue(_ store: IndexStore) throws -> [[[String: DatabaseValue]]] {
    func values(_ rows: [Row], without left: Set<String>) -> [[String: DatabaseValue]] {
      rows.map { row in
        Dictionary(
          zip(row.columnNames, row.databaseValues).filter { !left.contains($0.0) },
          uniquingKeysWith: { a, _ in a })
      }
    }
    return try store.database.read { db in
      // The numbering itself: positions, bursts and moments increase together.
      for column in ["burst", "moment"] {
        let ordinals = try Int.fetchAll(db, sql: "SELECT \(column) FROM queueItem ORDER BY position")
        #expect(zip(ordinals, ordinals.dropFirst()).allSatisfy { $0 <= $1 }, "\(column)")
      }
      return [
        values(
          try Row.fetchAll(
            db,
            sql: """
              SELECT *, DENSE_RANK() OVER (ORDER BY burst) AS burstRank,
                DENSE_RANK() OVER (ORDER BY moment) AS momentRank FROM queueItem ORDER BY position
              """),
          without: ["position", "burst", "moment", "digest"]),
        values(
          try Row.fetchAll(
            db,
            sql: """
              SELECT *, (SELECT COUNT(*) FROM queueItem q WHERE q.position >= m.firstPosition
                AND q.position < m.endPosition AND q.moment = m.ordinal) AS held
              FROM queueMoment m ORDER BY ordinal
              """),
          without: ["ordinal", "firstPosition", "endPosition"]),
        values(
          try Row.fetchAll(
            db,
            sql: """
              SELECT (SELECT COUNT(DISTINCT burst) FROM queueItem WHERE burst < g.burst) AS burstRank, gap
              FROM queueGap g ORDER BY burst
              """), without: []),
        values(
          try Row.fetchAll(
            db, sql: "SELECT json_extract(value, '$.threshold') AS t FROM state WHERE key = 'queue'"),
          without: []),
      ]
    }
  }

  /// Where two saved queues (`savedQueue`) first differ: the table and row, and both rows.
  static func firstDifference(_ a: [[[String: DatabaseValue]]], _ b: [[[String: DatabaseValue]]]) -> String {
    for (table, (x, y)) in zip(a, b).enumerated() {
      for row in 0..<max(x.count, y.count) where row >= x.count || row >= y.count || x[row] != y[row] {
        let (left, right) = (row < x.count ? "\(x[row])" : "none", row < y.count ? "\(y[row])" : "none")
        return "table \(table) row \(row): \(left) against \(right)"
      }
    }
    return "none"
  }

  /// When the twins' manifests are written.
  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  /// What a person sees of both libraries: `next`, `status` and the manifest (of one `now`), byte
  /// for byte. Nil when they agree, else which differs.
  func seenDifferently() throws -> String? {
    func seen(_ library: Library) throws -> (Library.Item?, Library.Status, Data) {
      var manifest = Data()
      try library.cluster(now: Self.now) { manifest.append(contentsOf: $0) }
      return (try library.next(), try library.status(), manifest)
    }
    let (a, b) = (try seen(appended.library), try seen(rebuilt.library))
    if a.0 != b.0 { return "next" }
    if a.1 != b.1 { return "status" }
    if a.2 != b.2 { return "the manifest" }
    return nil
  }

  /// Twins of `seed` (without wall-clock photos nor files dated by their modification time unless
  /// asked), 20 days built whole, then `steps` changes, each
  /// `change` of the step's number, made fresh and expected alike (`expectAlike`); returns how
  /// each step was made fresh, up to the first where they differ.
  static func stepped(
    seed: Int, steps: Int, wallClocks: Bool = false, modifiedFiles: Bool = false, wallClockCamera: Int? = nil,
    _ change: (TwinLibraries, Int) throws -> Void
  ) async throws -> [Library.QueueFreshening] {
    let twins = try TwinLibraries(seed: UInt64(seed))
    twins.wallClocks = wallClocks
    twins.modifiedFiles = modifiedFiles
    twins.wallClockCamera = wallClockCamera
    for _ in 0..<20 { try twins.append() }
    #expect(try twins.freshen() == .rebuilt)
    var taken: [Library.QueueFreshening] = []
    for step in 0..<steps {
      await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
      try change(twins, step)
      let done = try twins.freshen()
      taken.append(done)
      guard try twins.expectAlike(after: step, done) else { break }
    }
    return taken
  }

  /// Expects both libraries alike after `step` (made fresh by `done`): their saved queues row for
  /// row (`savedQueue`), and what a person sees (`seenDifferently`); returns whether they are.
  func expectAlike(after step: Int, _ done: Library.QueueFreshening) throws -> Bool {
    let (a, b) = (try Self.savedQueue(appended.store), try Self.savedQueue(rebuilt.store))
    #expect(a == b, "step \(step): \(done), \(Self.firstDifference(a, b))")
    let seen = try seenDifferently()
    #expect(seen == nil, "step \(step): \(done)")
    return a == b && seen == nil
  }

  /// Brings both queues up to date: `appended` as `Library` does, `rebuilt` from the whole library
  /// (its queue dropped first). Returns how `appended` did it.
  func freshen() throws -> Library.QueueFreshening {
    let done = try appended.library.freshenQueue(mode: .smart)
    try rebuilt.store.database.write { db in
      try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
      try db.execute(sql: "DELETE FROM queueItem")
      try db.execute(sql: "DELETE FROM queueMoment")
      try db.execute(sql: "DELETE FROM queueGap")
    }
    #expect(try rebuilt.library.freshenQueue(mode: .smart) == .rebuilt)
    return done
  }
}

/// How many times a library built its queue from the whole library (`Library.queueBuild`).
final class BuildCount: Sendable {
  private let count = Mutex(0)
  func add(_ assets: Int?) { if assets != nil { count.withLock { $0 += 1 } } }
  var builds: Int { count.withLock { $0 } }
}

@Test(arguments: [1, 2, 3])
func aQueueBroughtUpToDateEqualsAFullRebuildAfterEveryChange(seed: Int) async throws {
  let twins = try TwinLibraries(seed: UInt64(seed))
  // The first queue is built whole; every change after it is appended where it can be.
  for _ in 0..<10 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  var taken: [String: [Library.QueueFreshening]] = [:]
  for step in 0..<120 {
    await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
    let change: String
    switch Int.random(in: 0..<25, using: &twins.random) {
    case 0..<10:
      change = "append"
      try twins.append()
    case 10..<12:
      change = "middle"
      try twins.insertInTheMiddle()
    case 12..<15:
      change = "edit"
      try twins.editInPlace()
    case 15..<17:
      change = "remove"
      try twins.remove()
    case 17:
      change = "clock"
      try twins.shiftAClock()
    case 18:
      change = "redate"
      try twins.editInPlace(redating: true)
    case 21..<23:
      change = "remove recent"
      try twins.remove(recent: 6)
    case 19..<21:
      // The nightly index: photos edited during the day, and the day's new ones.
      change = "edit+append"
      try twins.editInPlace()
      try twins.append()
    default:
      change = "mark"
      try twins.mark()
    }
    let done = try twins.freshen()
    taken[change, default: []].append(done)
    let (appended, rebuilt) = (
      try TwinLibraries.savedQueue(twins.appended.store), try TwinLibraries.savedQueue(twins.rebuilt.store)
    )
    #expect(
      appended == rebuilt,
      "step \(step): \(change), \(done), \(TwinLibraries.firstDifference(appended, rebuilt))")
    if appended != rebuilt { break }
  }
  // Every kind of change goes through the planner, a whole rebuild only where the moments around
  // a change cannot be cut again alone (counted: the test cannot pass by always rebuilding).
  let changes = taken.filter { $0.key != "mark" }.values.joined()
  #expect(changes.filter { $0 == .planned }.count * 4 >= changes.count * 3, "\(taken)")
  #expect(taken["redate", default: []].allSatisfy { $0 == .planned || $0 == .rebuilt })
}

/// The change log's update trigger compares every column of `file` but the content's id and its
/// stat: a column added to `file` and not to the trigger would let an edit that moves a photo
/// keep its old place in the queue.
@Test func theFileChangeTriggerComparesEveryQueueInput() throws {
  let store = try IndexStore()
  let trigger = try store.database.read { db in
    try String.fetchOne(
      db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'file_update_logs_change'")
  }
  let sql = try #require(trigger)
  for column in FileRecord.Columns.allCases.map(\.name) {
    let compared = sql.contains("OLD.\(column) IS NEW.\(column)")
    #expect(compared != IndexStore.columnsOutsideQueueInputs.contains(column), "\(column)")
  }
}

/// A reviewed photo the cursor is on, edited in place: its item takes the new id and stays
/// reviewed (the mark follows the edit), the cursor stays where it was, all as a rebuild has it.
@Test func anEditedPhotoKeepsItsReviewAndTheCursorAsARebuildDoes() throws {
  let twins = try TwinLibraries(seed: 7)
  for _ in 0..<6 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  let shown = try #require(try twins.appended.library.next())
  _ = try twins.rebuilt.library.next()
  for library in [twins.appended.library, twins.rebuilt.library] {
    try library.mark([shown.asset.id], as: .favorite, at: Date(timeIntervalSince1970: 1_800_000_000))
  }
  let path = try #require(twins.files.first { $0.value.assetId == shown.asset.id.rawValue }?.key)
  let edited = try #require(try twins.edit(path))
  #expect(try twins.freshen() == .planned)
  #expect(try TwinLibraries.savedQueue(twins.appended.store) == TwinLibraries.savedQueue(twins.rebuilt.store))
  let item = try twins.appended.store.readingQueue { try $0.asset(holding: edited) }
  #expect(item?.asset.review == .favorite)
  let cursors = try [twins.appended.library, twins.rebuilt.library].map { try $0.cursor()?.cursor }
  #expect(cursors[0] == cursors[1])
  #expect(cursors[0]?.assetID == shown.asset.id)
}

/// Photos removed from the last days of a library without wall-clock photos: the queue's last
/// moments are cut again without them where the rules allow (counted, so the test cannot pass by
/// always rebuilding), and the queue equals a full rebuild after every change.
@Test(arguments: [1, 2, 3])
func photosRemovedFromTheLastMomentsEqualAFullRebuild(seed: Int) async throws {
  let twins = try TwinLibraries(seed: UInt64(seed))
  twins.wallClocks = false
  for _ in 0..<10 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  var taken: [Library.QueueFreshening] = []
  for step in 0..<40 {
    await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
    if step % 2 == 0 { try twins.append() } else { try twins.remove(recent: 6) }
    let done = try twins.freshen()
    if step % 2 == 1 { taken.append(done) }
    let (appended, rebuilt) = (
      try TwinLibraries.savedQueue(twins.appended.store), try TwinLibraries.savedQueue(twins.rebuilt.store)
    )
    #expect(appended == rebuilt, "step \(step): \(done)")
    if appended != rebuilt { break }
  }
  #expect(taken.allSatisfy { [.planned, .rebuilt].contains($0) }, "\(taken)")
  #expect(taken.filter { $0 == .planned }.count >= 3, "\(taken)")
}

/// Photos removed anywhere in a library without wall-clock photos: the moments around each are cut
/// again without it where the rules allow (counted, so the test cannot pass by always
/// rebuilding), leaving holes in the queue's numbering; after every change the queue equals a
/// full rebuild (see `savedQueue`), and so do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func photosRemovedMidTimelineEqualAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 40) { twins, step in
    switch step % 4 {
    case 0: try twins.append()
    case 1: try twins.mark()
    default: try twins.remove()
    }
  }
  let taken = done.enumerated().filter { $0.offset % 4 > 1 }.map(\.element)
  #expect(taken.allSatisfy { [.planned, .rebuilt].contains($0) }, "\(taken)")
  #expect(taken.filter { $0 == .planned }.count >= 6, "\(taken)")
}

/// Old cards imported (photos taken among the library's, in folders of their own) between new
/// days, marks and removals: the moments around them are cut again with them where the rules allow
/// (counted, so the test cannot pass by always rebuilding); after every change the queue equals a
/// full rebuild (see `savedQueue`), and so do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func photosTakenAmongTheQueuesEqualAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 40) { twins, step in
    switch step % 4 {
    case 0: try twins.append()
    case 1: try twins.mark()
    case 2: try twins.importOldCard()
    default: try twins.remove()
    }
  }
  let taken = done.enumerated().filter { $0.offset % 4 == 2 }.map(\.element)
  #expect(taken.allSatisfy { $0 == .planned || $0 == .rebuilt }, "\(taken)")
  #expect(taken.filter { $0 == .planned }.count >= 5, "\(taken)")
}

/// A camera's clock corrected over a day or from a time on, for one camera or another, then
/// cleared, between new days and marks: the photos a correction moves leave their moments and join
/// those where they fall now, the moments around both cut again where the rules allow (counted,
/// so the test cannot pass by always rebuilding); after every change the queue equals a full
/// rebuild (see `savedQueue`), and so do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func aClockShiftOfOneCameraEqualsAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 30) { try clockChange($0, step: $1) }
  #expect(done.count == 30)
  let clocks = done.enumerated().filter { $0.offset % 6 != 1 }.map(\.element)
  #expect(clocks.allSatisfy { $0 == .planned || $0 == .rebuilt || $0 == .fresh }, "\(clocks)")
  #expect(clocks.filter { $0 == .planned }.count >= 12, "\(clocks)")
}

/// The same among wall-clock photos (whose zones the moved photos may be evidence for) and files
/// dated by their modification time (undated when far from their folder's dated photos, whose
/// span a moved photo may move): where a moved photo could place them otherwise, the queue is
/// rebuilt, and it equals a full rebuild after every change either way.
@Test(arguments: [5, 6, 7])
func aClockShiftAmongWallClocksAndModificationTimesEqualsAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 30, wallClocks: true, modifiedFiles: true) {
    try clockChange($0, step: $1)
  }
  #expect(done.count == 30)
  #expect(done.filter { $0 == .planned }.count >= 5, "\(done)")
}

/// A DSLR that writes no offset, its clock put right: each wall clock the correction moves takes
/// its zone anew from the photos of known zone around where its clock puts it now, and the
/// moments it leaves and joins are cut again, where the rules allow (counted); after every change
/// the queue equals a full rebuild, and so do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func aClockShiftOfAWallClockCameraEqualsAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 30, wallClockCamera: 0) {
    try clockChange($0, step: $1)
  }
  #expect(done.count == 30)
  let canon = done.enumerated().filter { [0, 3, 4].contains($0.offset % 6) }.map(\.element)
  #expect(canon.allSatisfy { $0 == .planned || $0 == .rebuilt || $0 == .fresh }, "\(canon)")
  #expect(canon.filter { $0 == .planned }.count >= 5, "\(canon)")
}

/// A clock change of `step` (see `aClockShiftOfOneCameraEqualsAFullRebuild`): every sixth a new
/// day instead.
private func clockChange(_ twins: TwinLibraries, step: Int) throws {
  switch step % 6 {
  case 0: try twins.shiftAClock(oneDay: true)
  case 1: try twins.append()
  case 2:
    try twins.mark()
    try twins.shiftAClock(camera: 1)
  case 3: try twins.shiftAClock()
  case 4: try twins.clearClock()
  default: try twins.shiftAClock(camera: 1, oneDay: true)
  }
}

/// `faver clock` on a library whose queue was saved brings the queue up to date itself, moving
/// the photos the correction moves and nothing built from the whole library: the next reader
/// finds it fresh, equal to a full rebuild; a second correction of the same span replaces the
/// first, and clearing the camera puts its photos back.
@Test func aCorrectedClockMovesItsPhotosInTheSavedQueue() throws {
  let twins = try TwinLibraries(seed: 1)
  twins.wallClocks = false
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  #expect(twins.builds.builds == 1)
  let from = Date(timeIntervalSince1970: 1_700_300_000)
  for (step, shift) in [5400, 1800].enumerated() {
    let change = try twins.appended.library.correctClock(
      camera: "canon eos r6", shift: shift, from: from, now: TwinLibraries.now)
    try twins.rebuilt.store.addClockCorrection(
      ClockCorrection(camera: "Canon EOS R6", shift: shift, from: from))
    #expect(change.camera == "Canon EOS R6")
    #expect(change.moved > 0)
    #expect(try twins.freshen() == .fresh)
    #expect(try twins.expectAlike(after: step, .fresh))
  }
  let cleared = try twins.appended.library.clearClock(camera: "Canon EOS R6", now: TwinLibraries.now)
  _ = try twins.rebuilt.store.clearClockCorrections(camera: "Canon EOS R6")
  #expect(cleared.moved > 0)
  #expect(try twins.freshen() == .fresh)
  #expect(try twins.expectAlike(after: 2, .fresh))
  #expect(twins.builds.builds == 1)
}

/// Old cards of a camera that writes no offset (an old DSLR's wall clocks) among a library's
/// photos of known zone, and now and then deleted again: each wall clock takes its zone from the
/// photos around it, and the moments around it are cut again with it, or without it, where the
/// rules allow (counted); after every change the queue equals a full rebuild, and so do `next`,
/// `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func wallClocksTakenAmongTheQueuesEqualAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 40) { twins, step in
    switch step % 4 {
    case 0: try twins.importOldCard(wallClocks: true)
    case 1: try twins.append()
    case 2: try twins.removeACard()
    default: try twins.mark()
    }
  }
  let taken = done.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
  #expect(taken.allSatisfy { $0 == .planned || $0 == .rebuilt }, "\(taken)")
  #expect(taken.filter { $0 == .planned }.count >= 4, "\(taken)")
  let removed = done.enumerated().filter { $0.offset % 4 == 2 }.map(\.element)
  #expect(removed.allSatisfy { [.planned, .rebuilt].contains($0) }, "\(removed)")
  #expect(removed.filter { $0 == .planned }.count >= 3, "\(removed)")
}

/// An old card whose photos fall in the widest gap of the library makes a moment of its own: only
/// the moments around it are written, every other item keeps its position, burst and moment
/// ordinal (a moment more once moved every later item's ordinal: at a million photos, half a
/// million rows rewritten), and the queue equals a full rebuild.
@Test func aMomentAddedMidTimelineLeavesEveryOtherItemAsItWas() throws {
  let twins = try TwinLibraries(seed: 11)
  twins.wallClocks = false
  // Short days, now and then a long time away: the widest gap is far above the threshold.
  twins.dayGaps = [20_000, 30_000, 900_000]
  for _ in 0..<30 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  let store = twins.appended.store
  func items() throws -> [String: [Int]] {
    try store.database.read { db in
      var found: [String: [Int]] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT assetId, position, burst, moment FROM queueItem") {
        found[row[0]] = [row[1], row[2], row[3]]
      }
      return found
    }
  }
  let times = twins.files.values.map(\.takenAt).sorted()
  let widest = try #require(zip(times, times.dropFirst()).max { $0.1 - $0.0 < $1.1 - $1.0 })
  let middle = (widest.0 + widest.1) / 2
  // The span cut again: the moment before the gap, the one before it and the one after.
  let before = try items()
  let (span, moments) = try store.database.read { db in
    let held = try #require(
      try Int.fetchOne(
        db, sql: "SELECT moment FROM queueItem WHERE instant <= ? ORDER BY instant DESC LIMIT 1",
        arguments: [middle]))
    let around = try Int.fetchAll(
      db,
      sql: """
        SELECT ordinal FROM (SELECT ordinal FROM queueMoment WHERE ordinal < ?1 ORDER BY ordinal DESC LIMIT 1)
        UNION SELECT ?1 UNION SELECT ordinal FROM (
          SELECT ordinal FROM queueMoment WHERE ordinal > ?1 ORDER BY ordinal LIMIT 1)
        """, arguments: [held])
    return (Set(around), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queueMoment") ?? 0)
  }
  try twins.importOldCard(at: middle)
  #expect(try twins.freshen() == .planned)
  let after = try items()
  let outside = before.filter { !span.contains($0.value[2]) }
  #expect(outside.count > before.count / 2)
  #expect(outside.allSatisfy { after[$0.key] == $0.value })
  #expect(
    try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM queueMoment") } ?? 0 > moments)
  #expect(try TwinLibraries.savedQueue(store) == TwinLibraries.savedQueue(twins.rebuilt.store))
}

/// A queue numbered without room between its items (as stores saved it before `queueStep`, or a
/// span that took photos until none was left): photos taken among its moments rebuild it, equal
/// to a full rebuild, and the rebuilt queue has room for the next ones.
@Test func photosTakenWhereThereIsNoRoomRebuildTheQueueWithRoom() throws {
  let twins = try TwinLibraries(seed: 7)
  twins.wallClocks = false
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  // Every item and burst numbered by its rank, as a save before `queueStep` numbered them.
  // (A full save writes them `queueStep` apart: each divided by it.)
  try twins.appended.store.database.write { db in
    let step = IndexStore.queueStep
    try db.execute(
      sql: """
        UPDATE queueItem SET position = position / \(step), burst = burst / \(step), moment = moment / \(step);
        UPDATE queueGap SET burst = burst / \(step);
        UPDATE queueMoment SET firstPosition = firstPosition / \(step), endPosition = (endPosition - 1) / \(step) + 1,
          ordinal = ordinal / \(step);
        """)
  }
  #expect(try TwinLibraries.savedQueue(twins.appended.store) == TwinLibraries.savedQueue(twins.rebuilt.store))
  try twins.importOldCard()
  #expect(try twins.freshen() == .rebuilt)
  try twins.importOldCard()
  #expect(try twins.freshen() == .planned)
  #expect(try TwinLibraries.savedQueue(twins.appended.store) == TwinLibraries.savedQueue(twins.rebuilt.store))
}

/// Photos removed anywhere in a library whose folders also hold files dated by their modification
/// time, some far outside the span of their folder's dated photos (undated while those photos
/// outnumber them): a removal that moves neither the span near them nor which of the two
/// outnumbers the other is cut in place (counted), and after every change the queue equals a full
/// rebuild.
@Test(arguments: [1, 2, 3, 4])
func photosRemovedBesideModificationTimesEqualAFullRebuild(seed: Int) async throws {
  let twins = try TwinLibraries(seed: UInt64(seed))
  twins.wallClocks = false
  twins.modifiedFiles = true
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  var taken: [Library.QueueFreshening] = []
  for step in 0..<60 {
    await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
    switch step % 6 {
    case 0: try twins.append()
    case 1, 2, 3: try twins.remove()
    default: try twins.removeAnEnd()
    }
    let done = try twins.freshen()
    if step % 6 > 0 { taken.append(done) }
    let (appended, rebuilt) = (
      try TwinLibraries.savedQueue(twins.appended.store), try TwinLibraries.savedQueue(twins.rebuilt.store)
    )
    #expect(appended == rebuilt, "step \(step): \(done), \(TwinLibraries.firstDifference(appended, rebuilt))")
    if appended != rebuilt { break }
  }
  #expect(taken.allSatisfy { [.planned, .rebuilt].contains($0) }, "\(taken)")
  #expect(taken.filter { $0 == .planned }.count >= 6, "\(taken)")
}

/// A queue with a hole in its positions (as a removal mid-timeline leaves) is written again by the
/// next full save from its first hole on, even where nothing else changed: every row, positions,
/// burst ordinals and digests included, is then the one a rebuild saves.
@Test func aFullSaveNumbersAQueueWithHolesAsARebuildDoes() throws {
  let twins = try TwinLibraries(seed: 5)
  twins.wallClocks = false
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  // The items not at their rank's position (a full save writes them `queueStep` apart).
  func holes(_ store: IndexStore) throws -> Int {
    try store.database.read { db in
      try Int.fetchOne(
        db,
        sql: """
          SELECT COUNT(*) FROM (SELECT position, ROW_NUMBER() OVER (ORDER BY position) - 1 AS rank FROM queueItem)
          WHERE position != rank * ?
          """, arguments: [IndexStore.queueStep]) ?? 0
    }
  }
  // A hole before the first item of a moment in the middle, and the stamp dropped: the next
  // read rebuilds the same queue.
  try twins.appended.store.database.write { db in
    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queueMoment") ?? 0
    let first = try #require(
      try Int.fetchOne(
        db, sql: "SELECT firstPosition FROM queueMoment ORDER BY ordinal LIMIT 1 OFFSET ?",
        arguments: [count / 2]))
    for (table, column) in [
      ("queueItem", "position"), ("queueMoment", "firstPosition"), ("queueMoment", "endPosition"),
    ] {
      try db.execute(
        sql: "UPDATE \(table) SET \(column) = \(column) + 1000000 WHERE \(column) >= ?", arguments: [first])
      try db.execute(sql: "UPDATE \(table) SET \(column) = \(column) - 999999 WHERE \(column) >= 1000000")
    }
    try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
  }
  #expect(try holes(twins.appended.store) > 0)
  #expect(try twins.freshen() == .rebuilt)
  #expect(try holes(twins.appended.store) == 0)
  let raw = { (store: IndexStore) in
    try store.database.read { db in
      [
        try Row.fetchAll(db, sql: "SELECT * FROM queueItem ORDER BY position"),
        try Row.fetchAll(db, sql: "SELECT * FROM queueMoment ORDER BY ordinal"),
        try Row.fetchAll(db, sql: "SELECT * FROM queueGap ORDER BY burst"),
      ]
    }
  }
  #expect(try raw(twins.appended.store) == raw(twins.rebuilt.store))
}
