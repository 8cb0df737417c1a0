import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

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

/// A queue with holes in its positions (removals mid-timeline, planned) is numbered anew by the
/// next full save: every row (items packed per moment, moments, gaps, the map of ids) is then the
/// one a rebuild saves, byte for byte.
@Test func aFullSaveNumbersAQueueWithHolesAsARebuildDoes() throws {
  let twins = try TwinLibraries(seed: 5)
  twins.wallClocks = false
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  // The items not at their rank's position (a full save writes them `queueStep` apart).
  func holes(_ store: IndexStore) throws -> Int {
    try store.database.read { db in
      try IndexStore.items(from: 0, to: Int.max, in: db).enumerated().count {
        $0.element.position != $0.offset * IndexStore.queueStep
      }
    }
  }
  for _ in 0..<3 {
    try twins.remove()
    _ = try twins.freshen()
  }
  #expect(try holes(twins.appended.store) > 0)
  try twins.appended.store.database.write { db in try db.execute(sql: "DELETE FROM state WHERE key = 'queue'")
  }
  #expect(try twins.freshen() == .rebuilt)
  #expect(try holes(twins.appended.store) == 0)
  let raw = { (store: IndexStore) in
    try store.database.read { db in
      [
        try Row.fetchAll(db, sql: "SELECT * FROM queueItems ORDER BY moment"),
        try Row.fetchAll(db, sql: "SELECT * FROM queueMoment ORDER BY ordinal"),
        try Row.fetchAll(db, sql: "SELECT * FROM queueGap ORDER BY burst"),
        try Row.fetchAll(db, sql: "SELECT * FROM queueAsset ORDER BY key, moment"),
      ]
    }
  }
  #expect(try raw(twins.appended.store) == raw(twins.rebuilt.store))
}
