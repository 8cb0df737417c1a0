import Foundation
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
