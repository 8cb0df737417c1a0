import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverStore

/// A store in a new folder as an older faver left it: migrated up to `migration`, then filled by
/// `fill`. The caller removes the folder.
private func olderStore(upTo migration: String, _ fill: (Database) throws -> Void) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let old = try DatabaseQueue(path: folder.appendingPathComponent(IndexStore.fileName).path)
  try IndexStore.migrator.migrate(old, upTo: migration)
  try old.write(fill)
  return folder
}

@Test func filesRememberedAsNonMediaByAnOlderStoreAreReadAgain() throws {
  // An index made before RAF, MRW, X3F and CRW were media remembers such a file as non-media.
  let folder = try olderStore(upTo: "v4: apple identifiers") { db in
    try db.execute(sql: "INSERT INTO root (id, path) VALUES (1, '/photos')")
    try db.execute(
      sql: """
        INSERT INTO nonMediaFile (rootId, path, size, mtimeNs, device, inode)
        VALUES (1, 'DSCF0001.RAF', 10, 1, 1, 1)
        """)
  }
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore(folder: folder)
  let known = try store.known(inRoot: 1)
  #expect(known.nonMedia.isEmpty)
  #expect(try store.roots() == [1: "/photos"])
}

@Test func filesDatedByNameOrModificationTimeAreReadAgain() throws {
  // An index made before XMP, IPTC and sidecar dates gave such files their file time for good.
  let folder = try olderStore(upTo: "v9: video duration") { db in
    try db.execute(sql: "INSERT INTO root (id, path) VALUES (1, '/photos')")
    for (name, source, kind) in [
      ("a.jpg", "fileModified", "photo"), ("b.jpg", "fileName", "photo"), ("c.mov", "quickTime", "video"),
    ] {
      try db.execute(
        sql: """
          INSERT INTO file (rootId, path, assetId, format, kind, size, mtimeNs, device, inode, takenAt,
            hasSubseconds, timeSource)
          VALUES (1, ?, ?, 'jpeg', ?, 10, 1, 1, 1, 0, 0, ?)
          """, arguments: [name, name, kind, source])
    }
  }
  defer { try? FileManager.default.removeItem(at: folder) }
  let known = try IndexStore(folder: folder).known(inRoot: 1)
  #expect(known.media["a.jpg"]?.stamp.size == -1)
  #expect(known.media["b.jpg"]?.stamp.size == -1)
  #expect(known.media["c.mov"]?.stamp.size == 10)
}

@Test func photosDatedByEXIFAreReadAgainForTheirOffsetSourceAndSerial() throws {
  // An index made before v11 did not say whether an offset came from the file or its GPS stamps.
  let folder = try olderStore(upTo: "v10: files dated by name or modification time") { db in
    try db.execute(sql: "INSERT INTO root (id, path) VALUES (1, '/photos')")
    for (name, source, offset) in [("a.jpg", "exifOriginal", 3600), ("b.jpg", "quickTime", 0)] {
      try db.execute(
        sql: """
          INSERT INTO file (rootId, path, assetId, format, kind, size, mtimeNs, device, inode, takenAt,
            utcOffset, hasSubseconds, timeSource)
          VALUES (1, ?, ?, 'jpeg', 'photo', 10, 1, 1, 1, 0, ?, 0, ?)
          """, arguments: [name, name, offset, source])
    }
  }
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore(folder: folder)
  let known = try store.known(inRoot: 1)
  #expect(known.media["a.jpg"]?.stamp.size == -1)
  #expect(known.media["b.jpg"]?.stamp.size == 10)
  // Until read again, an offset counts as the file's.
  let assets = try store.unpairedAssets()
  #expect(assets.map(\.captureTime.offsetSource) == [.file, .file])
  #expect(try store.clockCorrections().isEmpty)
}

