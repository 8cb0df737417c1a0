import Foundation
import Testing

@testable import FaverServe

/// Ten wrong codes from `client`, one a second (never near the limit of all addresses).
private func tenWrongCodes(_ codes: PairingCodes, from client: String?, clock: TestClock) {
  for guess in 0..<10 {
    #expect(codes.redeem(String(format: "WRONG%03d", guess), from: client) == .refused)
    clock.advance(1)
  }
}

@Test func oneClientsWrongCodesDoNotRefuseAnotherClientsRightCode() {
  let clock = TestClock()
  let codes = PairingCodes(now: { clock.now })
  let code = codes.issue().value
  tenWrongCodes(codes, from: "192.168.1.66", clock: clock)
  #expect(codes.redeem("WRONG999", from: "192.168.1.66") == .tooMany)
  #expect(codes.redeem(code, from: "192.168.1.20") == .accepted)
}

@Test func oneClientIsStillLimitedForAMinute() {
  let clock = TestClock()
  let codes = PairingCodes(now: { clock.now })
  let code = codes.issue().value
  tenWrongCodes(codes, from: "fe80::1", clock: clock)
  // 10 s after the first wrong code: this address is refused unread, its right code too.
  #expect(codes.redeem(code, from: "fe80::1") == .tooMany)
  clock.advance(49)
  #expect(codes.redeem(code, from: "fe80::1") == .tooMany)
  // A minute after the first, one more may be tried.
  clock.advance(1)
  #expect(codes.redeem(code, from: "fe80::1") == .accepted)
}

@Test func anUnknownAddressIsOneSharedAddress() {
  let clock = TestClock()
  let codes = PairingCodes(now: { clock.now })
  let code = codes.issue().value
  tenWrongCodes(codes, from: nil, clock: clock)
  #expect(codes.redeem(code) == .tooMany)
  #expect(codes.redeem(code, from: "192.168.1.20") == .accepted)
}

@Test func tenWrongCodesFromAllAddressesInTwoSecondsRefuseEveryoneForTwoSeconds() {
  let clock = TestClock()
  let codes = PairingCodes(now: { clock.now })
  let code = codes.issue().value
  // Steps of 1/8 s, exact in a Date: ten wrong codes, the last 1.125 s after the first.
  for host in 0..<10 {
    #expect(codes.redeem("WRONG000", from: "10.0.0.\(host)") == .refused)
    clock.advance(0.125)
  }
  // 1.25 s after the first: the ceiling holds, for a new address and the right code too.
  #expect(codes.redeem("WRONG000", from: "10.0.1.1") == .tooManyFromAll)
  #expect(codes.redeem(code, from: "192.168.1.20") == .tooManyFromAll)
  clock.advance(0.625)
  #expect(codes.redeem(code, from: "192.168.1.20") == .tooManyFromAll)
  // Two seconds after the first it lifts.
  clock.advance(0.125)
  #expect(codes.redeem(code, from: "192.168.1.20") == .accepted)
}

/// A host with a new address for every guess, 16 guesses a second for the life of a code, gets
/// 5 a second looked at; and only the addresses of the last minute are remembered.
@Test func manyAddressesGetFiveGuessesASecond() {
  let clock = TestClock()
  let codes = PairingCodes(now: { clock.now })
  var lookedAt = 0
  for guess in 0..<(16 * Int(PairingCodes.lifetime)) {
    if codes.redeem("WRONG000", from: "10.\(guess / 65536).\(guess / 256 % 256).\(guess % 256)") == .refused {
      lookedAt += 1
    }
    clock.advance(0.0625)  // exact in a Date
  }
  #expect(lookedAt <= 5 * Int(PairingCodes.lifetime) + PairingCodes.wrongCodesPerWindow)
  #expect(lookedAt >= 5 * Int(PairingCodes.lifetime) - PairingCodes.wrongCodesPerWindow)
  #expect(codes.rememberedAddresses <= 5 * 60 + PairingCodes.wrongCodesPerWindow)
  clock.advance(60)
  _ = codes.redeem("WRONG000", from: "10.9.9.9")
  #expect(codes.rememberedAddresses == 1)
}
