import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

/// The gaps kept are those a smart threshold counts, each at its burst (bursts numbered `step`
/// apart), whether they fill whole batches of rows or end in a part of one.
@Test(arguments: [0, 1, 63, 64, 65, 200])
func theGapsKeptAreTheCountedOnesAtTheirBursts(count: Int) throws {
  let store = try IndexStore()
  // Every third gap is shorter than a minute; the others are whole minutes.
  let gaps: [TimeInterval] = (0..<count).map { (index: Int) -> TimeInterval in
    let seconds: Int = index % 3 == 0 ? 30 + index % 30 : 60 * index
    return TimeInterval(seconds)
  }
  try store.database.write { db in try IndexStore.insertGaps(gaps, firstBurst: 5, step: 3, in: db) }
  let rows = try store.database.read { db in
    try Row.fetchAll(db, sql: "SELECT burst, gap FROM queueGap ORDER BY burst").map {
      (burst: $0[0] as Int, gap: $0[1] as Double)
    }
  }
  let counted: [(burst: Int, gap: TimeInterval)] = gaps.enumerated().compactMap { offset, gap in
    gap >= MomentClusterer.minimumCountedGap ? (5 + 3 * offset, gap) : nil
  }
  #expect(!counted.isEmpty || count < 3)
  #expect(rows.map { $0.burst } == counted.map { $0.burst })
  #expect(rows.map { $0.gap } == counted.map { $0.gap })
}

private func photo(_ root: Int64, _ index: Int) -> FileRecord {
  FileRecord(
    rootId: root, path: "\(index).jpg", assetId: AssetID(rawValue: String(format: "%016llx", index * 7919)),
    format: "jpeg", kind: .photo, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
    captureTime: CaptureTime(
      instant: Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 50) * 5_000 + Double(index)),
      utcOffset: 0, source: .exifOriginal),
    coordinate: nil, make: nil, model: nil, problem: nil)
}

/// A queue written whole keeps the indexes whose keys follow the position while its rows go in,
/// and makes the others again: every index is there, and holds every row, on a first save and on
/// a save that replaces a queue.
@Test func aQueueWrittenWholeKeepsEveryIndexSound() throws {
  let store = try IndexStore()
  let root = try store.rootID(for: "/lib")
  var changes = IndexChanges(rootId: root)
  changes.media = (0..<300).map { photo(root, $0) }
  try store.apply(changes)
  func indexes() throws -> [String] {
    try store.database.read { db in
      try String.fetchAll(
        db,
        sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'queueItem' ORDER BY name")
    }
  }
  let before = try indexes()
  #expect(before.count == 6)
  for recipe in ["first", "second"] {
    // The second save finds no item as it would write it: the whole queue is written again.
    try store.database.write { db in try db.execute(sql: "UPDATE queueItem SET digest = 0") }
    var assets = try store.unpairedAssets()
    let cuts = MomentClusterer(mode: .smart).cuts(in: assets)
    let written = try store.saveQueue(
      &assets, cuts: cuts, places: Array(repeating: nil, count: cuts.momentCount), generation: 0,
      recipe: recipe)
    #expect(written == 300)
    #expect(try indexes() == before)
    #expect(try store.integrityCheck() == ["ok"])
    let pending = try store.database.read { db in
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM queueItem INDEXED BY queueItem_pending WHERE reviewed = 0")
    }
    #expect(pending == 300)
  }
}

/// The listing's index is kept while the rows go in when at most one item in 16 comes before an
/// instant already written; the companion's and the raw file's when at most one in 16 has one.
@Test(arguments: [
  (0, 0, 0, true, true), (4, 2, 1, true, true), (5, 3, 2, false, true), (0, 5, 5, true, false),
])
func theIndexesKeptFollowHowTheItemsFall(
  outOfOrder: Int, companions: Int, raws: Int, keepsListing: Bool, keepsPairs: Bool
) {
  var layout = IndexStore.ItemLayout()
  for index in 0..<64 {
    // The first `outOfOrder` items after the tenth go back an hour.
    let late = index > 10 && index <= 10 + outOfOrder
    var asset = Asset(
      id: AssetID(rawValue: String(format: "%016llx", index)), root: "/lib", path: "\(index).jpg",
      kind: .photo,
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) - (late ? 3_600 : 0)),
        utcOffset: 0,
        source: .exifOriginal))
    let other = Asset.Companion(id: AssetID(rawValue: "c\(index)"), root: "/lib", path: "\(index).mov")
    if index < companions { asset.companion = other }
    if index < raws { asset.raw = other }
    layout.add(asset)
  }
  let kept = layout.indexesKept
  #expect(kept.isSuperset(of: ["queueItem_on_burst", "queueItem_pending"]))
  #expect(kept.contains("queueItem_listing") == keepsListing)
  #expect(kept.contains("queueItem_on_companionId") == (companions * 16 <= 64))
  #expect(kept.contains("queueItem_on_rawId") == (raws * 16 <= 64))
  #expect((kept.contains("queueItem_on_companionId") && kept.contains("queueItem_on_rawId")) == keepsPairs)
}
