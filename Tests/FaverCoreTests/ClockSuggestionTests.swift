import Foundation
import SeededRandom
import Testing

@testable import FaverCore

/// A library of shared events: two phones whose files give their zone (the reference) and two
/// DSLRs with wall clocks only, placed by the library's zone and then off by their clock `errors`
/// (seconds the clock runs ahead). Within an event the phones shoot every few minutes; a DSLR at
/// an event shoots some scenes a phone shoots too (within 5 s; each phone shot with probability
/// `together`) and others of its own at random.
private func sharedEvents(
  seed: UInt64, events: Int = 40, together: Double = 0.3, errors: [String: Double] = [:]
) -> [Asset] {
  var random = SeededGenerator(seed: seed)
  var assets: [Asset] = []
  func add(_ seconds: Double, _ camera: (make: String, model: String), zoned: Bool) {
    var asset = Asset.fixture(
      assets.count, at: seconds + (errors[camera.model] ?? 0), make: camera.make, model: camera.model)
    if !zoned {
      asset.captureTime.utcOffset = 3600
      asset.captureTime.offsetSource = .library
    } else {
      asset.captureTime.offsetSource = .file
    }
    assets.append(asset)
  }
  let phones = [(make: "Apple", model: "iPhone 15"), (make: "Google", model: "Pixel 8")]
  let cameras = [(make: "Canon", model: "Canon EOS 80D"), (make: "NIKON CORPORATION", model: "NIKON D750")]
  var start = 0.0
  for _ in 0..<events {
    start += Double.random(in: 86_400...(6 * 86_400), using: &random)
    let length = Double.random(in: 3600...(4 * 3600), using: &random)
    var shots: [Double] = []
    var time = start
    while time < start + length {
      time += Double.random(in: 60...480, using: &random)
      shots.append(time)
      // A shot is a burst now and then: frames a fraction of a second apart.
      let phone = phones[Int.random(in: 0..<2, using: &random)]
      for frame
        in 0..<(Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...12, using: &random) : 1)
      {
        add(time + Double(frame) * 0.3, phone, zoned: true)
      }
    }
    for camera in cameras where Bool.random(using: &random) {
      for shot in shots where Double.random(in: 0..<1, using: &random) < together {
        // The same scene: a frame or a few within seconds of the phone's.
        var frame = shot + Double.random(in: -5...5, using: &random)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          add(frame, camera, zoned: false)
          frame += Double.random(in: 0.5...2, using: &random)
        }
      }
      for _ in 0..<Int.random(in: 2...10, using: &random) {
        let shot = Double.random(in: start...(start + length), using: &random)
        for frame in 0..<(Bool.random(using: &random) ? Int.random(in: 2...10, using: &random) : 1) {
          add(shot + Double(frame) * 0.2, camera, zoned: false)
        }
      }
    }
  }
  return assets
}

private func suggestions(_ assets: [Asset]) -> [String: Int] {
  let names = assets.map(\.camera)
  var found: [String: Int] = [:]
  for camera in ["Canon EOS 80D", "NIKON D750"] {
    found[camera] = ClockSuggestion().shift(for: camera, in: assets, cameras: names)
  }
  return found
}

@Test(arguments: 0..<6, [0.3, 0.05, 0])
func camerasWhoseClocksAreRightAreSuggestedNothing(seed: UInt64, together: Double) {
  // Also where the cameras seldom or never shoot the same scene: what lines up then is chance.
  #expect(suggestions(sharedEvents(seed: seed, together: together)) == [:])
}

@Test(arguments: 0..<6)
func aClockAnHourAheadAndOneMinutesBehindAreSuggestedTheirShiftsAndNothingElse(seed: UInt64) throws {
  let found = suggestions(sharedEvents(seed: seed, errors: ["Canon EOS 80D": 3600, "NIKON D750": -200]))
  let canon = try #require(found["Canon EOS 80D"])
  let nikon = try #require(found["NIKON D750"])
  #expect(abs(canon + 3600) <= 10)
  #expect(abs(nikon - 200) <= 10)
}

@Test func oneSharedEventIsTooThinToSuggestAnything() {
  // Every scene of one event matches an hour off: still one event, and no suggestion.
  let assets = sharedEvents(seed: 7, events: 1, errors: ["Canon EOS 80D": 3600, "NIKON D750": 3600])
  #expect(suggestions(assets) == [:])
}

@Test func theEvidenceSaysWhatTheShiftRestsOn() throws {
  let assets = sharedEvents(seed: 3, errors: ["Canon EOS 80D": -3600])
  let evidence = try #require(
    ClockSuggestion().evidence(for: "Canon EOS 80D", in: assets, cameras: assets.map(\.camera)))
  #expect(abs(evidence.shift - 3600) <= 10)
  #expect(evidence.precision == 1)
  #expect(evidence.scenes >= 3 && evidence.shots >= evidence.scenes)
  #expect(["Apple iPhone 15", "Google Pixel 8"].contains(evidence.reference))
  #expect(Double(evidence.shots) >= 3 * Double(max(evidence.shotsUnshifted, evidence.shotsOtherwise, 1)))
}

