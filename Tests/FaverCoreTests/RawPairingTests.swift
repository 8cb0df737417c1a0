import Foundation
import Testing

@testable import FaverCore

private func photo(_ path: String, id: String, at seconds: Double, root: String = "/lib") -> Asset {
  Asset(
    id: AssetID(rawValue: id), root: root, path: path, kind: .photo,
    captureTime: CaptureTime(
      instant: epoch.addingTimeInterval(seconds), utcOffset: 0, source: .exifOriginal, hasSubseconds: true))
}

@Test(arguments: [
  (0.0, true),  // same instant
  (1.0, true),  // the window itself
  (1.2, false),  // too far apart: two photos that share a name
])
func aRawAndAJPEGOfTheSameNamePairWithinASecond(apart: Double, pairs: Bool) {
  let assets = [photo("d/IMG_1.CR2", id: "raw", at: 0), photo("d/img_1.jpg", id: "jpeg", at: apart)]
  let combined = RawPairing().combined(assets)
  #expect(combined.map(\.id.rawValue) == (pairs ? ["jpeg"] : ["raw", "jpeg"]))
  #expect(combined.last?.raw?.id.rawValue == (pairs ? "raw" : nil))
}

@Test func onlyARawAndAPhotoOfOneFolderAndRootPairAndTheClosestWins() {
  let assets = [
    photo("a/IMG_1.NEF", id: "raw-a", at: 0), photo("b/IMG_1.JPG", id: "jpeg-b", at: 0),  // other folder
    photo("IMG_2.jpg", id: "j2", at: 10, root: "/other"), photo("IMG_2.DNG", id: "r2", at: 10),  // other root
    photo("c/IMG_3.JPG", id: "j3", at: 20), photo("c/IMG_3.tif", id: "t3", at: 20),  // a TIFF scan is no raw
    photo("e/IMG_4.ARW", id: "r4", at: 30.9), photo("e/IMG_4.JPG", id: "j4", at: 30),
    photo("e/IMG_4.HEIC", id: "h4", at: 30.8),  // closer to the raw than the JPEG: it wins
  ]
  let combined = RawPairing().combined(assets)
  #expect(combined.filter { $0.raw != nil }.map(\.id.rawValue) == ["h4"])
  #expect(combined.count == assets.count - 1)
  #expect(!combined.contains { $0.id.rawValue == "r4" })
}

@Test func aReviewedRawReviewsItsPair() {
  var jpeg = photo("IMG_1.JPG", id: "jpeg", at: 0)
  jpeg.raw = Asset.Companion(id: AssetID(rawValue: "raw"), root: "/lib", path: "IMG_1.CR2")
  let clustering = MomentClusterer(mode: .smart).moments(in: [jpeg])
  let queue = ReviewQueue(moments: clustering.moments, reviewed: [AssetID(rawValue: "raw")])
  #expect(queue.progress == ReviewProgress(reviewed: 1, total: 1))
  #expect(queue.entries.isEmpty)
}

/// `IMG_1.DNG`, `IMG_1.HEIC`, `IMG_1.MOV`: the video is the HEIC's Live Photo video and the DNG
/// its raw; the raw never takes the video (it would leave the review with it).
@Test func aRawNeverTakesTheLivePhotoVideoOfItsPair() {
  var video = photo("IMG_1.MOV", id: "mov", at: -1)
  video.kind = .video
  video.duration = 3
  let assets = [photo("IMG_1.DNG", id: "dng", at: 0), photo("IMG_1.HEIC", id: "heic", at: 0), video]
  let items = RawPairing().combined(LivePhotoPairing().combined(assets))
  #expect(items.map(\.id.rawValue) == ["heic"])
  #expect(items.first?.memberIDs.map(\.rawValue) == ["heic", "dng", "mov"])
}

@Test(arguments: ReviewState.allCases)
func unfavoriteNeverClearsAReject(state: ReviewState) {
  let after = state.marked(.unfavorite)
  #expect(after == (state == .rejected ? .rejected : .reviewed))
}
