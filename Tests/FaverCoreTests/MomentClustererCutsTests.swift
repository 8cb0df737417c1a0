import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let hour = 3600.0

/// A random library in random order: bursts, gaps of every size, GPS on some, undated ones.
private func library(seed: Int) -> [Asset] {
  var random = SeededGenerator(seed: UInt64(seed) &* 6151)
  var time = 0.0
  let assets = (0..<Int.random(in: 0..<300, using: &random)).map { index in
    time += [0.5, 3, 61, 400, 2 * hour, 9 * hour].randomElement(using: &random) ?? 1
    var asset = Asset.fixture(
      index, at: time, kind: Int.random(in: 0..<8, using: &random) == 0 ? .video : .photo,
      coordinate: Bool.random(using: &random)
        ? Coordinate(latitude: .random(in: -60...60, using: &random), longitude: 7) : nil,
      make: Bool.random(using: &random) ? "Apple" : nil, model: "iPhone")
    asset.captureTime.isUndated = Int.random(in: 0..<10, using: &random) == 0
    return asset
  }
  return assets.shuffled(using: &random)
}

@Test(arguments: 0..<25)
func theRangesHoldEveryAssetOnceInTheDetectorsBursts(seed: Int) {
  let assets = library(seed: seed)
  let ranges = BurstDetector().ranges(in: assets)
  #expect(ranges.members.sorted() == Array(assets.indices))
  let bursts = (0..<ranges.count).map { ranges.members(of: $0).map { assets[$0].id } }
  #expect(bursts == BurstDetector().bursts(in: assets).map { $0.assets.map(\.id) })
}

@Test(arguments: 0..<25)
func theCutsAreTheMomentsAndKeepTheGapsTheyWereCutAt(seed: Int) {
  let assets = library(seed: seed)
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let cuts = MomentClusterer(mode: mode).cuts(in: assets)
    let moments = cuts.result(of: assets).moments
    #expect(cuts.order.sorted() == Array(0..<cuts.bursts.count))
    #expect(moments.map(\.boundary) == cuts.boundaries)
    #expect(moments.map { $0.assets.count }.reduce(0, +) == assets.count)
    #expect(moments.last?.boundary == .undated || !assets.contains { $0.captureTime.isUndated })
    // The gap before each dated burst after the first, measured on the moments made: its start
    // minus the latest end before it, never negative.
    var gaps: [TimeInterval] = []
    var latest: Asset?
    for moment in moments where moment.boundary != .undated {
      for burst in moment.bursts {
        if let latest { gaps.append(max(0, burst.start.seconds(since: latest.captureTime.instant))) }
        if let last = burst.assets.last, latest.map({ Asset.captureOrder($0, last) }) ?? true {
          latest = last
        }
      }
    }
    #expect(cuts.gaps == gaps)
  }
}

/// A moment summarised from the ranges is the summary of the moment made, and its members are
/// the moment's assets in its order.
@Test(arguments: 0..<25)
func aMomentSummarisedFromTheRangesIsTheSummaryOfTheMomentMade(seed: Int) {
  let assets = library(seed: seed)
  let place = Place(
    name: "Lisbon", admin1: nil, country: "Portugal", countryCode: "PT", latitude: 38.7, longitude: -9.1)
  for mode in [MomentClusterer.Mode.smart] + MomentClusterer.Mode.presets {
    let cuts = MomentClusterer(mode: mode).cuts(in: assets)
    for index in 0..<cuts.momentCount {
      let moment = cuts.moment(index, of: assets)
      for place in [nil, place] {
        #expect(
          cuts.summary(ofMoment: index, of: assets, place: place) == MomentSummary(moment, place: place))
      }
      var members: [AssetID] = []
      cuts.forEachMember(ofMoment: index) { members.append(assets[$0].id) }
      #expect(members == moment.assets.map(\.id))
    }
  }
}