// Libraries with their truth (`ClockLibrary`): the settings were chosen on `tunedSeeds`.
// `heldOutSeeds` 101…116 were first run with the rule fixed; they showed the quarter hour
// claimed too sharply on a DSLR with few events, and the claim was widened to the quarter hours
// near the best (`roundness`), so they informed that one change. 201…216 were first run after it;
// 204 (a clock never set, placed 1 h off) informed the next: the claim widened to the quarter
// hours within chance of the best, and a clock never set given the zone most sessions over its
// span are in. 301…332 were first run after that; 311 (a Nikon never set, 15 min off a fixed
// half-hour claim), with 109 (30 min off), informed the next: a clock never set claims as step 1
// does, every minute within chance of the best. 401…432 were first run after it, and are kept
// as they came out.
private let tunedSeeds = [UInt64](1...8)
private let heldOutSeeds =
  [UInt64](101...116) + [UInt64](201...216) + [UInt64](301...332) + [UInt64](401...432)

/// What the rule made of a set of libraries with one wrong clock: suggestions to the second and
/// to the quarter hour (or wider, for a clock never set) within what they claim, silences, and
/// anything else (a suggestion out of what it claims, or one for the other, right, camera).
private struct Tally: CustomStringConvertible {
  var toTheSecond = 0
  var coarser = 0
  var silent = 0
  var wrong: [String] = []
  var cases: Int { toTheSecond + coarser + silent + wrong.count }
  var description: String {
    "\(toTheSecond) to the second, \(coarser) coarser, \(silent) silent, wrong: \(wrong)"
  }

  init(_ error: ClockLibrary.Error?, seeds: [UInt64], together: [Double] = [0.03, 0.25]) {
    for seed in seeds {
      for rate in together {
        for (camera, other) in [
          (ClockLibrary.canon, ClockLibrary.nikon), (ClockLibrary.nikon, ClockLibrary.canon),
        ] {
          let library = ClockLibrary(seed: seed, together: rate, errors: error.map { [camera: $0] } ?? [:])
          let name = "seed \(seed), \(rate), \(camera)"
          if let found = library.suggestion(for: other) { wrong.append("\(name): \(other) \(found.shift)") }
          guard let found = library.suggestion(for: camera) else {
            silent += 1
            continue
          }
          let off = abs(found.shift - (library.truth[camera] ?? 0))
          if error == nil || off > max(10, found.precision / 2) {
            wrong.append("\(name): \(found.shift) (\(found.precision))")
          } else if found.precision == 1 {
            toTheSecond += 1
          } else {
            coarser += 1
          }
        }
      }
    }
  }
}

@Test(arguments: [tunedSeeds, heldOutSeeds])
func rightClocksAmongPhonesAreNeverSuggestedAShift(seeds: [UInt64]) {
  // Both DSLRs right, shooting the phones' scenes never, seldom or often; the Nikon also alone on
  // a trip of its own, which the library places in the phones' zone at home.
  let tally = Tally(nil, seeds: seeds, together: [0, 0.03, 0.25])
  #expect(tally.wrong.isEmpty, "\(tally)")
  #expect(tally.silent == seeds.count * 6)
}

@Test(
  arguments: [
    (ClockLibrary.Error.ahead(3600), 0.5), (.ahead(-3600), 0.4), (.ahead(19_800), 0.55),
    (.ahead(-32_400), 0.6),
    (.ahead(200), 0.05), (.neverSet, 0.2),
  ], [tunedSeeds, heldOutSeeds])
func aWrongClockIsFoundWithinThePrecisionItClaims(error: (ClockLibrary.Error, share: Double), seeds: [UInt64])
{
  // Nothing wrong is ever suggested; the share of libraries where it is found at all.
  let (error, share) = error
  let tally = Tally(error, seeds: seeds)
  #expect(tally.wrong.isEmpty, "\(tally)")
  #expect(Double(tally.toTheSecond + tally.coarser) >= share * Double(tally.cases), "\(tally)")
}

@Test(arguments: [tunedSeeds, heldOutSeeds])
func coincidentShotsFixAnHourToTheSecondAndWithoutThemItIsTheQuarterHour(seeds: [UInt64]) {
  // A phone's shot caught within 5 s one time in four, or in thirty. Seldom, the hour is found
  // to the quarter hour in 31 % of the held-out libraries (101…332: 34 %; 401…432 alone: 23 %).
  let often = Tally(.ahead(3600), seeds: seeds, together: [0.25])
  let seldom = Tally(.ahead(3600), seeds: seeds, together: [0.03])
  #expect(often.toTheSecond >= often.cases / 3, "\(often)")
  #expect(seldom.toTheSecond <= seldom.cases / 10 && seldom.coarser >= seldom.cases / 4, "\(seldom)")
}
