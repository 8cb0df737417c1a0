import FaverCore
import Foundation
import Testing

@testable import FaverKit
@testable import FaverStore

/// Files moved, renamed, copied, and copies deleted: what a person tidying folders does.
extension TwinLibraries {
  /// A file moved into another folder (a day's, a new one, or beside a photo under its name with
  /// another extension), or renamed where it is; or a whole folder moved. Their content, so their
  /// ids and times, as before.
  func move() throws {
    guard let record = files.values.sorted(by: { $0.path < $1.path }).randomElement(using: &random) else {
      return
    }
    next += 1
    if Int.random(in: 0..<5, using: &random) == 0 {
      return try moveFolder(String(record.path.prefix { $0 != "/" }), to: "folder\(next)")
    }
    let name = record.path.split(separator: "/").last.map(String.init) ?? "f"
    let ext = name.split(separator: ".").last.map(String.init) ?? "jpg"
    let target: String
    switch Int.random(in: 0..<4, using: &random) {
    case 0: target = "d\(Int.random(in: 0..<4, using: &random))/\(name)"
    case 1: target = "moved\(next)/\(name)"
    case 2:
      // Beside another photo, under its name: a pairing by name may start.
      let other = files.keys.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".cr3") }.sorted()
        .randomElement(using: &random)
      target = other.map { String($0.dropLast(4)) + (ext == "jpeg" ? ".jpg" : ".jpeg") } ?? "x\(next).jpg"
    default: target = String(record.path.dropLast(name.count)) + "r\(next).\(ext)"
    }
    guard files[target] == nil, target != record.path else { return }
    var moved = record
    moved.path = target
    var changes = IndexChanges(rootId: root)
    changes.removed = [record.path]
    changes.media = [moved]
    try apply(changes)
  }

  /// Every file of the top folder `folder` moved into `target`, each keeping its name.
  func moveFolder(_ folder: String, to target: String) throws {
    var changes = IndexChanges(rootId: root)
    for (path, record) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix(folder + "/") {
      var moved = record
      moved.path = target + path.dropFirst(folder.count)
      changes.removed.append(path)
      changes.media.append(moved)
    }
    try apply(changes)
  }

  /// A copy of a file indexed (the same content, so the same id), in a folder of its own or
  /// beside it, its name before or after the original's in path order.
  func copy() throws {
    guard let record = files.values.sorted(by: { $0.path < $1.path }).randomElement(using: &random) else {
      return
    }
    next += 1
    let name = record.path.split(separator: "/").last.map(String.init) ?? "f"
    var copied = record
    copied.path =
      Bool.random(using: &random)
      ? "\(Bool.random(using: &random) ? "a" : "z")copies\(next)/\(name)"
      : String(record.path.dropLast(name.count)) + "c\(next)-" + name
    guard files[copied.path] == nil else { return }
    var changes = IndexChanges(rootId: root)
    changes.media = [copied]
    try apply(changes)
  }

  /// One file of a photo with copies deleted: its first place in path order, or another.
  func removeACopy() throws {
    let byID = Dictionary(grouping: files.values, by: \.assetId).filter { $0.value.count > 1 }
    guard let id = byID.keys.sorted().randomElement(using: &random),
      let path = byID[id]?.map(\.path).sorted().randomElement(using: &random)
    else { return try copy() }
    var changes = IndexChanges(rootId: root)
    changes.removed = [path]
    try apply(changes)
  }
}

/// Files moved and renamed, copied and their copies deleted, between new days and marks: the
/// queue keeps its items where no rule reads the file's place (counted, so the test cannot pass
/// by always rebuilding); after every change it equals a full rebuild (see `savedQueue`), and so
/// do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func filesMovedCopiedAndTheirCopiesDeletedEqualAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 40) { twins, step in
    switch step % 5 {
    case 0: try twins.append()
    case 1: try twins.mark()
    case 2: try twins.move()
    case 3: try twins.copy()
    default: try twins.removeACopy()
    }
  }
  #expect(done.count == 40)
  let moves = done.enumerated().filter { $0.offset % 5 > 1 }.map(\.element)
  #expect(moves.allSatisfy { [.planned, .rebuilt, .fresh].contains($0) }, "\(moves)")
  #expect(moves.filter { $0 == .planned }.count >= 10, "\(moves)")
}

