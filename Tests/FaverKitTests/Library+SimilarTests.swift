import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverKit
@testable import FaverStore

/// Signals kept per content in the index, and the groups and decisions read from the saved queue.
@Suite struct LibrarySimilarTests {
  let folder: URL
  let store: IndexStore
  let library: Library

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    store = try IndexStore()
    // A burst of three (0, 1, 2 s), a retake a minute later (60 s), an unrelated shot (100 s),
    // and another moment two hours on.
    try store.addPhotos(at: [0, 1, 2, 60, 100, 7200])
    library = Library(store: store, folder: folder)
    try library.cluster()
  }

  func id(_ seconds: Int) -> AssetID { AssetID(rawValue: "id\(seconds)") }

  func signals(hash: UInt64, sharpness: Double) -> PhotoSignals {
    PhotoSignals(hash: hash, sharpness: sharpness, shadows: 0, highlights: 0.01, width: 4000, height: 3000)
  }

  @Test func unanalyzedAssetsComeInQueueOrderAndLeaveOnceKept() throws {
    let version = SignalAnalyzer.version
    #expect(try store.unanalyzedAssets(version: version).map(\.id) == [0, 1, 2, 60, 100, 7200].map(id))
    #expect(try store.unanalyzedAssets(version: version).first?.paths == ["/lib/p0.jpg"])
    try store.saveSignals(
      [
        (id(0), .success(signals(hash: 1, sharpness: 3))),
        (id(1), .failure(SignalFailure(reason: "damaged"))),
      ],
      version: version)
    #expect(try store.unanalyzedAssets(version: version).map(\.id) == [2, 60, 100, 7200].map(id))
    // Kept by another version, they count as missing.
    #expect(try store.unanalyzedAssets(version: version + 1).count == 6)
    #expect(try store.signals(of: id(0), version: version) == .success(signals(hash: 1, sharpness: 3)))
    #expect(try store.signals(of: id(1), version: version) == .failure(SignalFailure(reason: "damaged")))
    // A hash with the top bit set survives SQLite's signed integers.
    try store.saveSignals([(id(2), .success(signals(hash: .max - 5, sharpness: 1)))], version: version)
    #expect(try store.signals(of: id(2), version: version) == .success(signals(hash: .max - 5, sharpness: 1)))
  }

  @Test func theRetakeJoinsTheBurstAndTheSharpestIsSuggested() throws {
    let scene: UInt64 = 0x0123_4567_89AB_CDEF
    try store.saveSignals(
      [
        (id(0), .success(signals(hash: scene, sharpness: 4))),
        (id(1), .success(signals(hash: scene ^ 1, sharpness: 9))),
        (id(2), .success(signals(hash: scene ^ 3, sharpness: 5))),
        (id(60), .success(signals(hash: scene ^ 7, sharpness: 20))),
        (id(100), .success(signals(hash: ~scene, sharpness: 20))),
        (id(7200), .success(signals(hash: scene, sharpness: 20))),
      ], version: SignalAnalyzer.version)
    let groups = try library.similarGroups()
    #expect(groups.map(\.assetIDs) == [[0, 1, 2, 60].map(id)])
    #expect(groups.first?.suggested == id(60))
    #expect(groups.first?.reason == "sharpest; 3 others blurred")
    #expect(try library.similarGroup(holding: id(1))?.id == groups.first?.id)
    #expect(try library.similarGroup(holding: id(100)) == nil)
    #expect(try library.decisions() == Library.Decisions(items: 6, decisions: 3, groups: 1))
  }

  @Test func withoutSignalsOnlyTheBurstIsAGroup() throws {
    let groups = try library.similarGroups()
    #expect(groups.map(\.assetIDs) == [[0, 1, 2].map(id)])
    #expect(groups.first?.suggested == nil)
    #expect(try library.decisions().decisions == 4)
  }

  @Test func theDecisionsAreKeptUntilTheSignalsOrTheQueueChange() throws {
    #expect(try library.decisions().decisions == 4)
    let kept = try store.readingQueue { snapshot in
      try snapshot.decisionKey(version: SignalAnalyzer.version).flatMap {
        try snapshot.keptDecisionCount(key: $0)
      }
    }
    #expect(kept?.decisions == 4)
    // New signals make the kept count stale: the retake joins the burst.
    let scene: UInt64 = 0x0123_4567_89AB_CDEF
    try store.saveSignals(
      [0, 1, 2, 60].map { (id($0), .success(signals(hash: scene, sharpness: 4))) },
      version: SignalAnalyzer.version)
    #expect(try library.decisions().decisions == 3)
    #expect(try library.decisions().decisions == 3)
  }
}
