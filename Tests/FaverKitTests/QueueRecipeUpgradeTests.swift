import FaverCore
import FaverTestSupport
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// A store whose queue was saved by a faver with other rules (another burst window): the first
/// read builds it again by these rules, and the next reads use it as it is.
@Test func aQueueSavedUnderOtherRulesIsRebuiltOnceOnFirstRead() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore()
  try store.addPhotos(at: [0, 1, 2, 7200, 7201])
  let library = Library(store: store, folder: folder)
  try library.cluster()
  #expect(try store.isQueueFresh(mode: .smart, recipe: Library.queueRecipe))
  var older = QueueRecipe()
  older.burstDetector.window = .seconds(5)
  try store.database.write { db in
    try db.execute(
      sql: "UPDATE state SET value = json_set(value, '$.recipe', ?) WHERE key = 'queue'",
      arguments: [older.digest])
  }
  #expect(try !store.isQueueFresh(mode: .smart, recipe: Library.queueRecipe))
  func stamp() throws -> String? {
    try store.database.read { db in
      try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = 'queue'")
    }
  }
  let status = try library.status()
  #expect(status.progress.total == 5)
  #expect(try store.isQueueFresh(mode: .smart, recipe: Library.queueRecipe))
  let rebuilt = try stamp()
  #expect(rebuilt?.contains(Library.queueRecipe) == true)
  #expect(rebuilt?.contains(older.digest) == false)
  _ = try library.status()
  _ = try library.next()
  #expect(try stamp() == rebuilt)
}

/// The place table faver names moments from is part of its rules: the recipe of the library's
/// queues digests the table built in, which is found in a test run.
@Test func theQueueRecipeDigestsThePlaceTable() throws {
  var without = QueueRecipe()
  without.placeTable = "none"
  #expect(Library.queueRecipe != without.digest)
}
