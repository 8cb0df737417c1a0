import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let hour = 3600.0
private let dslr = (make: "Canon", model: "Canon EOS 5D Mark IV")
private let phone = (make: "Apple", model: "iPhone 15")

extension Asset {
  /// A photo taken at `epoch + seconds` (true UTC) by `camera`: with `offset`, the file records it;
  /// with `wallClock`, the file holds only that wall clock (seconds east of UTC the camera's clock
  /// was set to), read as UTC.
  fileprivate static func zoned(
    _ index: Int, at seconds: Double, camera: (make: String, model: String), offset: Int? = nil,
    wallClock: Int? = nil, offsetSource: OffsetSource? = nil, source: TimeSource = .exifOriginal
  ) -> Asset {
    var asset = Asset.fixture(index, at: seconds, make: camera.make, model: camera.model)
    let instant = epoch.addingTimeInterval(seconds + Double(wallClock ?? 0))
    asset.captureTime = CaptureTime(
      instant: instant, utcOffset: offset, source: source, hasSubseconds: true, offsetSource: offsetSource)
    return asset
  }
}

extension [Asset] {
  fileprivate func named(_ index: Int) -> Asset? { first { $0.id == Asset.fixture(index, at: 0).id } }
}

@Test func aDSLRPhotoBetweenTwoPhotosOfOneZoneTakesTheirOffset() {
  let assets = [
    Asset.zoned(0, at: 0, camera: phone, offset: -5 * 3600),
    .zoned(1, at: hour, camera: dslr, wallClock: -5 * 3600),
    .zoned(2, at: 2 * hour, camera: phone, offset: -5 * 3600),
  ]
  let placed = Timeline().placed(assets)
  let photo = placed.named(1)
  #expect(photo?.captureTime.instant == epoch.addingTimeInterval(hour))
  #expect(photo?.captureTime.offsetSource == .library)
  #expect(photo?.captureTime.inferredOffset == -5 * 3600)
  #expect(placed.map(\.id) == assets.map(\.id))
}

@Test func aCameraWithItsOwnGPSOffsetPlacesItsOtherPhotos() {
  // The DSLR's GPS said +09:00 half an hour before; the phone's zone (+01:00) is not the DSLR's.
  let assets = [
    Asset.zoned(0, at: 0, camera: dslr, offset: 9 * 3600, offsetSource: .gpsTime),
    .zoned(1, at: 0.5 * hour, camera: dslr, wallClock: 9 * 3600),
    .zoned(2, at: 0.6 * hour, camera: phone, offset: 3600),
  ]
  let photo = Timeline().placed(assets).named(1)
  #expect(photo?.captureTime.offsetSource == .sameCamera)
  #expect(photo?.captureTime.inferredOffset == 9 * 3600)
  #expect(photo?.captureTime.instant == epoch.addingTimeInterval(0.5 * hour))
}

@Test func aTravelDayPlacesEachSideOfTheFlightInItsOwnZone() {
  // Home (+01:00) until a 13 h flight at 10:00 UTC, Tokyo (+09:00) after it.
  let assets = [
    Asset.zoned(0, at: 8 * hour, camera: phone, offset: 3600),
    .zoned(1, at: 8.5 * hour, camera: dslr, wallClock: 3600),
    .zoned(2, at: 9 * hour, camera: phone, offset: 3600),
    .zoned(3, at: 23 * hour, camera: phone, offset: 9 * 3600),
    .zoned(4, at: 23.5 * hour, camera: dslr, wallClock: 9 * 3600),
    .zoned(5, at: 24 * hour, camera: phone, offset: 9 * 3600),
  ]
  let placed = Timeline().placed(assets)
  #expect(placed.named(1)?.captureTime.inferredOffset == 3600)
  #expect(placed.named(4)?.captureTime.inferredOffset == 9 * 3600)
  #expect(placed.map(\.id) == assets.map(\.id))
  #expect(placed.allSatisfy { $0.captureTime.isPlaced })
}

