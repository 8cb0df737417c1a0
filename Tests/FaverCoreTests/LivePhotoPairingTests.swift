import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private func file(
  _ path: String, _ kind: MediaKind, at seconds: Double, id: String? = nil, root: String = "/lib"
)
  -> Asset
{
  let time = CaptureTime(instant: epoch.addingTimeInterval(seconds), utcOffset: 0, source: .exifOriginal)
  return Asset(
    id: AssetID(size: 1, head: Array((root + "/" + path).utf8)), root: root, path: path, kind: kind,
    captureTime: time, contentIdentifier: id)
}

/// The pairs as (still path, video path).
private func pairedPaths(_ assets: [Asset], _ pairing: LivePhotoPairing = LivePhotoPairing()) -> [[String]] {
  pairing.pairs(in: assets).map { [assets[$0.still].path, assets[$0.video].path] }
}

@Test func theContentIdentifierPairsAStillWithItsVideoWhateverTheirNamesAndTimes() {
  let assets = [
    file("a/IMG_0001.HEIC", .photo, at: 0, id: "X"), file("b/clip.mov", .video, at: -60, id: "X"),
    file("a/IMG_0002.HEIC", .photo, at: 0, id: "Y"),
  ]
  #expect(pairedPaths(assets) == [["a/IMG_0001.HEIC", "b/clip.mov"]])
}

@Test func theContentIdentifierPairsAcrossRoots() {
  let assets = [
    file("IMG_0001.HEIC", .photo, at: 0, id: "X", root: "/phone"),
    file("IMG_0001.MOV", .video, at: 0, id: "X", root: "/backup"),
  ]
  let combined = LivePhotoPairing().combined(assets)
  #expect(combined.count == 1)
  #expect(
    combined.first?.companion == Asset.Companion(id: assets[1].id, root: "/backup", path: "IMG_0001.MOV"))
}

@Test(arguments: [
  (1.5, 1),  // the video starts 1.5 s before the still: a Live Photo
  (2.0, 1),  // the window itself
  (2.001, 0),  // just over it
  (3.0, 0),  // further apart: two separate shots that happen to share a name
])
func sameNamedFilesPairWithinTwoSeconds(gap: Double, count: Int) {
  for (still, video) in [(gap, 0.0), (0.0, gap)] {  // the video before or after the still
    let assets = [file("DCIM/IMG_1234.JPG", .photo, at: still), file("DCIM/IMG_1234.mov", .video, at: video)]
    #expect(pairedPaths(assets).count == count)
  }
}

@Test func theWindowIsASetting() {
  let assets = [file("IMG_1.JPG", .photo, at: 3), file("IMG_1.MOV", .video, at: 0)]
  #expect(pairedPaths(assets, LivePhotoPairing(window: .seconds(3))).count == 1)
  #expect(pairedPaths(assets).isEmpty)
}

@Test func namesInOtherFoldersOrRootsOrOfTheSameKindDoNotPair() {
  let assets = [
    file("a/IMG_1.JPG", .photo, at: 0), file("b/IMG_1.MOV", .video, at: 0),
    file("c/IMG_2.JPG", .photo, at: 0), file("c/IMG_2.HEIC", .photo, at: 0),
    file("d/IMG_3.JPG", .photo, at: 0, root: "/one"), file("d/IMG_3.MOV", .video, at: 0, root: "/two"),
    file("e/IMG_4.MOV", .video, at: 0), file("e/IMG_4.MP4", .video, at: 0),
  ]
  #expect(pairedPaths(assets).isEmpty)
}

@Test func namesPairWhateverTheCaseOfTheirExtensionsAndNames() {
  let assets = [file("DCIM/IMG_1234.HEIC", .photo, at: 0), file("dcim/img_1234.mov", .video, at: 1)]
  #expect(pairedPaths(assets) == [["DCIM/IMG_1234.HEIC", "dcim/img_1234.mov"]])
}

@Test func differentContentIdentifiersNeverPairByName() {
  let assets = [file("IMG_1.HEIC", .photo, at: 0, id: "X"), file("IMG_1.MOV", .video, at: 0, id: "Y")]
  #expect(pairedPaths(assets).isEmpty)
  // One side without an identifier (an edited export, say): the name decides.
  let oneSided = [file("IMG_1.HEIC", .photo, at: 0, id: "X"), file("IMG_1.MOV", .video, at: 0)]
  #expect(pairedPaths(oneSided) == [["IMG_1.HEIC", "IMG_1.MOV"]])
}

