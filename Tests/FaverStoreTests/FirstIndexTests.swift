import FaverCore
import FaverTestSupport
import Foundation
import GRDB
import Testing

@testable import FaverStore

private func assetIndexSQL(_ store: IndexStore) throws -> String? {
  try store.database.read {
    try String.fetchOne(
      $0, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'file_on_assetId'")
  }
}

private func plan(_ store: IndexStore, _ id: String) throws -> String {
  try store.database.read { db in
    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT 1 FROM file WHERE assetId = ?", arguments: [id])
      .map { $0["detail"] as String }.joined(separator: "; ")
  }
}

@Test func aFirstIndexFillsWithoutTheAssetIndexAndBuildsItAsMigrationsDid() throws {
  let temporary = try TemporaryStore()
  let store = temporary.store
  let created = try assetIndexSQL(store)
  #expect(created == IndexStore.assetIndexSQL)
  let root = try store.rootID(for: "/photos")
  try store.fillingFirstTime {
    #expect(try assetIndexSQL(store) == nil)  // dropped while the table fills
    try store.apply(
      batch(root, [record(root, "a.jpg", id: "A", at: 0), record(root, "b.jpg", id: "B", at: 1)]))
  }
  #expect(try assetIndexSQL(store) == created)
  #expect(try plan(store, "A").contains("file_on_assetId"))
  // A later run keeps the index while it writes.
  try store.fillingFirstTime {
    #expect(try assetIndexSQL(store) == created)
    try store.apply(batch(root, [record(root, "c.jpg", id: "C", at: 2)]))
  }
  #expect(try store.knownAssetIDs(among: [AssetID(rawValue: "C")]).count == 1)
}

@Test func theAssetIndexIsRebuiltWhenTheFirstIndexFailsOrWasKilled() throws {
  struct Interrupted: Error {}
  let temporary = try TemporaryStore()
  let store = temporary.store
  let root = try store.rootID(for: "/photos")
  #expect(throws: Interrupted.self) {
    try store.fillingFirstTime {
      try store.apply(batch(root, [record(root, "a.jpg", id: "A", at: 0)]))
      throw Interrupted()
    }
  }
  #expect(try assetIndexSQL(store) == IndexStore.assetIndexSQL)
  // As if faver had been killed before building it: the next run builds it first.
  try store.database.write { try $0.execute(sql: "DROP INDEX file_on_assetId") }
  let during = try store.fillingFirstTime { try assetIndexSQL(store) }
  #expect(during == IndexStore.assetIndexSQL)
}

@Test func theAppleIdentifierIndexesAreBuiltAfterAFirstFillAndAnswerTheAppendsQuestion() throws {
  let temporary = try TemporaryStore()
  let store = temporary.store
  let root = try store.rootID(for: "/photos")
  let names = Set(IndexStore.appleIdentifierIndexes.map(\.name))
  func present() throws -> Set<String> {
    try store.database.read {
      Set(try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")).intersection(
        names)
    }
  }
  #expect(try present() == names)  // as the migration made them
  try store.fillingFirstTime {
    #expect(try present().isEmpty)  // dropped while the table fills
    var live = record(root, "a.heic", id: "A", at: 0)
    (live.contentIdentifier, live.burstID) = ("LIVE-1", "BURST-1")
    try store.apply(batch(root, [live, record(root, "b.jpg", id: "B", at: 1)]))
  }
  #expect(try present() == names)
  try store.database.read { db in
    func shared(upTo row: Int64, _ identifiers: [String], _ bursts: [String]) throws -> Bool? {
      let json = { (values: [String]) in "[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
      return try Bool.fetchOne(
        db, sql: IndexStore.identifiersShared, arguments: [row, json(identifiers), json(bursts)])
    }
    #expect(try shared(upTo: 10, ["LIVE-1"], []) == true)
    #expect(try shared(upTo: 10, [], ["BURST-1"]) == true)
    #expect(try shared(upTo: 10, ["LIVE-2"], ["BURST-2"]) == false)
    #expect(try shared(upTo: 0, ["LIVE-1"], ["BURST-1"]) == false)  // only rows up to the mark
    let plan = try Row.fetchAll(
      db, sql: "EXPLAIN QUERY PLAN " + IndexStore.identifiersShared, arguments: [10, "[]", "[]"]
    ).map { $0["detail"] as String }.joined(separator: "; ")
    #expect(plan.contains("file_contentIdentifier") && plan.contains("file_burstID"))
    #expect(!plan.contains("SCAN file"))
  }
}