@Test func withoutEvidenceWithinADayTheWallClockStays() {
  let assets = [
    Asset.zoned(0, at: 0, camera: phone, offset: 3600),
    .zoned(1, at: 3 * 24 * hour, camera: dslr, wallClock: 3600),
  ]
  let photo = Timeline().placed(assets).named(1)
  #expect(photo?.captureTime.offsetSource == OffsetSource.none)
  #expect(photo?.captureTime.inferredOffset == nil)
  #expect(photo?.captureTime.instant == assets[1].captureTime.instant)
}

@Test func aRunOfOneCameraTakesOneOffset() {
  // Five DSLR photos 10 min apart in +01:00. Alone, the last two would sit nearer a −05:00 photo
  // (placed with −05:00) than the +01:00 one; the run takes the offset most of it got.
  var assets = [
    Asset.zoned(0, at: -5 * 60, camera: phone, offset: 3600),
    .zoned(6, at: 6 * hour + 50 * 60, camera: phone, offset: -5 * 3600),
  ]
  for step in 0..<5 { assets.append(.zoned(step + 1, at: Double(step) * 600, camera: dslr, wallClock: 3600)) }
  let run = Timeline().placed(assets).filter { $0.make == dslr.make }
  #expect(run.count == 5)
  #expect(run.allSatisfy { $0.captureTime.inferredOffset == 3600 })
  #expect(run.map(\.captureTime.instant) == (0..<5).map { epoch.addingTimeInterval(Double($0) * 600) })
}

@Test func aClockCorrectionMovesOnlyItsCameraWithinItsSpan() {
  let camera = "Canon EOS 5D Mark IV"
  var modified = Asset.zoned(4, at: 24 * hour + 60, camera: dslr, offset: 0, source: .fileModified)
  modified.captureTime.offsetSource = .file
  let assets = [
    Asset.zoned(0, at: 0, camera: dslr, offset: 0),
    .zoned(1, at: 24 * hour, camera: dslr, offset: 0),
    .zoned(2, at: 48 * hour, camera: dslr, offset: 0),
    .zoned(3, at: 24 * hour, camera: phone, offset: 0),
    modified,
  ]
  let correction = ClockCorrection(
    camera: camera, shift: 3600, from: epoch.addingTimeInterval(12 * hour),
    to: epoch.addingTimeInterval(36 * hour))
  let placed = Timeline().placed(assets, corrections: [correction])
  let moved = placed.filter { $0.captureTime.clockShift != 0 }.map(\.id)
  #expect(moved == [assets[1].id])
  #expect(placed.named(1)?.captureTime.instant == epoch.addingTimeInterval(25 * hour))
  for index in [0, 2, 3, 4] {
    #expect(placed.named(index)?.captureTime.instant == assets[index].captureTime.instant)
  }
  // Applied twice, a correction still moves by its shift once.
  let again = Timeline().placed(placed, corrections: [correction])
  #expect(again.named(1)?.captureTime.instant == epoch.addingTimeInterval(25 * hour))
}

@Test(arguments: [
  ([0, 1.5, 3, 4.5, 6], true),  // five chained within 2 s: a copy
  ([0, 2, 4, 6, 8, 10, 12], true),  // exactly 2 s apart still chains
  ([0, 1.5, 3, 4.5], false),  // four are not enough
  ([0, 1.5, 3, 4.5, 6.6], false),  // a 2.1 s gap breaks the chain
  ([0], false),  // a lone modification time
])
func modificationTimesChainedWithinSecondsAreCopies(seconds: [Double], undated: Bool) {
  let assets = seconds.enumerated().map { index, second in
    var asset = Asset.zoned(index, at: 1000 + second, camera: phone, offset: 0, source: .fileModified)
    asset.make = nil
    return asset
  }
  let dated = Asset.zoned(99, at: 0, camera: phone, offset: 0)
  let placed = Timeline().placed(assets + [dated])
  let modified = placed.filter { $0.captureTime.source == .fileModified }
  #expect(modified.count == seconds.count)
  #expect(modified.allSatisfy { $0.captureTime.isUndated == undated })
  #expect(modified.allSatisfy { $0.problem != nil })
  #expect(modified.allSatisfy { ($0.problem?.contains("undated") ?? false) == undated })
  #expect(placed.named(99)?.captureTime.isUndated == false && placed.named(99)?.problem == nil)
  #expect(modified.map(\.captureTime.instant) == assets.map(\.captureTime.instant))
}

