import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private let hour = 3600.0

/// The dated bursts of `assets` as the clusterer's items.
private func items(of assets: [Asset]) -> [IncrementalClusterer.Item] {
  BurstDetector().bursts(in: assets).map(IncrementalClusterer.Item.init)
}

/// What a full rebuild gives: each moment's boundary and the ids of its bursts, and the threshold.
private func full(_ assets: [Asset], mode: MomentClusterer.Mode) -> ([Moment.Boundary], [[String]], Double) {
  let result = MomentClusterer(mode: mode).moments(in: assets)
  return (result.moments.map(\.boundary), result.moments.map { $0.bursts.map(\.id) }, result.threshold)
}

private func kept(_ clusterer: IncrementalClusterer) -> ([Moment.Boundary], [[String]], Double) {
  let moments = clusterer.moments
  return (moments.map { $0.boundary }, moments.map { $0.items.map(\.id) }, clusterer.threshold.seconds)
}

/// Random changes of a library: photos added at the end or in the middle, removed, edited (a new
/// capture time), one camera's clock shifted; after each, the kept cuts equal a full rebuild's.
@Test(arguments: 0..<12)
func incrementalCutsEqualAFullRebuildAfterEveryChange(seed: Int) {
  var random = SeededGenerator(seed: UInt64(seed) &* 6271 &+ 3)
  let cameras: [(String?, String?)] = [("Apple", "iPhone"), ("Canon", "R6"), (nil, nil)]
  var next = 0
  var time = 0.0
  func photo(at seconds: Double) -> Asset {
    defer { next += 1 }
    let camera = cameras.randomElement(using: &random) ?? (nil, nil)
    return Asset.fixture(
      next, at: seconds, kind: Int.random(in: 0..<10, using: &random) == 0 ? .video : .photo,
      coordinate: Bool.random(using: &random)
        ? Coordinate(latitude: 45 + .random(in: 0...0.5, using: &random), longitude: 7) : nil,
      make: camera.0, model: camera.1,
      burstID: Int.random(in: 0..<15, using: &random) == 0 ? "B\(next % 4)" : nil)
  }
  func step() -> Double {
    [0.5, 2, 4, 61, 400, 1800, 2 * hour, 9 * hour, 50 * hour].randomElement(using: &random) ?? 1
  }
  var assets: [Asset] = (0..<Int.random(in: 0..<60, using: &random)).map { _ in
    time += step()
    return photo(at: time)
  }
  for mode in [MomentClusterer.Mode.smart, .fixed(gap: 3 * hour)] {
    var library = assets
    var clusterer = IncrementalClusterer(clusterer: MomentClusterer(mode: mode), items: items(of: library))
    #expect(kept(clusterer) == full(library, mode: mode))
    var end = time
    for _ in 0..<40 {
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          end += step()
          library.append(photo(at: end))
        }
      case 1:
        library.append(photo(at: .random(in: 0...max(1, end), using: &random)))
      case 2:
        if !library.isEmpty { library.remove(at: Int.random(in: library.indices, using: &random)) }
      case 3:
        if let index = library.indices.randomElement(using: &random) {
          library[index].captureTime.instant +=
            [-5, 2, 90, -3 * hour, 7 * hour].randomElement(using: &random) ?? 1
        }
      default:
        let make: String? = cameras.randomElement(using: &random)?.0 ?? nil
        let shift: TimeInterval = [-hour, 1, 3 * hour, -26 * hour].randomElement(using: &random) ?? 1
        for index in library.indices where library[index].make == make {
          library[index].captureTime.instant += shift
        }
      }
      let before = Set(clusterer.items)
      let after = items(of: library)
      let now = Set(after)
      clusterer.apply(
        removing: Array(before.subtracting(now)), inserting: after.filter { !before.contains($0) })
      #expect(clusterer.items == after.sorted(by: IncrementalClusterer.Item.order))
      #expect(kept(clusterer) == full(library, mode: mode))
    }
    assets = library
  }
}

@Test
func aPhotoAddedAtTheEndTouchesOnlyItself() {
  let assets = (0..<2000).map { Asset.fixture($0, at: Double($0) * 700) }
  var clusterer = IncrementalClusterer(clusterer: MomentClusterer(), items: items(of: assets))
  let added = Asset.fixture(5000, at: 2000 * 700 + 10 * hour)
  clusterer.apply(removing: [], inserting: items(of: [added]))
  #expect(clusterer.lastTouched == 1)
  #expect(kept(clusterer) == full(assets + [added], mode: .smart))
}

@Test
func anEditInTheMiddleTouchesItsNeighboursOnly() {
  var assets = (0..<2000).map { Asset.fixture($0, at: Double($0) * 700) }
  var clusterer = IncrementalClusterer(clusterer: MomentClusterer(), items: items(of: assets))
  let old = IncrementalClusterer.Item(BurstDetector().bursts(in: [assets[1000]])[0])
  assets[1000].captureTime.instant += 100
  clusterer.apply(removing: [old], inserting: items(of: [assets[1000]]))
  #expect(clusterer.lastTouched <= 2)
  #expect(kept(clusterer) == full(assets, mode: .smart))
}

@Test
func aClockShiftOfOneCameraOverHalfTheLibraryIsCutWholeAndTheSame() {
  var assets = (0..<1200).map {
    Asset.fixture(
      $0, at: Double($0) * 900 + Double($0 % 5) * 4000, make: $0 % 2 == 0 ? "Canon" : "Apple", model: "X")
  }
  var clusterer = IncrementalClusterer(clusterer: MomentClusterer(), items: items(of: assets))
  let before = clusterer.items
  for index in assets.indices where assets[index].make == "Canon" {
    assets[index].captureTime.instant += 3 * hour
  }
  let after = items(of: assets)
  #expect(Set(before).subtracting(after).count > IncrementalClusterer.wholeChange)
  clusterer.apply(
    removing: Array(Set(before).subtracting(after)), inserting: Array(Set(after).subtracting(before)))
  #expect(kept(clusterer) == full(assets, mode: .smart))
}
