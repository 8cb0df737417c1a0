// Loads the table of place names and times lookups; run by scripts/bench-places.
import FaverCore
import FaverPlaces
import Foundation
import SeededRandom

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var table: PlaceTable?
let loads = try (0..<7).map { _ in try seconds { table = try PlaceTable.bundled() } }.sorted()
guard let table else { fatalError("no table") }
print(
  String(
    format: "load places.bin (%d places): median %.1f ms, best %.1f ms", table.count, loads[3] * 1000,
    loads[0] * 1000))

var random = SeededGenerator(seed: 1)
// Points within 20 km of random places (most of the world's photos are near a town).
let near = (0..<200_000).map { _ -> Coordinate in
  let place = table.coordinate(at: Int.random(in: 0..<table.count, using: &random))
  return Coordinate(
    latitude: max(-90, min(90, place.latitude + .random(in: -0.18...0.18, using: &random))),
    longitude: max(-180, min(180, place.longitude + .random(in: -0.18...0.18, using: &random))))
}
var named = 0
let uncached = seconds {
  for point in near.prefix(50_000) where PlaceFinder.place(at: point, in: table)?.name != nil { named += 1 }
}
print(String(format: "uncached lookups near places: %.0f/s (%d of 50000 named)", 50_000 / uncached, named))

// A library: 1,000,000 photos around 2,000 spots (trips, home), looked up through one finder.
let spots = near.prefix(2000)
let photos = (0..<1_000_000).map { _ -> Coordinate in
  let spot = spots[Int.random(in: 0..<spots.count, using: &random)]
  return Coordinate(
    latitude: spot.latitude + .random(in: -0.02...0.02, using: &random),
    longitude: spot.longitude + .random(in: -0.02...0.02, using: &random))
}
var finder = PlaceFinder(table: table)
var found = 0
let cached = seconds {
  for point in photos where finder.place(at: point) != nil { found += 1 }
}
print(
  String(
    format: "cached lookups of 1,000,000 photos around 2,000 spots: %.2f s, %.0f/s", cached, 1e6 / cached))

// Open sea and deserts: the slow case (a 200 km search for the country).
let empty = (0..<2000).map { _ in
  Coordinate(
    latitude: .random(in: 15...40, using: &random), longitude: .random(in: -45 ... -30, using: &random))
}
let far = seconds { for point in empty { _ = PlaceFinder.place(at: point, in: table) } }
print(String(format: "uncached lookups in the mid-Atlantic: %.0f/s", 2000 / far))
