import FaverCore
import Foundation
import Testing

@testable import FaverKit
@testable import FaverStore

/// A night's change is never of one kind: new photos and deletions, a folder renamed, files edited
/// in place, copies, an old card, all in one `index`. The planner (`Library.plan`) brings
/// the queue up to date with any mixture of them, and the queue equals a full rebuild's after
/// every step.
extension TwinLibraries {
  /// A folder renamed: every file of it gone, and back under the same names elsewhere.
  func renameAFolder() throws {
    let folders = Set(files.keys.map { String($0.prefix { $0 != "/" }) }).sorted()
    guard let folder = folders.randomElement(using: &random) else { return }
    next += 1
    var changes = IndexChanges(rootId: root)
    for (path, record) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix(folder + "/") {
      changes.removed.append(path)
      var moved = record
      moved.path = "renamed\(next)" + path.dropFirst(folder.count)
      changes.media.append(moved)
    }
    try apply(changes)
  }

  /// A file moved to another folder, or copied there (the copy holds the same content).
  func moveOrCopy(copy: Bool) throws {
    guard let (path, record) = files.sorted(by: { $0.key < $1.key }).randomElement(using: &random) else {
      return
    }
    next += 1
    var changes = IndexChanges(rootId: root)
    if !copy { changes.removed = [path] }
    var moved = record
    moved.path = "moved\(next % 3)/" + (path.split(separator: "/").last.map(String.init) ?? path)
    guard files[moved.path] == nil else { return }
    changes.media = [moved]
    try apply(changes)
  }
}

extension TwinLibraries {
  /// Files without a date copied in (a download): one or two, seconds after a file dated by its
  /// modification time (anywhere when there is none), in a folder of their own. With it, they are
  /// a copy's chain across folders: undated, and so is it.
  func copyBesideModificationTimes() throws {
    let modified = files.values.filter { $0.timeSource == .fileModified }.sorted { $0.path < $1.path }
    let at =
      modified.randomElement(using: &random)?.takenAt
      ?? Double.random(
        in: 1_700_000_000...(files.values.map(\.takenAt).max() ?? 1_700_000_001), using: &random)
    next += 1
    var changes = IndexChanges(rootId: root)
    for index in 0..<Int.random(in: 1...2, using: &random) {
      changes.media.append(
        record(
          "dl\(next)/f\(index).png", id: "id\(next)d\(index)", at: at + 1.5 * Double(index + 1), offset: nil,
          camera: 2, coordinate: nil, source: .fileModified))
    }
    try apply(changes)
  }
}

extension TwinLibraries {
  /// A new root indexed (another disk, a phone's export): a few photos of its own among the
  /// library's, and now and then copies of photos already indexed (the same content elsewhere).
  /// Its files stay as they are: the other changes touch the first root only.
  func indexANewRoot() throws {
    next += 1
    let path = "/extra\(next)"
    let (id, twin) = (try appended.store.rootID(for: path), try rebuilt.store.rootID(for: path))
    #expect(id == twin)
    var changes = IndexChanges(rootId: id)
    for index in 0..<Int.random(in: 1...4, using: &random) {
      var new = record(
        "new/p\(index).jpg", id: "id\(next)x\(index)",
        at: Double.random(
          in: 1_700_000_000...(files.values.map(\.takenAt).max() ?? 1_700_000_001), using: &random),
        offset: 3600, camera: 1, coordinate: nil)
      new.rootId = id
      changes.media.append(new)
    }
    for (path, record) in files.sorted(by: { $0.key < $1.key })
    where Int.random(in: 0..<8, using: &random) == 0 {
      var copy = record
      copy.rootId = id
      copy.path = "copies/" + path
      changes.media.append(copy)
    }
    try appended.store.apply(changes)
    try rebuilt.store.apply(changes)
  }

