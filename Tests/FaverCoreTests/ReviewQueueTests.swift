import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let hour = 3600.0

/// Two moments: [burst p0 p1, p2] and [p3, p4].
private let library = Asset.fixtures(gaps: [1, 60, 5 * hour, 60])
private let moments = MomentClusterer().moments(in: library).moments

private func reviewed(_ indices: Int...) -> Set<AssetID> { Set(indices.map { library[$0].id }) }

@Test func queueCountsPerMomentAndOverall() {
  let queue = ReviewQueue(moments: moments, reviewed: reviewed(0, 3))
  #expect(queue.progress == ReviewProgress(reviewed: 2, total: 5))
  #expect(queue.entries.map(\.totalInWindow) == [3, 2])
  #expect(queue.entries.map(\.reviewedInWindow) == [1, 1])
  #expect(queue.entries[0].assetsToReview.map { $0.assets.map(\.path) } == [["p1.jpg"], ["p2.jpg"]])
}

@Test func fullyReviewedMomentsLeaveTheQueue() {
  let queue = ReviewQueue(moments: moments, reviewed: reviewed(0, 1, 2))
  #expect(queue.entries.map(\.moment.id) == [moments[1].id])
  #expect(ReviewQueue(moments: moments, reviewed: Set(library.map(\.id))).entries.isEmpty)
  #expect(ReviewQueue(moments: [], reviewed: []).progress.fraction == 1)
}

@Test(
  arguments: [
    (nil, [], "p0.jpg"),  // no cursor: the start
    (2, [], "p2.jpg"),  // exact
    (2, [2], "p3.jpg"),  // cursor's asset reviewed: the next one after it
    (1, [0, 2], "p1.jpg"),
    (4, [4], "p0.jpg"),  // nothing after: back to the first unreviewed
  ] as [(Int?, [Int], String)])
func resumeLandsOnTheRightAsset(cursorAt: Int?, done: [Int], expected: String) {
  let queue = ReviewQueue(moments: moments, reviewed: Set(done.map { library[$0].id }))
  let cursor = cursorAt.map { Cursor(at: library[$0]) }
  #expect(queue.resume(from: cursor)?.asset.path == expected)
}

@Test func resumeWorksWhenTheCursorAssetWasDeletedAndPhotosInserted() {
  var changed = library.filter { $0.path != "p2.jpg" }
  changed.append(.fixture(50, at: 30))  // inserted before the cursor
  changed.append(.fixture(51, at: 62 + 10))  // inserted after it
  let queue = ReviewQueue(moments: MomentClusterer().moments(in: changed).moments, reviewed: [])
  #expect(queue.resume(from: Cursor(at: library[2]))?.asset.path == "p51.jpg")
}

