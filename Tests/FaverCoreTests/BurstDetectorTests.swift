import FaverTestSupport
import Foundation
import SeededRandom
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

/// A photo as the metadata reader makes it: wall clock, sub-seconds and offset.
private func shot(
  _ index: Int, second: Int, fraction: Double, offset: Int = 0, make: String? = nil, model: String? = nil
) throws -> Asset {
  // 2004-01-10T13:37:04Z is 2^30 s after 1970: instants around it are where binary floating point
  // turns an exact 3.000 s into 3.0000001 s.
  let civil = try #require(
    CivilDateTime(year: 2004, month: 1, day: 10, hour: 13, minute: 37, second: second))
  var asset = Asset.fixture(index, at: 0, make: make, model: model)
  asset.captureTime = CaptureTime(
    wallClock: civil, fraction: fraction, utcOffset: offset, source: .exifOriginal)
  return asset
}

@Test(arguments: [0.1, 0.123, 0.9, 0.999, 0.001])
func exactlyThreeSecondsWithSubsecondsIsOneBurst(fraction: Double) throws {
  let pair = [try shot(0, second: 2, fraction: fraction), try shot(1, second: 5, fraction: fraction)]
  #expect(BurstDetector().bursts(in: pair).count == 1)
  let apart = [
    try shot(0, second: 2, fraction: fraction), try shot(1, second: 5, fraction: fraction + 0.001),
  ]
  #expect(BurstDetector().bursts(in: apart).count == 2)
}

@Test func subsecondsOrderPhotosTakenInTheSameSecond() throws {
  let assets = [try shot(1, second: 10, fraction: 0.5), try shot(0, second: 10, fraction: 0.25)]
  #expect(BurstDetector().bursts(in: assets).first?.assets.map(\.id) == [assets[1].id, assets[0].id])
}

@Test func aPhotoOfUnknownCameraNeverBridgesTwoKnownCameras() {
  let assets = [
    Asset.fixture(0, at: 0, make: "Apple", model: "iPhone 15"), .fixture(1, at: 1),
    .fixture(2, at: 2, make: "Canon", model: "EOS R5"),
  ]
  let bursts = BurstDetector().bursts(in: assets)
  #expect(bursts.map { $0.assets.map(\.path) } == [["p0.jpg", "p1.jpg"], ["p2.jpg"]])
}

@Test func twoCamerasShootingSideBySideKeepOneBurstEach() {
  var assets: [Asset] = []
  for step in 0..<6 {
    assets.append(.fixture(2 * step, at: Double(step), make: "Apple", model: "iPhone 15"))
    assets.append(.fixture(2 * step + 1, at: Double(step) + 0.5, make: "Canon", model: "EOS R5"))
  }
  let bursts = BurstDetector().bursts(in: assets)
  #expect(bursts.count == 2)
  #expect(bursts.allSatisfy { Set($0.assets.map(\.model)).count == 1 && $0.assets.count == 6 })
}

@Test func aSharedBurstIDNeverJoinsTwoKnownCameras() {
  let assets = [
    Asset.fixture(0, at: 0, make: "Apple", model: "iPhone 15", burstID: "A"),
    .fixture(1, at: 20, make: "Apple", model: "iPhone 14", burstID: "A"),
    .fixture(2, at: 40, burstID: "A"),
  ]
  #expect(BurstDetector().bursts(in: assets).map(\.assets.count) == [2, 1])
}

@Test func aBurstIDJoinsAcrossAnotherCamerasPhotos() {
  let assets = [
    Asset.fixture(0, at: 0, make: "Apple", model: "iPhone 15", burstID: "A"),
    .fixture(1, at: 10, make: "Canon", model: "EOS R5"),
    .fixture(2, at: 11, make: "Apple", model: "iPhone 15", burstID: "A"),
  ]
  #expect(
    BurstDetector().bursts(in: assets).map { $0.assets.map(\.path) } == [["p0.jpg", "p2.jpg"], ["p1.jpg"]])
}

@Test func onlyBurstsStayApart() {
  // Three bursts of five, 3.5 s apart: each gap inside is at the limit, each between is over.
  let gaps = [3.0, 3, 3, 3, 3.5, 3, 3, 3, 3, 3.5, 3, 3, 3, 3]
  #expect(BurstDetector().bursts(in: Asset.fixtures(gaps: gaps)).map(\.assets.count) == [5, 5, 5])
}

private let cameras: [(String?, String?)] = [
  ("Apple", "iPhone 15"), ("Canon", "EOS R5"), ("Apple", "iPhone 14"), (nil, nil), ("Sony", nil),
]

@Test(arguments: 0..<30)
func randomLibrariesFormLawfulBursts(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &+ 1000)
  var time = 0.0
  let assets = (0..<150).map { index in
    time += [0, 0.5, 1, 2.999, 3, 3.001, 5, 600].randomElement(using: &random) ?? 1
    let camera = cameras.randomElement(using: &random) ?? (nil, nil)
    return Asset.fixture(
      index, at: time, kind: Int.random(in: 0..<10, using: &random) == 0 ? .video : .photo,
      make: camera.0, model: camera.1,
      burstID: Int.random(in: 0..<8, using: &random) == 0 ? "X\(index % 4)" : nil)
  }
  let bursts = BurstDetector().bursts(in: assets.shuffled(using: &random))
  let burstOf = Dictionary(
    uniqueKeysWithValues: bursts.flatMap { burst in burst.assets.map { ($0.id, burst.id) } })
  // Every asset in exactly one burst, each burst in capture order, bursts ordered by their start.
  #expect(burstOf.count == assets.count && bursts.map(\.assets.count).reduce(0, +) == assets.count)
  #expect(bursts.allSatisfy { zip($0.assets, $0.assets.dropFirst()).allSatisfy(Asset.captureOrder) })
  #expect(zip(bursts, bursts.dropFirst()).allSatisfy { Asset.captureOrder($0.assets[0], $1.assets[0]) })
  // Never two known cameras in one burst; videos alone.
  for burst in bursts {
    let known = Set(burst.assets.compactMap { BurstDetector.camera(of: $0) })
    #expect(known.count <= 1, "\(burst.assets.map { ($0.make, $0.model) })")
    #expect(burst.assets.count == 1 || burst.assets.allSatisfy { $0.kind == .photo })
  }
  // Photos of one known camera sharing a burst id are one burst.
  let photos = assets.filter { $0.kind == .photo }
  for (_, group) in Dictionary(
    grouping: photos.filter { $0.burstID != nil },
    by: { "\($0.burstID ?? "")|\(BurstDetector.camera(of: $0) ?? "")" })
  where BurstDetector.camera(of: group[0]) != nil {
    #expect(Set(group.map { burstOf[$0.id] }).count == 1)
  }
  // Consecutive photos of one known camera at most 3 s apart are one burst.
  for (_, sequence) in Dictionary(grouping: photos, by: { BurstDetector.camera(of: $0) ?? "" }) {
    guard let camera = BurstDetector.camera(of: sequence[0]) else { continue }
    for (a, b) in zip(sequence, sequence.dropFirst())
    where b.captureTime.instant.seconds(since: a.captureTime.instant) <= 3 {
      #expect(burstOf[a.id] == burstOf[b.id], "\(camera): \(a.path) and \(b.path)")
    }
  }
}
