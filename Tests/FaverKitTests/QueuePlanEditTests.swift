import FaverCore
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// The change log's update trigger compares every column of `file` but the content's id and its
/// stat: a column added to `file` and not to the trigger would let an edit that moves a photo
/// keep its old place in the queue.
@Test func theFileChangeTriggerComparesEveryQueueInput() throws {
  let store = try IndexStore()
  let trigger = try store.database.read { db in
    try String.fetchOne(
      db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'file_update_logs_change'")
  }
  let sql = try #require(trigger)
  for column in FileRecord.Columns.allCases.map(\.name) {
    let compared = sql.contains("OLD.\(column) IS NEW.\(column)")
    #expect(compared != IndexStore.columnsOutsideQueueInputs.contains(column), "\(column)")
  }
}

/// A reviewed photo the cursor is on, edited in place: its item takes the new id and stays
/// reviewed (the mark follows the edit), the cursor stays where it was, all as a rebuild has it.
@Test func anEditedPhotoKeepsItsReviewAndTheCursorAsARebuildDoes() throws {
  let twins = try TwinLibraries(seed: 7)
  for _ in 0..<6 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  let shown = try #require(try twins.appended.library.next())
  _ = try twins.rebuilt.library.next()
  for library in [twins.appended.library, twins.rebuilt.library] {
    try library.mark([shown.asset.id], as: .favorite, at: Date(timeIntervalSince1970: 1_800_000_000))
  }
  let path = try #require(twins.files.first { $0.value.assetId == shown.asset.id.rawValue }?.key)
  let edited = try #require(try twins.edit(path))
  #expect(try twins.freshen() == .planned)
  #expect(try TwinLibraries.savedQueue(twins.appended.store) == TwinLibraries.savedQueue(twins.rebuilt.store))
  let item = try twins.appended.store.readingQueue { try $0.asset(holding: edited) }
  #expect(item?.asset.review == .favorite)
  let cursors = try [twins.appended.library, twins.rebuilt.library].map { try $0.cursor()?.cursor }
  #expect(cursors[0] == cursors[1])
  #expect(cursors[0]?.assetID == shown.asset.id)
}
