import Foundation
import Testing

@testable import FaverCore

private func file(_ path: String, _ kind: MediaKind, at seconds: Double, id: String? = nil)
  -> LivePhotoPairing.Candidate
{
  let time = CaptureTime(
    instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds), utcOffset: 0, source: .exifOriginal)
  return .init(path: path, kind: kind, captureTime: time, contentIdentifier: id)
}

@Test func theContentIdentifierPairsAStillWithItsVideoWhateverTheirNames() {
  let pairs = LivePhotoPairing().pairs(in: [
    file("a/IMG_0001.HEIC", .photo, at: 0, id: "X"), file("b/clip.mov", .video, at: -60, id: "X"),
    file("a/IMG_0002.HEIC", .photo, at: 0, id: "Y"),
  ])
  #expect(pairs == [LivePhoto(still: "a/IMG_0001.HEIC", video: "b/clip.mov")])
}

@Test(arguments: [
  (1.5, 1),  // the video starts 1.5 s before the still: a Live Photo
  (3.0, 1),  // the window itself
  (3.5, 0),  // further apart: two separate shots that happen to share a name
])
func sameNamedFilesPairWithinTheWindow(gap: Double, count: Int) {
  let pairs = LivePhotoPairing().pairs(in: [
    file("DCIM/IMG_1234.JPG", .photo, at: gap), file("DCIM/IMG_1234.mov", .video, at: 0),
  ])
  #expect(pairs.count == count)
}

@Test func namesInOtherFoldersOrOfTheSameKindDoNotPair() {
  let pairs = LivePhotoPairing().pairs(in: [
    file("a/IMG_1.JPG", .photo, at: 0), file("b/IMG_1.MOV", .video, at: 0),
    file("c/IMG_2.JPG", .photo, at: 0), file("c/IMG_2.HEIC", .photo, at: 0),
  ])
  #expect(pairs.isEmpty)
}

@Test func eachFileIsInOnePairAtMost() {
  // Two stills share an identifier with one video (a duplicated export): the closer one wins.
  let pairs = LivePhotoPairing().pairs(in: [
    file("x/a.heic", .photo, at: 0, id: "X"), file("x/b.heic", .photo, at: 10, id: "X"),
    file("x/a.mov", .video, at: 9, id: "X"),
  ])
  #expect(pairs == [LivePhoto(still: "x/b.heic", video: "x/a.mov")])
}

@Test(arguments: [
  ("DCIM/IMG_1234.HEIC", "dcim/img_1234"), ("IMG.1.MOV", "img.1"), (".hidden", ".hidden"),
  ("a.b/c", "a.b/c"),
])
func stemsDropOnlyTheExtension(path: String, stem: String) {
  #expect(LivePhotoPairing.stem(path) == stem)
}

@Test func noFilesNoPairs() {
  #expect(LivePhotoPairing().pairs(in: []).isEmpty)
}