/// The same among files dated by their modification time (undated when far from their folder's
/// dated photos, whose span a moved photo joins or leaves) and wall-clock photos: where a moved
/// file's place could change what the rules read, the queue is rebuilt, and it equals a full
/// rebuild after every change either way.
@Test(arguments: [5, 6, 7])
func filesMovedAmongModificationTimesEqualAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 40, wallClocks: true, modifiedFiles: true) {
    twins, step in
    switch step % 4 {
    case 0: try twins.append()
    case 1: try twins.move()
    case 2: try twins.copy()
    default: try twins.removeACopy()
    }
  }
  #expect(done.count == 40)
  #expect(done.filter { $0 == .planned }.count >= 4, "\(done)")
}

/// A day's folder of Live Photos and RAW+JPEG pairs moved whole, each file keeping its name: every
/// pair stays a pair. One file of a pair renamed alone breaks the pair by name: the plan pairs the
/// folder's files near it again. Both equal a full rebuild.
@Test func aFolderOfPairsMovedWholeKeepsTheQueue() async throws {
  let twins = try TwinLibraries(seed: 1)
  twins.dayGaps = [5000, 100_000]  // no photo at another's very instant (ties are refused)
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  let folder = try #require(
    (0..<4).map { "d\($0)" }.first { day in
      let paths = twins.files.keys.filter { $0.hasPrefix(day + "/") }
      return paths.contains { $0.hasSuffix(".mov") } && paths.contains { $0.hasSuffix(".cr3") }
    })
  try twins.moveFolder(folder, to: "2023/trip")
  #expect(try twins.freshen() == .planned)
  #expect(try twins.expectAlike(after: 0, .planned))

  let video = try #require(
    twins.files.keys.sorted().first { $0.hasPrefix("2023/trip/") && $0.hasSuffix(".mov") })
  var changes = IndexChanges(rootId: twins.root)
  var renamed = try #require(twins.files[video])
  renamed.path = "2023/trip/clip.mov"
  changes.removed = [video]
  changes.media = [renamed]
  try twins.apply(changes)
  #expect(try twins.freshen() == .planned)
  #expect(try twins.expectAlike(after: 1, .planned))
}

/// Twins of a 20-day library (no photo at another's very instant) with `files` added and their
/// queue built whole, then `move` made: how the queue was made fresh, after expecting both alike.
private func moved(
  _ files: (TwinLibraries) -> [FileRecord], then move: (TwinLibraries) throws -> Void
) throws -> Library.QueueFreshening {
  let twins = try TwinLibraries(seed: 3)
  twins.dayGaps = [5000, 100_000]
  for _ in 0..<20 { try twins.append() }
  var changes = IndexChanges(rootId: twins.root)
  changes.media = files(twins)
  try twins.apply(changes)
  #expect(try twins.freshen() == .rebuilt)
  try move(twins)
  let done = try twins.freshen()
  #expect(try twins.expectAlike(after: 0, done))
  return done
}

/// The file at `path` moved to `target`, its content as it was.
private func move(_ path: String, to target: String, in twins: TwinLibraries) throws {
  var changes = IndexChanges(rootId: twins.root)
  var record = try #require(twins.files[path])
  record.path = target
  changes.removed = [path]
  changes.media = [record]
  try twins.apply(changes)
}

