import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// Two stores of the same files and corrections, one keeping its saved queue up to date after a
/// change (`Library.freshenQueue`), the other building it from nothing: where the change would
/// place another photo otherwise, the first must rebuild too.
private final class KeptAndBuilt {
  let kept: (store: IndexStore, library: Library)
  let built: (store: IndexStore, library: Library)
  let folder: URL
  let root: Int64

  init(_ files: (Int64) -> [FileRecord]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faver-reclock-\(UUID().uuidString)")
    func make(_ name: String) throws -> (store: IndexStore, library: Library) {
      let store = try IndexStore()
      let place = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
      return (store, Library(store: store, folder: place))
    }
    let kept = try make("kept")
    let built = try make("built")
    let root = try kept.store.rootID(for: "/lib")
    _ = try built.store.rootID(for: "/lib")
    (self.kept, self.built, self.root, self.folder) = (kept, built, root, folder)
    var changes = IndexChanges(rootId: root)
    changes.media = files(root)
    try kept.store.apply(changes)
    try built.store.apply(changes)
    #expect(try kept.library.freshenQueue(mode: .smart) == .rebuilt)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Makes `change` in both stores; returns how the kept queue was made fresh, once both queues
  /// are expected equal.
  func change(_ change: (IndexStore) throws -> Void) throws -> Library.QueueFreshening {
    try change(kept.store)
    try change(built.store)
    let done = try kept.library.freshenQueue(mode: .smart)
    try built.store.database.write { db in
      for table in ["queueItems", "queueAsset", "queueMoment", "queueGap"] {
        try db.execute(sql: "DELETE FROM \(table)")
      }
      try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
    }
    #expect(try built.library.freshenQueue(mode: .smart) == .rebuilt)
    let (a, b) = (try TwinLibraries.savedQueue(kept.store), try TwinLibraries.savedQueue(built.store))
    #expect(a == b, "\(done): \(TwinLibraries.firstDifference(a, b))")
    return done
  }

  /// Corrects `correction` in both (see `change`).
  func correct(_ correction: ClockCorrection) throws -> Library.QueueFreshening {
    try change { try $0.addClockCorrection(correction) }
  }

  /// Indexes `files` (of the root's id) in both (see `change`).
  func add(_ files: (Int64) -> [FileRecord]) throws -> Library.QueueFreshening {
    try change { store in
      var changes = IndexChanges(rootId: root)
      changes.media = files(root)
      try store.apply(changes)
    }
  }

  static func file(
    _ path: String, root: Int64, at seconds: Double, offset: Int?, camera: (String, String)?,
    source: TimeSource = .exifOriginal
  ) -> FileRecord {
    FileRecord(
      rootId: root, path: path, assetId: AssetID(rawValue: path), format: "jpeg", kind: .photo,
      stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: seconds), utcOffset: offset, source: source),
      coordinate: nil, make: camera?.0, model: camera?.1, problem: nil)
  }
}

private let canon = ("Canon", "EOS R6")
private let phone = ("Apple", "iPhone 15")
private let start: Double = 1_700_000_000

/// Ten phone photos an hour apart, ten days after `start`: a queue of a few moments to keep.
private func filler(root: Int64) -> [FileRecord] {
  (0..<10).map {
    KeptAndBuilt.file(
      "later/f\($0).jpg", root: root, at: start + 864_000 + Double($0) * 3600, offset: 0, camera: phone)
  }
}

/// A wall-clock photo takes its zone from its camera's photos near it in wall-clock time: a
/// correction that takes the one near it away (30 hours on, past `Timeline.reach`) leaves it the
/// zone of another camera's photo. Moving the corrected photo alone would leave it where it was:
/// the plan places the wall clock again too (it is within reach of the moved photo), as a rebuild
/// does. A correction of a photo days from any wall clock moves that photo alone.
@Test func aCorrectionThatMovesAWallClocksEvidencePlacesTheWallClockAgain() throws {
  let twins = try KeptAndBuilt { root in
    [
      // Canon's wall clock at `start`, no offset: +01:00 from the Canon photo ten minutes after.
      KeptAndBuilt.file("trip/w.jpg", root: root, at: start, offset: nil, camera: canon),
      KeptAndBuilt.file("trip/a.jpg", root: root, at: start + 600 - 3600, offset: 3600, camera: canon),
      // The phone's, three hours later on its wall clock, at −05:00.
      KeptAndBuilt.file(
        "trip/b.jpg", root: root, at: start + 10_800 + 18_000, offset: -18_000, camera: phone),
      // Canon's again, ten days later.
      KeptAndBuilt.file("later/c.jpg", root: root, at: start + 864_000 + 1800, offset: 0, camera: canon),
    ] + filler(root: root)
  }
  let away = ClockCorrection(
    camera: "Canon EOS R6", shift: 108_000, from: Date(timeIntervalSince1970: start + 540))
  #expect(try twins.correct(away) == .planned)
  let later = ClockCorrection(
    camera: "Canon EOS R6", shift: 120, from: Date(timeIntervalSince1970: start + 800_000),
    to: Date(timeIntervalSince1970: start + 900_000))
  #expect(try twins.correct(later) == .planned)
}