@Test(arguments: 0..<6)
func wallClocksOfATravellingLibraryLandAtTheirTrueInstant(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &* 6_700_417 &+ 11)
  let library = ZoneLibrary(using: &random)
  let placed = Timeline().placed(library.assets)
  #expect(Set(placed.map(\.id)) == Set(library.assets.map(\.id)))
  var (withEvidence, right) = (0, 0)
  for asset in placed where asset.captureTime.utcOffset == nil {
    guard let truth = library.truth[asset.id], library.hasEvidence(truth) else { continue }
    withEvidence += 1
    if abs(asset.captureTime.instant.timeIntervalSince1970 - truth) <= 2 { right += 1 }
  }
  #expect(withEvidence >= 50)
  #expect(Double(right) >= 0.95 * Double(withEvidence), "\(right) of \(withEvidence) right")
  // Phones' photos are where their files say.
  for asset in placed where asset.captureTime.utcOffset != nil {
    #expect(asset.captureTime.instant.timeIntervalSince1970 == library.truth[asset.id])
  }
}

@Test func aModificationTimeFarFromItsFoldersDatedPhotosIsUndated() {
  // A folder of 2019 photos with one undated file modified years later (the day it was copied),
  // and a folder with no dated photo, whose file keeps its modification time.
  var summer = [
    Asset.zoned(0, at: 0, camera: phone, offset: 0), .zoned(1, at: hour, camera: phone, offset: 0),
  ]
  var stray = Asset.zoned(2, at: 3 * 365 * 86_400, camera: phone, offset: 0, source: .fileModified)
  var lone = Asset.zoned(3, at: 3 * 365 * 86_400 + 600, camera: phone, offset: 0, source: .fileModified)
  for index in summer.indices { summer[index].path = "2019/Summer/\(index).jpg" }
  stray.path = "2019/Summer/scan.jpg"
  lone.path = "misc/old.jpg"
  let placed = Timeline().placed(summer + [stray, lone])
  #expect(placed.named(2)?.captureTime.isUndated == true)
  #expect(placed.named(2)?.problem?.contains("far from every dated photo of its folder") == true)
  #expect(placed.named(3)?.captureTime.isUndated == false)
  #expect(placed.named(3)?.problem?.contains("placed at its modification time") == true)
  // Within a day of the folder's photos, a modification time is taken as the capture time.
  stray.captureTime.instant = summer[1].captureTime.instant.addingTimeInterval(3600)
  #expect(Timeline().placed(summer + [stray]).named(2)?.captureTime.isUndated == false)
}

@Test func twoModificationTimesSecondsApartInTwoFoldersAreACopy() {
  var one = Asset.zoned(0, at: 0, camera: phone, offset: 0, source: .fileModified)
  var two = Asset.zoned(1, at: 1, camera: phone, offset: 0, source: .fileModified)
  one.path = "a/one.jpg"
  two.path = "b/two.jpg"
  let placed = Timeline().placed([one, two])
  #expect(placed.allSatisfy { $0.captureTime.isUndated })
  two.path = "a/two.jpg"
  #expect(Timeline().placed([one, two]).allSatisfy { !$0.captureTime.isUndated })
}

