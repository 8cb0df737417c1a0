import Foundation
import Testing

@testable import FaverCore

@Test(arguments: [
  ([0.5, 1.0], [3]),  // all within the window: one burst of three
  ([0.5, 3.5], [2, 1]),  // a gap over 3 s splits it
  ([3.0], [2]),  // exactly the window: still one burst
  ([3.001], [1, 1]),  // a millisecond over: two
  ([0, 0], [3]),  // ties join
  ([], [1]),  // one photo
  ([2.9, 2.9, 2.9, 2.9], [5]),  // chained: consecutive gaps count, not the span
])
func burstsSplitOnLongGaps(gaps: [Double], sizes: [Int]) {
  let assets = Asset.fixtures(gaps: gaps)
  #expect(BurstDetector().bursts(in: assets).map(\.assets.count) == sizes)
}

@Test func emptyLibraryHasNoBursts() {
  #expect(BurstDetector().bursts(in: []).isEmpty)
}

@Test func burstsComeBackInCaptureOrderWhateverTheInputOrder() {
  let assets = Asset.fixtures(gaps: [1, 10, 1, 10])
  let bursts = BurstDetector().bursts(in: assets.reversed())
  #expect(bursts.map { $0.assets.map(\.path) } == [["p0.jpg", "p1.jpg"], ["p2.jpg", "p3.jpg"], ["p4.jpg"]])
  #expect(bursts.map(\.id) == bursts.map { "b-" + $0.assets[0].id.rawValue })
}

@Test(arguments: [
  (("Apple", "iPhone 15"), ("Canon", "EOS R5"), 2),  // two known cameras: never one burst
  (("Apple", "iPhone 15"), ("Apple", "iPhone 15"), 1),  // same camera
  (("Apple", nil), ("Canon", "EOS R5"), 1),  // a model unknown: may be the same camera
  ((nil, nil), ("Canon", "EOS R5"), 1),
])
func differentCamerasNeverShareABurst(first: (String?, String?), second: (String?, String?), count: Int) {
  let assets = [
    Asset.fixture(0, at: 0, make: first.0, model: first.1),
    Asset.fixture(1, at: 1, make: second.0, model: second.1),
  ]
  #expect(BurstDetector().bursts(in: assets).count == count)
}

@Test func videosAreNeverGrouped() {
  let assets = [
    Asset.fixture(0, at: 0), Asset.fixture(1, at: 1, kind: .video), Asset.fixture(2, at: 2),
  ]
  let bursts = BurstDetector().bursts(in: assets)
  #expect(bursts.map { $0.assets.map(\.path) } == [["p0.jpg", "p2.jpg"], ["p1.jpg"]])
}

@Test func sharedBurstIDJoinsPhotosWhateverTheGap() {
  let assets = [
    Asset.fixture(0, at: 0, burstID: "A"), Asset.fixture(1, at: 20, burstID: "A"),
    Asset.fixture(2, at: 40, burstID: "B"), Asset.fixture(3, at: 60),
  ]
  #expect(BurstDetector().bursts(in: assets).map(\.assets.count) == [2, 1, 1])
}

@Test func customWindowIsHonoured() {
  let assets = Asset.fixtures(gaps: [4.5])
  #expect(BurstDetector(window: .milliseconds(4500)).bursts(in: assets).count == 1)
  #expect(BurstDetector(window: .milliseconds(4499)).bursts(in: assets).count == 2)
}

@Test(arguments: 0..<20)
func everyAssetIsInExactlyOneBurst(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed))
  var time = 0.0
  let assets = (0..<200).map { index in
    time += [0.5, 2, 3, 5, 600].randomElement(using: &random) ?? 1
    return Asset.fixture(
      index, at: time, kind: Bool.random(using: &random) ? .photo : .video,
      burstID: Int.random(in: 0..<10, using: &random) == 0 ? "X\(index % 7)" : nil)
  }
  let bursts = BurstDetector().bursts(in: assets.shuffled(using: &random))
  let ids = bursts.flatMap { $0.assets.map(\.id) }
  #expect(ids.count == assets.count)
  #expect(Set(ids) == Set(assets.map(\.id)))
  #expect(bursts.allSatisfy { $0.assets.count == 1 || $0.assets.allSatisfy { $0.kind == .photo } })
}
