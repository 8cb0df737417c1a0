import FaverCore
import Foundation
import Testing

@testable import FaverKit
@testable import FaverStore

/// A camera's clock corrected over a day or from a time on, for one camera or another, then
/// cleared, between new days and marks: the photos a correction moves leave their moments and join
/// those where they fall now, the moments around both cut again where the rules allow (counted,
/// so the test cannot pass by always rebuilding); after every change the queue equals a full
/// rebuild (see `savedQueue`), and so do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func aClockShiftOfOneCameraEqualsAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 30) { try clockChange($0, step: $1) }
  #expect(done.count == 30)
  let clocks = done.enumerated().filter { $0.offset % 6 != 1 }.map(\.element)
  #expect(clocks.allSatisfy { $0 == .planned || $0 == .rebuilt || $0 == .fresh }, "\(clocks)")
  #expect(clocks.filter { $0 == .planned }.count >= 12, "\(clocks)")
}

/// The same among wall-clock photos (whose zones the moved photos may be evidence for) and files
/// dated by their modification time (undated when far from their folder's dated photos, whose
/// span a moved photo may move): where a moved photo could place them otherwise, the queue is
/// rebuilt, and it equals a full rebuild after every change either way.
@Test(arguments: [5, 6, 7])
func aClockShiftAmongWallClocksAndModificationTimesEqualsAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 30, wallClocks: true, modifiedFiles: true) {
    try clockChange($0, step: $1)
  }
  #expect(done.count == 30)
  #expect(done.filter { $0 == .planned }.count >= 5, "\(done)")
}

/// A DSLR that writes no offset, its clock put right: each wall clock the correction moves takes
/// its zone anew from the photos of known zone around where its clock puts it now, and the
/// moments it leaves and joins are cut again, where the rules allow (counted); after every change
/// the queue equals a full rebuild, and so do `next`, `status` and the manifest.
@Test(arguments: [1, 2, 3, 4])
func aClockShiftOfAWallClockCameraEqualsAFullRebuild(seed: Int) async throws {
  let done = try await TwinLibraries.stepped(seed: seed, steps: 30, wallClockCamera: 0) {
    try clockChange($0, step: $1)
  }
  #expect(done.count == 30)
  let canon = done.enumerated().filter { [0, 3, 4].contains($0.offset % 6) }.map(\.element)
  #expect(canon.allSatisfy { $0 == .planned || $0 == .rebuilt || $0 == .fresh }, "\(canon)")
  #expect(canon.filter { $0 == .planned }.count >= 5, "\(canon)")
}

/// A clock change of `step` (see `aClockShiftOfOneCameraEqualsAFullRebuild`): every sixth a new
/// day instead.
private func clockChange(_ twins: TwinLibraries, step: Int) throws {
  switch step % 6 {
  case 0: try twins.shiftAClock(oneDay: true)
  case 1: try twins.append()
  case 2:
    try twins.mark()
    try twins.shiftAClock(camera: 1)
  case 3: try twins.shiftAClock()
  case 4: try twins.clearClock()
  default: try twins.shiftAClock(camera: 1, oneDay: true)
  }
}

/// `faver clock` on a library whose queue was saved brings the queue up to date itself, moving
/// the photos the correction moves and nothing built from the whole library: the next reader
/// finds it fresh, equal to a full rebuild; a second correction of the same span replaces the
/// first, and clearing the camera puts its photos back.
@Test func aCorrectedClockMovesItsPhotosInTheSavedQueue() throws {
  let twins = try TwinLibraries(seed: 1)
  twins.wallClocks = false
  for _ in 0..<20 { try twins.append() }
  #expect(try twins.freshen() == .rebuilt)
  #expect(twins.builds.builds == 1)
  let from = Date(timeIntervalSince1970: 1_700_300_000)
  for (step, shift) in [5400, 1800].enumerated() {
    let change = try twins.appended.library.correctClock(
      camera: "canon eos r6", shift: shift, from: from, now: TwinLibraries.now)
    try twins.rebuilt.store.addClockCorrection(
      ClockCorrection(camera: "Canon EOS R6", shift: shift, from: from))
    #expect(change.camera == "Canon EOS R6")
    #expect(change.moved > 0)
    #expect(try twins.freshen() == .fresh)
    #expect(try twins.expectAlike(after: step, .fresh))
  }
  let cleared = try twins.appended.library.clearClock(camera: "Canon EOS R6", now: TwinLibraries.now)
  _ = try twins.rebuilt.store.clearClockCorrections(camera: "Canon EOS R6")
  #expect(cleared.moved > 0)
  #expect(try twins.freshen() == .fresh)
  #expect(try twins.expectAlike(after: 2, .fresh))
  #expect(twins.builds.builds == 1)
}