@Test(arguments: [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets)
func resumeIsTheSameAcrossModes(mode: MomentClusterer.Mode) {
  let queue = ReviewQueue(
    moments: MomentClusterer(mode: mode).moments(in: library).moments, reviewed: reviewed(3))
  #expect(queue.resume(from: Cursor(at: library[3]))?.asset.path == "p4.jpg")
}

@Test func resumeReturnsTheWholeBurst() {
  let queue = ReviewQueue(moments: moments, reviewed: [])
  #expect(queue.resume(from: Cursor(at: library[1]))?.burst.assets.map(\.path) == ["p0.jpg", "p1.jpg"])
}

@Test func aReviewedCursorContinuesInQueueOrderNotCaptureOrder() {
  // An Apple burst from 0 s to 20 s; another photo at 10 s. Queue order: p0, p1, p2.
  let assets = [
    Asset.fixture(0, at: 0, burstID: "A"), .fixture(1, at: 20, burstID: "A"), .fixture(2, at: 10),
    .fixture(3, at: 30),
  ]
  let moments = MomentClusterer().moments(in: assets).moments
  let queue = ReviewQueue(moments: moments, reviewed: [assets[1].id])
  #expect(queue.order == assets.map(\.id))
  #expect(queue.resume(from: Cursor(at: assets[1]))?.asset.path == "p2.jpg")
}

/// A random library: bursts, long Apple bursts, videos, GPS, cameras.
private func randomLibrary(_ random: inout SeededGenerator, count: Int, from start: Double = 0) -> [Asset] {
  var time = start
  return (0..<count).map { index in
    time += [0, 0.5, 3, 61, 400, 2 * hour, 9 * hour].randomElement(using: &random) ?? 1
    return Asset.fixture(
      Int(start) + index, at: time, kind: Int.random(in: 0..<8, using: &random) == 0 ? .video : .photo,
      coordinate: Bool.random(using: &random)
        ? Coordinate(latitude: .random(in: 40...41, using: &random), longitude: 7) : nil,
      make: Bool.random(using: &random) ? "Apple" : nil, model: "iPhone",
      burstID: Int.random(in: 0..<15, using: &random) == 0 ? "B\(index % 3)" : nil)
  }
}

@Test(arguments: 0..<30)
func resumeFollowsItsRulesOnRandomLibraries(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &* 31 &+ 5)
  let library = randomLibrary(&random, count: .random(in: 1..<120, using: &random))
  let reviewed = Set(library.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.map(\.id))
  let cursorAsset = library.randomElement(using: &random) ?? library[0]
  let indexed = Bool.random(using: &random) ? library : library.filter { $0.id != cursorAsset.id }
  var found: [AssetID?] = []
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let queue = ReviewQueue(
      moments: MomentClusterer(mode: mode).moments(in: indexed).moments, reviewed: reviewed)
    let pending = queue.pending.map(\.asset.id)
    #expect(pending.count == queue.progress.total - queue.progress.reviewed)
    #expect(Set(queue.order) == Set(indexed.map(\.id)))
    let resumed = queue.resume(from: Cursor(at: cursorAsset))
    found.append(resumed?.asset.id)
    guard let resumed else {
      #expect(pending.isEmpty)
      continue
    }
    #expect(!reviewed.contains(resumed.asset.id))
    #expect(resumed.burst.assets.contains { $0.id == resumed.asset.id })
    if pending.contains(cursorAsset.id) {
      #expect(resumed.asset.id == cursorAsset.id)
    } else if let position = queue.order.firstIndex(of: cursorAsset.id) {
      let after = pending.first { (queue.order.firstIndex(of: $0) ?? 0) > position }
      #expect(resumed.asset.id == after ?? pending[0])
    } else {
      let after = queue.pending.first { Cursor(at: cursorAsset).precedes($0.asset) }
      #expect(resumed.asset.id == after?.asset.id ?? pending[0])
    }
  }
  // Moments are runs of the same bursts in every mode: resuming never depends on the mode.
  #expect(Set(found.map { $0?.rawValue ?? "-" }).count == 1)
}

@Test(arguments: 0..<20)
func anUnreviewedCursorSurvivesNewPhotosAnywhere(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &+ 4242)
  let library = randomLibrary(&random, count: 80)
  let reviewed = Set(library.filter { _ in Bool.random(using: &random) }.map(\.id))
  guard let cursorAsset = library.filter({ !reviewed.contains($0.id) }).randomElement(using: &random) else {
    return
  }
  // New photos before, among and after the old ones.
  let span = library.map { $0.captureTime.instant.timeIntervalSince(epoch) }.max() ?? 0
  let added = randomLibrary(&random, count: 60, from: 10_000).map { asset in
    var moved = asset
    moved.captureTime.instant = epoch.addingTimeInterval(.random(in: -hour...(span + hour), using: &random))
    return moved
  }
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let moments = MomentClusterer(mode: mode).moments(in: library + added).moments
    let queue = ReviewQueue(moments: moments, reviewed: reviewed)
    #expect(queue.resume(from: Cursor(at: cursorAsset))?.asset.id == cursorAsset.id)
  }
}

@Test(arguments: [true, false])
func aLivePhotoIsReviewedByMarkingItsStillOrItsVideo(byVideo: Bool) {
  let video = Asset.fixture(90, at: 0, kind: .video)
  var still = Asset.fixture(91, at: 1)
  still.companion = Asset.Companion(id: video.id, root: video.root, path: video.path)
  let moments = MomentClusterer().moments(in: [still]).moments
  #expect(ReviewQueue(moments: moments, reviewed: []).pending.count == 1)
  let queue = ReviewQueue(moments: moments, reviewed: [byVideo ? video.id : still.id])
  #expect(queue.pending.isEmpty)
  #expect(queue.progress == ReviewProgress(reviewed: 1, total: 1))
}
