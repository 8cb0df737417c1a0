import FaverCore
import FaverStore
import Foundation
import Testing

@Test func aCorrectionMadeAgainKeepsItsPlaceSoLaterOnesStillWin() throws {
  let store = try IndexStore()
  let trip = (from: Date(timeIntervalSince1970: 1_000_000), to: Date(timeIntervalSince1970: 2_000_000))
  try store.addClockCorrection(ClockCorrection(camera: "Canon EOS R6", shift: 3600))
  try store.addClockCorrection(
    ClockCorrection(camera: "Canon EOS R6", shift: 7200, from: trip.from, to: trip.to))
  try store.addClockCorrection(ClockCorrection(camera: "Canon EOS R6", shift: 3660))
  #expect(
    try store.clockCorrections() == [
      ClockCorrection(camera: "Canon EOS R6", shift: 3660),
      ClockCorrection(camera: "Canon EOS R6", shift: 7200, from: trip.from, to: trip.to),
    ])
  try store.addClockCorrection(ClockCorrection(camera: "Nikon D750", shift: -180))
  #expect(try store.clearClockCorrections(camera: "Canon EOS R6") == 2)
  #expect(try store.clockCorrections() == [ClockCorrection(camera: "Nikon D750", shift: -180)])
}