@Test func aCorrectionLeavesTheInstantOfAPhotoItsGPSStampsPlaced() {
  // A DSLR never set to summer time: its clock shows 09:00 at 10:00 +02:00 (08:00 UTC). With GPS
  // stamps the offset is +01:00 and the instant right; without, its wall clock waits for a zone.
  var stamped = Asset.zoned(0, at: 8 * hour, camera: dslr, offset: 3600, offsetSource: .gpsTime)
  stamped.serial = "012345"
  var bare = Asset.zoned(1, at: 8 * hour + 60, camera: dslr, wallClock: 3600)
  bare.serial = "012345"
  let before = Timeline().placed([stamped, bare])
  // Named without its serial number, the correction applies to every body of the model.
  let corrected = Timeline().placed(
    [stamped, bare], corrections: [ClockCorrection(camera: "Canon EOS 5D Mark IV", shift: 3600)])
  #expect(corrected.named(0)?.captureTime.instant == stamped.captureTime.instant)
  #expect(corrected.named(0)?.captureTime.utcOffset == 7200)
  #expect(
    corrected.named(0)?.captureTime.iso8601
      == stamped.captureTime.iso8601.replacingOccurrences(
        of: "+01:00", with: "+02:00"))
  #expect(corrected.named(0)?.captureTime.wallClockMilliseconds == stamped.captureTime.wallClockMilliseconds)
  // The bare photo takes the camera's corrected zone and lands a minute after the stamped one, as
  // it did before the correction (its own clock error and the zone cancel out).
  #expect(corrected.named(1)?.captureTime.offsetSource == .sameCamera)
  #expect(corrected.named(1)?.captureTime.instant == epoch.addingTimeInterval(8 * hour + 60))
  #expect(before.named(1)?.captureTime.instant == epoch.addingTimeInterval(8 * hour + 60))
}

@Test(arguments: [
  (11 * 3600, -(2 * 3600 + 30 * 60 + 30), 8 * 3600 + 30 * 60),  // to the nearest quarter hour
  (3600, 3600 + 7 * 60, 2 * 3600),  // a few minutes of clock error are no zone
  (11 * 3600, -(45 * 60 + 20), 10 * 3600 + 15 * 60),
  (11 * 3600, 20 * 3600, 11 * 3600),  // past +14:00 no zone fits: the GPS time stands
  (-10 * 3600, -5 * 3600, -10 * 3600),
])
func aShiftMovesAGPSZoneToAZone(offset: Int, shift: Int, zone: Int) {
  let stamped = Asset.zoned(0, at: 8 * hour, camera: dslr, offset: offset, offsetSource: .gpsTime)
  let corrected = Timeline().placed(
    [stamped], corrections: [ClockCorrection(camera: "Canon EOS 5D Mark IV", shift: shift)])
  #expect(corrected.first?.captureTime.utcOffset == zone)
  #expect(corrected.first?.captureTime.instant == stamped.captureTime.instant)
}

@Test func theLibraryZoneIsTheNearestPhotoOfThatZoneNotJustTheNeighbours() {
  // A merged family library: at home (+01:00) photos every 10 minutes; in Tokyo (+09:00) a phone
  // photo 5 s before a DSLR shot whose clock shows Tokyo time.
  var assets = (0..<30).map { Asset.zoned($0, at: Double($0) * 600, camera: phone, offset: 3600) }
  assets.append(.zoned(40, at: 3 * 3600 + 295, camera: (make: "Sony", model: "Xperia"), offset: 9 * 3600))
  assets.append(.zoned(41, at: 3 * 3600 + 300, camera: dslr, wallClock: 9 * 3600))
  let placed = Timeline().placed(assets)
  #expect(placed.named(41)?.captureTime.inferredOffset == 9 * 3600)
  #expect(placed.named(41)?.captureTime.instant == epoch.addingTimeInterval(3 * 3600 + 300))
}

@Test func aDownloadsFolderOfScreenshotsAndAFewOldPhotosKeepsItsScreenshotsDated() {
  // Three undated screenshots a day apart, and one photo from years before: the folder is mostly
  // undated files, so their modification times stand.
  var old = Asset.zoned(0, at: 0, camera: phone, offset: 0)
  old.path = "Downloads/old.jpg"
  let shots = (1...3).map { index in
    var shot = Asset.zoned(
      index, at: 3 * 365 * 86_400 + Double(index) * 86_400, camera: phone, offset: 0,
      source: .fileModified)
    shot.make = nil
    shot.path = "Downloads/shot\(index).png"
    return shot
  }
  let placed = Timeline().placed([old] + shots)
  #expect(placed.filter { $0.captureTime.source == .fileModified }.allSatisfy { !$0.captureTime.isUndated })
}
