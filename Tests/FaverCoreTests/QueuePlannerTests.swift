import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let hour = 3600.0

private func place(
  _ path: String, id: String, at seconds: Double, root: (id: Int64, path: String) = (1, "/lib")
)
  -> QueuePlanner.FilePlace
{
  let asset = Asset(
    id: AssetID(rawValue: id), root: root.path, path: path, kind: path.hasSuffix(".mov") ? .video : .photo,
    captureTime: CaptureTime(
      instant: epoch.addingTimeInterval(seconds), utcOffset: 0, source: .exifOriginal, hasSubseconds: true),
    contentIdentifier: path.hasPrefix("live/") ? "LIVE-1" : nil)
  return QueuePlanner.FilePlace(asset: asset, rootID: root.id, takenAt: epoch.timeIntervalSince1970 + seconds)
}

/// The places a plan reads make the assets a full build makes: each id once, at its first place by
/// root id and then path bytes (not by root path, nor as the places come), its other places as its
/// copies; in file time order; a Live Photo's still and video one asset.
@Test func placesMakeOneAssetEachAtItsFirstPlaceInFileTimeOrder() {
  let places = [
    place("b.jpg", id: "copied", at: 10, root: (2, "/a-first-by-path")),
    place("z.jpg", id: "copied", at: 10),
    place("a.jpg", id: "early", at: 5, root: (3, "/c")),
    place("live/IMG_1.mov", id: "video", at: 20),
    place("live/IMG_1.heic", id: "still", at: 20),
  ]
  let assets = QueuePlanner.assets(of: places)
  #expect(assets.map(\.id.rawValue) == ["early", "copied", "still"])
  #expect(assets[1].root == "/lib" && assets[1].path == "z.jpg")
  #expect(assets[1].duplicates == ["/a-first-by-path/b.jpg"])
  #expect(assets[2].companion?.id.rawValue == "video")
}

/// A wall clock (a DSLR's time, no offset) is placed in the zone of the photos of known zone the
/// store read around it, as a full build places it among the whole library; the evidence is not
/// handed back, and without it the wall clock stays as read.
@Test func aWallClockTakesTheZoneOfTheEvidenceAroundIt() {
  let planner = QueuePlanner(mode: .smart, corrections: [])
  var phone = Asset.fixture(1, at: 0, make: "Apple", model: "iPhone")
  phone.captureTime.utcOffset = 7200
  phone.captureTime.offsetSource = .file
  let dslr = Asset(
    id: AssetID(rawValue: "dslr"), root: "/lib", path: "DSC_1.jpg", kind: .photo,
    captureTime: CaptureTime(
      instant: epoch.addingTimeInterval(7200 + 600), utcOffset: nil, source: .exifOriginal,
      hasSubseconds: false),
    make: "NIKON", model: "D750")
  #expect(planner.evidenceWindows(for: [phone]).isEmpty)
  let windows = planner.evidenceWindows(for: [dslr])
  #expect(windows.count == 1 && windows[0].contains(phone.captureTime.instant.timeIntervalSince1970))

  var alone = [dslr]
  planner.place(&alone, among: [])
  #expect(alone[0].captureTime.inferredOffset == nil)

  var withEvidence = [dslr]
  planner.place(&withEvidence, among: [phone])
  var whole = [phone, dslr]
  planner.timeline.place(&whole)
  #expect(withEvidence == [whole[1]])
  #expect(withEvidence[0].captureTime.inferredOffset == 7200)
}

/// A library in capture order: bursts, gaps of every size, GPS on some.
private func library(seed: Int) -> [Asset] {
  var random = SeededGenerator(seed: UInt64(seed) &* 7919)
  var time = 0.0
  return (0..<Int.random(in: 40..<300, using: &random)).map { index in
    time += [0.5, 3, 61, 400, 2 * hour, 9 * hour, 30 * hour].randomElement(using: &random) ?? 1
    return Asset.fixture(
      index, at: time,
      coordinate: Bool.random(using: &random)
        ? Coordinate(latitude: .random(in: -60...60, using: &random), longitude: 7) : nil)
  }
}

/// The moments after any cut of a full build, cut again alone with the gaps of everything before
/// them kept, are the full build's, the first opening at the same cut; so is the threshold.
@Test(arguments: 0..<20)
func aSpanCutAgainAloneIsWhatAFullBuildCutsIt(seed: Int) {
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let planner = QueuePlanner(mode: mode, corrections: [])
    let assets = library(seed: seed)
    let full = planner.clusterer.moments(in: assets)
    let cuts = planner.clusterer.cuts(in: assets)
    for first in 1..<full.moments.count {
      let span = full.moments[first...].flatMap(\.assets)
      let burstsBefore = full.moments[..<first].reduce(0) { $0 + $1.bursts.count }
      let (threshold, gaps) = planner.threshold(
        cutting: [span], outside: Array(cuts.gaps.prefix(burstsBefore)))
      #expect(threshold.seconds == full.threshold)
      #expect(gaps == [Array(cuts.gaps.dropFirst(burstsBefore))])
      let moments = planner.moments(
        cutting: [span], openings: [full.moments[first].boundary], at: threshold)
      #expect(moments == [Array(full.moments[first...])], "seed \(seed), \(mode), from moment \(first)")
    }
  }
}

/// The first moment of a span opens at the gap the span opened at, held against the threshold now.
@Test func aSpansFirstMomentOpensAtItsGapAgainstTheNewThreshold() {
  let planner = QueuePlanner(mode: .smart, corrections: [])
  let assets = Asset.fixtures(gaps: [10, 7200, 10])
  let threshold = MomentClusterer.Threshold(seconds: 3600, basis: .fixed)
  let moments = planner.moments(
    cutting: [assets], openings: [.timeGap(gap: 9000, threshold: 5000)], at: threshold)
  #expect(
    moments[0].map(\.boundary) == [
      .timeGap(gap: 9000, threshold: 3600), .timeGap(gap: 7200, threshold: 3600),
    ])
}
