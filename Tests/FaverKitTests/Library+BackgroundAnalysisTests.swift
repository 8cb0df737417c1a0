import FaverCore
import FaverTestSupport
import Foundation
import GRDB
import Testing

@testable import FaverKit
@testable import FaverStore

/// A store of photos taken `seconds` after a base time, whose files are nowhere.
private func storeOfMissingPhotos(_ seconds: [Double]) throws -> (URL, Library) {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let store = try IndexStore(folder: folder)
  try store.addPhotos(at: seconds)
  return (folder, Library(store: store, folder: folder))
}

/// Photos that cannot be read now are left for later, not remembered: skipping them, the next
/// round takes the next ones in queue order; once all are skipped, the round is finished.
@Test func analyzeNextLeavesWhatCannotBeReadNowForLater() throws {
  let (folder, library) = try storeOfMissingPhotos([0, 7200, 90_000])
  defer { try? FileManager.default.removeItem(at: folder) }
  let decoding = PreviewDecoding(program: nil)
  let first = try library.analyzeNext(2, decoding: decoding)
  #expect(first.leftForLater == [AssetID(rawValue: "id0"), AssetID(rawValue: "id7200")])
  #expect(first.summary.remaining == 2 && first.summary.analyzed == 0 && !first.isFinished)
  let second = try library.analyzeNext(2, skipping: first.leftForLater, decoding: decoding)
  #expect(second.leftForLater == [AssetID(rawValue: "id90000")])
  let last = try library.analyzeNext(
    2, skipping: first.leftForLater.union(second.leftForLater), decoding: decoding)
  #expect(last.isFinished)
  #expect(try library.unanalyzedCount() == 3)
}

/// A store that cannot be written cannot keep signals: `analyzeNext` says so, and reads nothing.
@Test func analyzeNextNeedsAStoreThatCanBeWritten() throws {
  let (folder, writable) = try storeOfMissingPhotos([0, 1])
  defer { try? FileManager.default.removeItem(at: folder) }
  _ = try writable.status()
  var configuration = IndexStore.configuration
  configuration.readonly = true
  let path = folder.appendingPathComponent("index.sqlite").path
  let store = IndexStore(ready: try DatabaseQueue(path: path, configuration: configuration))
  let elsewhere = folder.appendingPathComponent("no-store-here")
  try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
  let library = Library(store: store, folder: elsewhere)
  #expect {
    try library.analyzeNext(4, decoding: PreviewDecoding(program: nil))
  } throws: { error in
    if case .cannotUpdateIndex = error as? LibraryError { true } else { false }
  }
}
