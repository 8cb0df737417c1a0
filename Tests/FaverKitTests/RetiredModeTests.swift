import FaverCore
import FaverTestSupport
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

@Test func aLibraryThatRememberedAdaptiveModeIsCutInSmartModeAndRemembersSmart() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = try IndexStore()
  try store.addPhotos(at: [0, 10, 7200, 7210])
  // What a faver that still had adaptive mode saved.
  try store.database.write { db in
    try db.execute(sql: "INSERT INTO state (key, value) VALUES ('clusteringMode', '{\"adaptive\":{}}')")
  }
  #expect(try store.clusteringMode() == nil)
  #expect(try store.remembersAdaptiveMode())
  let library = Library(store: store, folder: folder)
  #expect(try library.clusteringMode() == .smart)
  // Said once: smart is remembered from then on.
  #expect(try store.clusteringMode() == .smart)
  #expect(try !store.remembersAdaptiveMode())
  #expect(try library.cluster().mode == .smart)
}