@Test func eachFileIsInOnePairAtMost() {
  // Two stills share an identifier with one video (a duplicated export): the closer one wins.
  let assets = [
    file("x/a.heic", .photo, at: 0, id: "X"), file("x/b.heic", .photo, at: 10, id: "X"),
    file("x/a.mov", .video, at: 9, id: "X"),
  ]
  #expect(pairedPaths(assets) == [["x/b.heic", "x/a.mov"]])
}

@Test func equallyCloseCandidatesResolveTheSameWhateverTheInputOrder() {
  let assets = [
    file("x/b.heic", .photo, at: 0, id: "X"), file("x/a.heic", .photo, at: 0, id: "X"),
    file("x/a.mov", .video, at: 1, id: "X"),
  ]
  #expect(pairedPaths(assets) == [["x/a.heic", "x/a.mov"]])
  #expect(pairedPaths(assets.reversed()) == [["x/a.heic", "x/a.mov"]])
}

@Test func aVideoWithoutItsStillStaysAVideo() {
  let assets = [
    file("IMG_1.MOV", .video, at: 0, id: "X"), file("IMG_2.JPG", .photo, at: 1),
    file("IMG_3.MOV", .video, at: 2),
  ]
  #expect(LivePhotoPairing().combined(assets) == assets)
}

@Test func combiningKeepsTheOrderAndFoldsTheVideoIntoItsStill() {
  let assets = [
    file("IMG_1.MOV", .video, at: -1), file("IMG_0.JPG", .photo, at: -0.5), file("IMG_1.JPG", .photo, at: 0),
    file("IMG_2.JPG", .photo, at: 5),
  ]
  let combined = LivePhotoPairing().combined(assets)
  #expect(combined.map(\.path) == ["IMG_0.JPG", "IMG_1.JPG", "IMG_2.JPG"])
  #expect(combined[1].companion == Asset.Companion(id: assets[0].id, root: "/lib", path: "IMG_1.MOV"))
  #expect(combined[1].kind == .photo)
  #expect(combined[0].companion == nil && combined[2].companion == nil)
}

@Test(arguments: [
  ("DCIM/IMG_1234.HEIC", "dcim/img_1234"), ("IMG.1.MOV", "img.1"), (".hidden", ".hidden"),
  ("a.b/c", "a.b/c"), ("a/.b", "a/.b"), ("x", "x"),
])
func stemsDropOnlyTheExtension(path: String, stem: String) {
  #expect(LivePhotoPairing.stem(path) == stem)
}

@Test func noFilesNoPairs() {
  #expect(LivePhotoPairing().pairs(in: []).isEmpty)
  #expect(LivePhotoPairing().combined([]).isEmpty)
}

@Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
func everySameNamedVideoWithinTheWindowIsFoundWhateverTheInputOrder(seed: UInt64) {
  // Photos in bursts (many at the same second), a video for some of them 0–3 s away, shuffled.
  var generator = SeededGenerator(seed: seed)
  var assets: [Asset] = []
  var expected: Set<[String]> = []
  for index in 0..<300 {
    let time = Double(index / 5)  // five photos a second
    let name = "DCIM/IMG_\(index)"
    assets.append(file(name + ".JPG", .photo, at: time))
    guard Bool.random(using: &generator) else { continue }
    let offset = Double(Int.random(in: -6...6, using: &generator)) / 2  // -3 … 3 s in half seconds
    assets.append(file(name + ".MOV", .video, at: time + offset))
    if abs(offset) <= 2 { expected.insert([name + ".JPG", name + ".MOV"]) }
  }
  assets.shuffle(using: &generator)
  #expect(Set(pairedPaths(assets)) == expected)
  #expect(!expected.isEmpty)
}

@Test(arguments: [(nil, true), (3.0, true), (5.0, true), (5.5, false), (120.0, false)] as [(Double?, Bool)])
func onlyAShortVideoPairsWithAStill(duration: Double?, pairs: Bool) {
  let still = Asset.fixture(0, at: 0)
  var video = Asset.fixture(1, at: 0.5, kind: .video)
  video.path = "p0.mov"  // the still's name
  video.duration = duration
  #expect(LivePhotoPairing().pairs(in: [still, video]).count == (pairs ? 1 : 0))
  var identified = (still, video)
  identified.0.contentIdentifier = "LIVE"
  identified.1.contentIdentifier = "LIVE"
  identified.1.path = "elsewhere.mov"
  #expect(LivePhotoPairing().pairs(in: [identified.0, identified.1]).count == (pairs ? 1 : 0))
}
