import FaverCore
import Foundation
import Testing

@testable import FaverStore

/// A fresh store folder per test, removed afterwards by the caller.
func temporaryStore() throws -> IndexStore {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("faver-store-tests-\(UUID().uuidString)", isDirectory: true)
  return try IndexStore(folder: folder)
}

@Test func aNewStoreIsEmptyAndMigrated() throws {
  let store = try temporaryStore()
  defer { try? FileManager.default.removeItem(at: store.folder) }
  #expect(try store.assets().isEmpty)
  #expect(try store.rootID(for: "/lib") == store.rootID(for: "/lib"))
}