/// Where a moved file's place starts or ends a pairing by name, or changes its folder's
/// modification times from dated to undated, the plan reads the folders it leaves and joins, and
/// the queue equals a full rebuild, as it does for the same move where nothing reads the place.
@Test func aMoveThatAPlaceRuleReadsIsPlannedAsARebuild() throws {
  let at = 1_600_000_000.0
  func photo(_ twins: TwinLibraries, _ path: String, _ id: String, _ seconds: Double) -> FileRecord {
    twins.record(path, id: id, at: seconds, offset: 3600, camera: 0, coordinate: nil)
  }
  // A lone photo moved beside a raw file of its time under the raw's name: they pair.
  let lone = { (twins: TwinLibraries) in
    [photo(twins, "a/shot.jpg", "lone", at), photo(twins, "b/IMG_1.cr3", "raw", at + 0.5)]
  }
  #expect(try moved(lone) { try move("a/shot.jpg", to: "b/IMG_1.jpg", in: $0) } == .planned)
  #expect(try moved(lone) { try move("a/shot.jpg", to: "b/IMG_2.jpg", in: $0) } == .planned)
  // A RAW+JPEG pair's photo moved away from its raw file: the pair ends.
  let pair = { (twins: TwinLibraries) in
    [photo(twins, "a/IMG_1.jpg", "jpeg", at), photo(twins, "a/IMG_1.cr3", "raw", at)]
  }
  #expect(try moved(pair) { try move("a/IMG_1.jpg", to: "b/IMG_1.jpg", in: $0) } == .planned)
  #expect(
    try moved(pair) {
      try move("a/IMG_1.jpg", to: "b/IMG_1.jpg", in: $0)
      try move("a/IMG_1.cr3", to: "b/IMG_1.cr3", in: $0)
    } == .planned)
  // A dated photo moved into a folder of one dated photo and one file dated by its modification
  // time two days after it: the dated now outnumber it, and it is undated.
  let folder = { (twins: TwinLibraries) in
    [
      photo(twins, "a/shot.jpg", "moving", at - 600), photo(twins, "b/IMG_1.jpg", "dated", at),
      twins.record(
        "b/screen.png", id: "screen", at: at + 2 * 86_400, offset: nil, camera: 2, coordinate: nil,
        source: .fileModified),
    ]
  }
  #expect(try moved(folder) { try move("a/shot.jpg", to: "b/IMG_0.jpg", in: $0) } == .planned)
  #expect(try moved(folder) { try move("a/shot.jpg", to: "c/IMG_0.jpg", in: $0) } == .planned)
  // Out of a root's top level (a folder of no name), and into it.
  let top = { (twins: TwinLibraries) in
    [
      photo(twins, "top.jpg", "top", at), photo(twins, "other.jpg", "other", at + 600),
      photo(twins, "a/shot.jpg", "shot", at + 1200), photo(twins, "a/kept.jpg", "kept", at + 1800),
    ]
  }
  #expect(try moved(top) { try move("top.jpg", to: "b/top.jpg", in: $0) } == .planned)
  #expect(try moved(top) { try move("a/shot.jpg", to: "shot.jpg", in: $0) } == .planned)
}

/// A folder renamed or moved whole keeps what the rules read of its files (their names side by
/// side, its dated photos and modification times), its files dated by their modification time
/// included. One photo moved out of it changes its span of dated photos (here a modification time
/// a day and a half after it becomes undated): the plan reads the folder whole.
@Test func aFolderMovedWholeKeepsItsModificationTimes() throws {
  let at = 1_600_000_000.0
  let folder = { (twins: TwinLibraries) in
    [
      twins.record("b/IMG_1.jpg", id: "one", at: at, offset: 3600, camera: 0, coordinate: nil),
      twins.record("b/IMG_2.jpg", id: "two", at: at + 60, offset: 3600, camera: 0, coordinate: nil),
      twins.record("b/IMG_3.jpg", id: "three", at: at + 86_400, offset: 3600, camera: 0, coordinate: nil),
      twins.record(
        "b/screen.png", id: "screen", at: at + 1.5 * 86_400, offset: nil, camera: 2, coordinate: nil,
        source: .fileModified),
    ]
  }
  let whole = { (twins: TwinLibraries) in
    for name in ["IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg", "screen.png"] {
      try move("b/" + name, to: "2020/trip/" + name, in: twins)
    }
  }
  #expect(try moved(folder, then: whole) == .planned)
  #expect(try moved(folder) { try move("b/IMG_3.jpg", to: "c/IMG_3.jpg", in: $0) } == .planned)
}

/// A folder moved whole with an undated file (a modification time three days from its mostly
/// dated photos): the file stays undated, and keeps its place among the undated (ordered by
/// place), or moves among them when the folder's new name sorts elsewhere: the "Undated" moment
/// is cut again.
@Test func aFolderMovedWholeWithAnUndatedFile() throws {
  let at = 1_600_000_000.0
  func folder(_ name: String, _ twins: TwinLibraries, days: Double) -> [FileRecord] {
    [
      twins.record("\(name)/IMG_1.jpg", id: name + "1", at: at, offset: 3600, camera: 0, coordinate: nil),
      twins.record(
        "\(name)/IMG_2.jpg", id: name + "2", at: at + 60, offset: 3600, camera: 0, coordinate: nil),
      twins.record(
        "\(name)/screen.png", id: name + "s", at: at + days * 86_400, offset: nil, camera: 2, coordinate: nil,
        source: .fileModified),
    ]
  }
  let library = { (twins: TwinLibraries) in folder("b", twins, days: 3) + folder("m", twins, days: -3) }
  func moveWhole(_ target: String) -> (TwinLibraries) throws -> Void {
    { twins in
      for name in ["IMG_1.jpg", "IMG_2.jpg", "screen.png"] {
        try move("b/" + name, to: target + name, in: twins)
      }
    }
  }
  #expect(try moved(library, then: moveWhole("2020/trip/")) == .planned)
  #expect(try moved(library, then: moveWhole("z/trip/")) == .planned)
}
