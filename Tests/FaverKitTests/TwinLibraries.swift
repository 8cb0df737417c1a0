import FaverCore
import Foundation
import SeededRandom
import Synchronization

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
}

/// How many times a library built its queue from the whole library (`Library.queueBuild`).
final class BuildCount: Sendable {
  private let count = Mutex(0)
  func add(_ assets: Int?) { if assets != nil { count.withLock { $0 += 1 } } }
  var builds: Int { count.withLock { $0 } }
}
