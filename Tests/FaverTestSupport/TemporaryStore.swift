package import FaverStore
public import Foundation

/// A store in a fresh temporary folder, removed when the test ends.
public final class TemporaryStore {
  public let folder: URL
  package let store: IndexStore

  public init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-store-\(UUID().uuidString)")
    store = try IndexStore(folder: folder)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}