  /// An iPhone burst among the library's photos: two to four photos sharing Apple's burst
  /// identifier (one burst whatever the gaps), up to 8 s apart; now and then one more of an
  /// earlier burst's, minutes later (the burst reaches across moments).
  func appleBurst() throws {
    next += 1
    var changes = IndexChanges(rootId: root)
    let latest = files.values.map(\.takenAt).max() ?? 1_700_000_001
    var seconds = Double.random(in: 1_700_000_000...latest, using: &random)
    for index in 0..<Int.random(in: 2...4, using: &random) {
      var photo = record(
        "bursts/b\(next)-\(index).heic", id: "id\(next)b\(index)", at: seconds, offset: 3600, camera: 1,
        coordinate: nil)
      photo.burstID = "burst\(next)"
      changes.media.append(photo)
      seconds += Double.random(in: 0.1...8, using: &random)
    }
    let earlier = files.values.compactMap(\.burstID).sorted()
    if let burst = earlier.randomElement(using: &random), Bool.random(using: &random) {
      var late = record(
        "bursts/late\(next).heic", id: "id\(next)late", at: seconds + 600, offset: 3600, camera: 1,
        coordinate: nil)
      late.burstID = burst
      changes.media.append(late)
    }
    try apply(changes)
  }

  /// A root other than the first forgotten (`roots --forget`): its files leave the library.
  func forgetARoot() throws {
    let extra = try appended.store.roots().filter { $0.key != root }.values.sorted()
    guard let path = extra.randomElement(using: &random) else { return }
    #expect(try appended.store.forgetRoot(path))
    #expect(try rebuilt.store.forgetRoot(path))
  }
}

/// Mixed changes, several kinds in one step, each step's queue equal to a full rebuild's; the
/// planner takes most of them (counted, so the test cannot pass by rebuilding always).
@Test(arguments: 1...20)
func mixedChangesEqualAFullRebuildAfterEveryStep(seed: Int) async throws {
  let twins = try TwinLibraries(seed: UInt64(seed) &* 7919)
  // Wall clocks now and then, for one seed in four an old DSLR's every photo.
  twins.wallClockCamera = seed % 4 == 0 ? 0 : nil
  // For one seed in three, files dated by their modification time among the photos.
  twins.modifiedFiles = seed % 3 == 0
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  // Each kind of change, one drawn at a time.
  let changes: [(String, (TwinLibraries) throws -> Void)] = [
    ("append", { try $0.append() }), ("middle", { try $0.insertInTheMiddle() }),
    ("edit", { try $0.editInPlace() }), ("remove", { try $0.remove() }),
    ("rename", { try $0.renameAFolder() }),
    ("move", { try $0.moveOrCopy(copy: false) }), ("copy", { try $0.moveOrCopy(copy: true) }),
    ("card", { try $0.importOldCard() }), ("download", { try $0.copyBesideModificationTimes() }),
    ("mark", { try $0.mark() }), ("root", { try $0.indexANewRoot() }), ("forget", { try $0.forgetARoot() }),
    ("burst", { try $0.appleBurst() }),
  ]
  var taken: [Library.QueueFreshening] = []
  for step in 0..<25 {
    await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
    var kinds: [String] = []
    for _ in 0..<Int.random(in: 2...4, using: &twins.random) {
      let (kind, change) = changes[Int.random(in: 0..<changes.count, using: &twins.random)]
      kinds.append(kind)
      try change(twins)
    }
    let done = try twins.freshen()
    taken.append(done)
    guard try twins.expectAlike(after: step, done) else {
      Issue.record("step \(step): \(kinds)")
      break
    }
  }
  let planned = taken.filter { $0 == .planned }.count
  #expect(planned * 2 >= taken.count, "\(taken)")
}

/// A root indexed beside the first, then forgotten: each planned like its files, and the queue
/// equals a full rebuild's.
@Test(arguments: 1...4)
func aRootAddedOrForgottenIsPlannedLikeItsFiles(seed: Int) throws {
  let twins = try TwinLibraries(seed: UInt64(seed) &* 104_729)
  for _ in 0..<12 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  try twins.indexANewRoot()
  try twins.indexANewRoot()
  var done = try twins.freshen()
  #expect(done == .planned)
  #expect(try twins.expectAlike(after: 0, done))
  try twins.forgetARoot()
  try twins.append()
  done = try twins.freshen()
  #expect(done == .planned)
  #expect(try twins.expectAlike(after: 1, done))
}

/// One change at a time, of a kind drawn at random: the queue equals a full rebuild's after every
/// change, and the planner takes nearly all of them.
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