@Test func aQueueSavedByAnOlderStoreIsDroppedAndRebuiltNotRead() throws {
  // A v12 store with a saved queue (its moments as JSON) that its stamp calls fresh.
  let folder = try olderStore(upTo: "v12: review queue") { db in
    try db.execute(sql: "INSERT INTO root (id, path) VALUES (1, '/photos')")
    try db.execute(
      sql: """
        INSERT INTO file (rootId, path, assetId, format, kind, size, mtimeNs, device, inode, takenAt,
          utcOffset, hasSubseconds, timeSource, offsetSource)
        VALUES (1, 'a.jpg', 'a', 'jpeg', 'photo', 10, 1, 1, 1, 0, 0, 0, 'exifOriginal', 'file')
        """)
    try db.execute(
      sql: """
        INSERT INTO queueItem (position, assetId, burst, moment, instant, timeSource, hasSubseconds,
          offsetSource, clockShift, isUndated)
        VALUES (0, 'a', 0, 0, 0, 'exifOriginal', 0, 'file', 0, 0)
        """)
    try db.execute(sql: "INSERT INTO queueMoment (ordinal, summary, total, reviewed) VALUES (0, '{}', 1, 0)")
    let generation =
      try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = 'dataGeneration'") ?? "0"
    try db.execute(
      sql: "INSERT INTO state (key, value) VALUES ('queue', ?)",
      arguments: ["{\"format\":1,\"generation\":\(generation),\"mode\":{\"smart\":{}}}"])
  }
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore(folder: folder)
  #expect(try !store.isQueueFresh(mode: .smart, recipe: QueueRecipe().digest))
  #expect(
    try store.readQueue(recipe: QueueRecipe().digest, header: { _ in }, pending: { _, _, _, _ in })
      == nil)
  #expect(try store.forEachQueuedAsset(recipe: QueueRecipe().digest) { _, _ in } == false)
  #expect(try store.readingQueue { try $0.counts().moments } == 0)
}

/// A queue saved as a row per item (before v29) is dropped, its moments with it: the queue is a
/// cache, built again by the next reader, never read in the old shape.
@Test func aQueueSavedAsARowPerItemIsDroppedAndBuiltAgain() throws {
  let folder = try olderStore(upTo: "v28: files edited back and forth") { db in
    try db.execute(
      sql: """
        INSERT INTO queueItem (position, assetId, burst, moment, instant, timeSource, hasSubseconds,
          offsetSource, clockShift, isUndated)
        VALUES (0, 'a', 0, 0, 0, 'exifOriginal', 0, 'file', 0, 0)
        """)
    try db.execute(
      sql: """
        INSERT INTO queueMoment (ordinal, momentId, firstPosition, total, reviewed, start, "end", photos,
          videos, title, boundary, endPosition)
        VALUES (0, 'm-a', 0, 1, 0, '', '', 1, 0, '', 'first', 1)
        """)
    try db.execute(
      sql: "INSERT INTO state (key, value) VALUES ('queue', ?)",
      arguments: [
        "{\"format\":2,\"generation\":0,\"mode\":{\"smart\":{}},\"recipe\":\"\(QueueRecipe().digest)\"}"
      ])
  }
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore(folder: folder)
  let (tables, moments) = try store.database.read { db in
    (
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'queue%' ORDER BY name"),
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queueMoment")
    )
  }
  #expect(tables == ["queueAsset", "queueGap", "queueItems", "queueMoment"])
  #expect(moments == 0)
  #expect(try !store.hasSavedQueue())
}

@Test func theQueuesCountsAreReadFromTheirIndexAloneInTheStoreAndInScratchTables() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore(folder: folder)
  // On the writer's connection: the one whose statements read the scratch tables once made.
  func plan() throws -> String {
    try store.database.writeWithoutTransaction { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + IndexStore.QueueSnapshot.countsQuery)
        .map { $0["detail"] as String }.joined(separator: "; ")
    }
  }
  #expect(try plan().contains("COVERING INDEX queueMoment_counts"))
  try store.useScratchQueue()
  #expect(try plan().contains("COVERING INDEX queueMoment_counts"))
}