/// A file dated by its modification time is undated when it is more than a day outside its
/// folder's dated photos (and they are most): a correction that moves the last of them two days
/// earlier leaves it outside, so the queue is rebuilt; one that moves the first by a minute
/// (within the span) changes nothing for it, and moves that photo alone.
@Test func aCorrectionThatMovesAFoldersSpanRebuildsTheQueue() throws {
  let twins = try KeptAndBuilt { root in
    [
      KeptAndBuilt.file("day/a.jpg", root: root, at: start, offset: 0, camera: canon),
      KeptAndBuilt.file("day/b.jpg", root: root, at: start + 3600, offset: 0, camera: canon),
      KeptAndBuilt.file("day/c.jpg", root: root, at: start + 172_800, offset: 0, camera: canon),
      // Within a day of `c`, more than a day after `b`.
      KeptAndBuilt.file(
        "day/m.png", root: root, at: start + 172_800 + 43_200, offset: nil, camera: nil, source: .fileModified
      ),
    ] + filler(root: root)
  }
  let last = ClockCorrection(
    camera: "Canon EOS R6", shift: -172_000, from: Date(timeIntervalSince1970: start + 86_400))
  #expect(try twins.correct(last) == .rebuilt)
  let first = ClockCorrection(
    camera: "Canon EOS R6", shift: 60, from: Date(timeIntervalSince1970: start - 60),
    to: Date(timeIntervalSince1970: start + 60))
  #expect(try twins.correct(first) == .planned)
}

/// Canon's wall clocks between its photos at two zones: one at +01:00 an hour before the first
/// wall clock (`trip/w1`, at `start`), one at −05:00 two hours after it; the second wall clock
/// (`trip/w2`, fifty minutes after the first, unless `second` is false) is nearer the −05:00
/// one: one run, a vote each.
private func run(root: Int64, second: Bool = true) -> [FileRecord] {
  [
    KeptAndBuilt.file("trip/a.jpg", root: root, at: start - 3600 - 3600, offset: 3600, camera: canon),
    KeptAndBuilt.file("trip/w1.jpg", root: root, at: start, offset: nil, camera: canon),
    KeptAndBuilt.file("trip/b.jpg", root: root, at: start + 7200 + 18_000, offset: -18_000, camera: canon),
  ]
    + (second
      ? [KeptAndBuilt.file("trip/w2.jpg", root: root, at: start + 3000, offset: nil, camera: canon)] : [])
}

/// A run of a camera's wall clocks (no more than an hour apart) takes the zone most of them got:
/// a new wall clock in the run of an older one can move that one, which the new one's placement
/// alone would not: the plan places the whole run again, as a rebuild does. A new wall clock hours
/// from any other takes its zone from the photos of known zone around it and is cut in alone.
@Test func aNewWallClockInTheRunOfAnOlderOnePlacesTheRunAgain() throws {
  let twins = try KeptAndBuilt { root in
    run(root: root, second: false) + filler(root: root)
  }
  // The second of `run`, new.
  #expect(
    try twins.add {
      [KeptAndBuilt.file("card/w2.jpg", root: $0, at: start + 3000, offset: nil, camera: canon)]
    }
      == .planned)
  // Five hours on: a run of its own, nearest the −05:00 photo.
  #expect(
    try twins.add {
      [KeptAndBuilt.file("card/w3.jpg", root: $0, at: start + 18_000, offset: nil, camera: canon)]
    }
      == .planned)
}

/// The same run the other way: a wall clock deleted from the run of another leaves that one the
/// zone its own evidence gives: the plan places the run again; one hours from any other wall
/// clock is cut out alone.
@Test func aWallClockRemovedFromTheRunOfAnotherPlacesTheRunAgain() throws {
  let twins = try KeptAndBuilt { root in
    run(root: root)
      + [KeptAndBuilt.file("trip/w3.jpg", root: root, at: start + 18_000, offset: nil, camera: canon)]
      + filler(root: root)
  }
  func remove(_ path: String) throws -> Library.QueueFreshening {
    try twins.change { store in
      var changes = IndexChanges(rootId: twins.root)
      changes.removed = [path]
      try store.apply(changes)
    }
  }
  #expect(try remove("trip/w2.jpg") == .planned)
  #expect(try remove("trip/w3.jpg") == .planned)
}

/// A wall clock a correction moves out of the run of one it does not move leaves that one the
/// zone its own evidence gives: the plan places the run again; a correction of a wall clock alone,
/// hours from any other, places it anew from the photos of known zone around where it falls now.
@Test func aCorrectionThatMovesAWallClockOutOfARunPlacesTheRunAgain() throws {
  let twins = try KeptAndBuilt { root in
    run(root: root) + [
      // Days later, alone but for Canon's photo at +02:00 half an hour after it.
      KeptAndBuilt.file("later/w3.jpg", root: root, at: start + 864_000 + 5400, offset: nil, camera: canon),
      KeptAndBuilt.file(
        "later/c.jpg", root: root, at: start + 864_000 + 7200 - 7200, offset: 7200, camera: canon),
    ] + filler(root: root)
  }
  let out = ClockCorrection(
    camera: "Canon EOS R6", shift: 7200, from: Date(timeIntervalSince1970: start + 1500),
    to: Date(timeIntervalSince1970: start + 4000))
  #expect(try twins.correct(out) == .planned)
  let alone = ClockCorrection(
    camera: "Canon EOS R6", shift: 9000, from: Date(timeIntervalSince1970: start + 800_000))
  #expect(try twins.correct(alone) == .planned)
}
