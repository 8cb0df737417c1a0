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

/// The photo `index` (its id made of it, unless given), at `path` (`index.jpg` unless given).
private func photo(_ root: Int64, _ index: Int, path: String? = nil, id: String? = nil) -> FileRecord {
  FileRecord(
    rootId: root, path: path ?? "\(index).jpg",
    assetId: AssetID(rawValue: id ?? String(format: "%016llx", index * 7919)), format: "jpeg", kind: .photo,
    stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
    captureTime: CaptureTime(
      instant: Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 50) * 5_000 + Double(index)),
      utcOffset: 0, source: .exifOriginal),
    coordinate: nil, make: nil, model: nil, problem: nil)
}

/// A queue saved whole, then saved again over it, reads back item for item as it was cut: each
/// moment's packed items at their positions and bursts, each id found by its key, the store sound.
@Test func aQueueSavedWholeReadsBackItemForItem() throws {
  let store = try IndexStore()
  let root = try store.rootID(for: "/lib")
  var changes = IndexChanges(rootId: root)
  changes.media = (0..<300).map { photo(root, $0) }
  try store.apply(changes)
  for recipe in ["first", "second"] {
    var assets = try store.unpairedAssets()
    let cuts = MomentClusterer(mode: .smart).cuts(in: assets)
    let expected = (0..<cuts.momentCount).flatMap { moment in
      cuts.burstOrdinals(of: moment).flatMap { burst in
        cuts.bursts.members(of: cuts.order[burst]).map { (assets[$0].id, moment, burst) }
      }
    }
    let written = try store.saveQueue(
      &assets, cuts: cuts, places: Array(repeating: nil, count: cuts.momentCount), generation: 0,
      recipe: recipe)
    #expect(written == 300)
    #expect(try store.integrityCheck() == ["ok"])
    let read = try store.database.read { db in try IndexStore.items(from: 0, to: Int.max, in: db) }
    #expect(read.map(\.assetID) == expected.map(\.0))
    #expect(read.map(\.moment) == expected.map { $0.1 * IndexStore.queueStep })
    #expect(read.map(\.burst) == expected.map { $0.2 * IndexStore.queueStep })
    #expect(read.map(\.position) == read.indices.map { $0 * IndexStore.queueStep })
    #expect(read.allSatisfy { !$0.reviewed })
    try store.database.read { db in
      for item in read.prefix(40) {
        let found = try IndexStore.item(item.assetID, in: db)
        #expect(found == item)
      }
    }
  }
}

/// Packed items read back as they were written, whatever they hold (ids of hex digits or not, a
/// pair, offsets and shifts of either sign, a problem, a file row), and bytes cut short end the
/// items read rather than failing.
@Test func packedItemsReadBackAsWritten() {
  var items: [IndexStore.QueuedItem] = []
  for index in 0..<24 {
    var time = CaptureTime(
      instant: Date(timeIntervalSince1970: 1_700_000_000.25 + Double(index) * 37),
      utcOffset: index % 3 == 0 ? nil : (index % 2 == 0 ? -18_000 : 19_800),
      source: TimeSource.allCases[index % TimeSource.allCases.count], hasSubseconds: index % 2 == 0,
      offsetSource: OffsetSource.allCases[index % OffsetSource.allCases.count])
    time.inferredOffset = index % 4 == 0 ? -3_600 * index : nil
    time.clockShift = index % 5 == 0 ? -86_400 * index : index
    time.isUndated = index % 7 == 0
    items.append(
      IndexStore.QueuedItem(
        position: index * 256 + 1_000_000,
        assetID: AssetID(
          rawValue: index % 2 == 0 ? String(format: "%016llx", index * 977) : "photo-é-\(index)"),
        companionID: index % 3 == 1 ? AssetID(rawValue: "video\(index)") : nil,
        rawID: index % 4 == 1
          ? AssetID(rawValue: String(format: "%016llx", UInt64.max - UInt64(index))) : nil,
        burst: index / 3 * 256, moment: 512, captureTime: time,
        problem: index % 6 == 0 ? "no date: “\(index)”" : nil,
        reviewed: index % 2 == 1, fileID: index % 3 == 2 ? Int64(index) * 1_000_003 : nil))
  }
  var packed = PackedItems.Writer()
  for item in items { packed.append(item) }
  let bytes = packed.bytes
  let read = bytes.withUnsafeBytes { PackedItems.items($0, moment: 512) }
  #expect(read == items)
  for cut in [1, 2, 17, bytes.count / 2, bytes.count - 1] {
    let shorter = bytes.prefix(cut).withUnsafeBytes { PackedItems.items($0, moment: 512) }
    #expect(shorter.count < items.count)
    #expect(shorter == Array(items.prefix(shorter.count)))
  }
}

