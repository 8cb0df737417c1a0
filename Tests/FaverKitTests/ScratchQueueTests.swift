import FaverCore
import FaverTestSupport
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// A store that cannot be written, whose queue is stale (never saved here), answers every reader
/// from a queue built in scratch tables of its connection, by the path a writable store takes;
/// the index file is left byte for byte as it was.
@Test func aStoreThatCannotBeWrittenBuildsItsQueueInScratchTables() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  let elsewhere = folder.appendingPathComponent("no-store-here")
  try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let seconds: [Double] = [0, 1, 2, 7200, 7201, 90_000, 90_001, 90_002, 200_000]
  do {
    let writer = try IndexStore(folder: folder)
    try writer.addPhotos(at: seconds)
    try writer.setCursor(nil)
  }
  let files = ["index.sqlite", "index.sqlite-wal"].map { folder.appendingPathComponent($0) }
  func bytes() -> [Data?] { files.map { try? Data(contentsOf: $0) } }
  let before = bytes()

  var configuration = IndexStore.configuration
  configuration.readonly = true
  let store = IndexStore(ready: try DatabaseQueue(path: files[0].path, configuration: configuration))
  #expect(store.isReadOnly)
  // The library's folder holds no index: a writable store cannot be had, as on a read-only disk.
  let library = Library(store: store, folder: elsewhere)
  #expect(try !store.isQueueFresh(mode: .smart, recipe: Library.queueRecipe))

  let status = try library.status()
  #expect(status.progress == ReviewProgress(reviewed: 0, total: seconds.count))
  #expect(try store.hasScratchQueue)
  #expect(try store.isQueueFresh(mode: .smart, recipe: Library.queueRecipe))
  // The store's own tables are untouched: no queue saved in them.
  let savedInFile = try store.database.read { db in
    try (
      Int.fetchOne(db, sql: "SELECT COUNT(*) FROM main.queueItems") ?? -1,
      String.fetchOne(db, sql: "SELECT value FROM main.state WHERE key = 'queue'")
    )
  }
  #expect(savedInFile.0 == 0 && savedInFile.1 == nil)

  // Every reader answers from the scratch queue, as the whole library clustered in memory does.
  let (clustering, queue) = try library.queue()
  #expect(status.moments == clustering.moments.count)
  var listed: [Asset] = []
  try library.forEachAsset { listed.append($0) }
  #expect(listed == (try library.assets()))
  let page = try library.moments(limit: 100)
  #expect(page.moments.map(\.id) == clustering.moments.map(\.id))
  #expect(page.moments.map(\.assets) == clustering.moments.map { $0.assets.count })
  let resume = try #require(queue.resume(from: nil))
  #expect(try library.reviewPosition()?.asset == resume.asset)
  #expect(try library.asset(resume.asset.id) == resume.asset)
  // Another mode is built again in the scratch tables too.
  #expect(try library.status(mode: .fixed(gap: 3600)).moments == 4)
  #expect(try store.isQueueFresh(mode: .fixed(gap: 3600), recipe: Library.queueRecipe))

  // (SQLite may make an empty log beside the file for a reader: nothing is written in it.)
  let after = bytes()
  #expect(after[0] == before[0])
  #expect(after[1] == before[1] || after[1]?.isEmpty == true)
}