/// A moment's packed items cut short (a damaged store) are an error the reader reports, never a
/// moment silently short of photos.
@Test func aMomentsItemsCutShortAreReportedNotDropped() throws {
  let store = try IndexStore()
  let root = try store.rootID(for: "/lib")
  var changes = IndexChanges(rootId: root)
  changes.media = (0..<40).map { photo(root, $0) }
  try store.apply(changes)
  var assets = try store.unpairedAssets()
  let cuts = MomentClusterer(mode: .smart).cuts(in: assets)
  try store.saveQueue(
    &assets, cuts: cuts, places: Array(repeating: nil, count: cuts.momentCount), generation: 0, recipe: "r")
  let first = try #require(
    try store.database.read { try Int.fetchOne($0, sql: "SELECT MIN(moment) FROM queueItems") })
  #expect(try store.database.read { try IndexStore.items(ofMoment: first, in: $0) }.isEmpty == false)
  try store.database.write { db in
    try db.execute(
      sql: "UPDATE queueItems SET items = substr(items, 1, length(items) - 3) WHERE moment = ?",
      arguments: [first])
  }
  #expect(throws: DatabaseError.self) {
    try store.database.read { try IndexStore.items(ofMoment: first, in: $0) }
  }
}

/// Each item saved whole keeps the row of its asset's only file, found where the asset was read
/// (`Asset.fileRow`), whatever its id (hex digits or other text); an asset with a copy elsewhere
/// keeps none, and is read by its id. An asset read back by a saved item (as the planner reads
/// them) has its row too, and none when it has copies.
@Test(arguments: [
  ["00000000000000a1", "00000000000000b2", "ffffffffffffff01", "0123456789abcdef"],
  ["a", "b", "c", "d"],
  ["00000000000000a1", "b", "ffffffffffffff01", "D0123456789ABCDE"],
])
func eachSavedItemKeepsTheRowOfItsOnlyFile(ids: [String]) throws {
  let store = try IndexStore()
  let (lib, backup) = (try store.rootID(for: "/lib"), try store.rootID(for: "/backup"))
  var main = IndexChanges(rootId: lib)
  main.media = ids.enumerated().map { photo(lib, $0.offset, id: $0.element) }
  try store.apply(main)
  var copies = IndexChanges(rootId: backup)
  copies.media = [photo(backup, 2, path: "copy.jpg", id: ids[2])]
  try store.apply(copies)
  var assets = try store.unpairedAssets()
  let cuts = MomentClusterer(mode: .smart).cuts(in: assets)
  try store.saveQueue(
    &assets, cuts: cuts, places: Array(repeating: nil, count: cuts.momentCount), generation: 0, recipe: "r")
  try store.database.read { db in
    let items = try IndexStore.items(from: 0, to: Int.max, in: db)
    #expect(items.map(\.assetID.rawValue).sorted() == ids.sorted())
    for item in items {
      let offset = try #require(ids.firstIndex(of: item.assetID.rawValue))
      let row = try Int64.fetchOne(
        db, sql: "SELECT id FROM file WHERE rootId = ? AND path = ?", arguments: [lib, "\(offset).jpg"])
      #expect(row != nil)
      #expect(item.fileID == (offset == 2 ? nil : row))
      let read = try QueuedAssetReader(db, roots: try IndexStore.roots(db)).asset(of: item)
      #expect(read?.fileRow == (offset == 2 ? nil : row))
      #expect(read?.duplicates.isEmpty == (offset != 2))
    }
  }
}

/// An asset's file row is the store's handle, not part of the asset: equal and hashed alike with
/// or without one.
@Test func anAssetsFileRowIsNotPartOfItsEquality() {
  let asset = Asset(
    id: AssetID(rawValue: "00000000000000a1"), root: "/lib", path: "a.jpg", kind: .photo,
    captureTime: CaptureTime(instant: Date(timeIntervalSince1970: 0), utcOffset: 0, source: .exifOriginal))
  var read = asset
  read.fileRow = 42
  #expect(read.fileRow == 42 && asset.fileRow == nil)
  #expect(read == asset)
  #expect(Set([read, asset]).count == 1)
}

/// Every pair of sources reads back as written, and the packed form is small: its positions and
/// bursts as steps from the previous item's (steps back included), its sources one byte.
@Test func everyPairOfSourcesAndAnyStepReadsBack() {
  var items: [IndexStore.QueuedItem] = []
  for source in TimeSource.allCases {
    for offsetSource in OffsetSource.allCases {
      let index = items.count
      items.append(
        IndexStore.QueuedItem(
          position: index % 7 == 3 ? 5 : 1_000_000 + index * 1_024,
          assetID: AssetID(rawValue: String(format: "%016llx", index + 1)), companionID: nil, rawID: nil,
          burst: index / 2 * 1_024,
          moment: 0,
          captureTime: CaptureTime(
            instant: Date(timeIntervalSince1970: Double(index)), utcOffset: 0, source: source,
            offsetSource: offsetSource),
          problem: nil, reviewed: false, fileID: nil))
    }
  }
  var packed = PackedItems.Writer()
  for item in items { packed.append(item) }
  #expect(packed.bytes.withUnsafeBytes { PackedItems.items($0, moment: 0) } == items)
  var entries: [(burst: Int, instant: Double)] = []
  packed.bytes.withUnsafeBytes { bytes in
    PackedItems.forEachEntry(bytes) { _, burst, instant, _ in entries.append((burst, instant)) }
  }
  #expect(entries.map(\.burst) == items.map(\.burst))
  #expect(entries.map(\.instant) == items.map { $0.captureTime.instant.timeIntervalSince1970 })
  // Flags 2, steps 2 + 2 (3 for a step back), id 9, instant 8, offset 1, sources 1, shift 1.
  #expect(packed.bytes.count <= items.count * 28)
}
