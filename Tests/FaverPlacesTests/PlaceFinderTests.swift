import FaverCore
import Foundation
import SeededRandom
import Testing

@testable import FaverPlaces

/// The rules of `PlaceFinder`, by brute force: every place of the table, its distance by
/// haversine, the nearest kept (the first of equals), no grid.
private func bruteForcePlace(at point: Coordinate, in table: PlaceTable) -> Place? {
  // The great-circle distance is at least the difference in latitude: places beyond 200 km of it
  // need no haversine.
  let band = PlaceFinder.countryRadius / 6_371_008.8 * 180 / .pi
  var best: (index: Int, meters: Double)?
  for index in 0..<table.count {
    let candidate = table.coordinate(at: index)
    guard abs(candidate.latitude - point.latitude) <= band else { continue }
    let meters = point.distance(to: candidate)
    if meters <= PlaceFinder.countryRadius, meters < best?.meters ?? .infinity { best = (index, meters) }
  }
  guard let best else { return nil }
  if best.meters <= PlaceFinder.nameRadius { return table.place(at: best.index) }
  let country = table.country(at: best.index)
  return Place(
    name: nil, admin1: nil, country: country.name, countryCode: country.code, latitude: point.latitude,
    longitude: point.longitude)
}

/// A point `meters` from `origin` in direction `bearing` (radians), on the sphere.
private func point(from origin: Coordinate, meters: Double, bearing: Double) -> Coordinate {
  let rad = Double.pi / 180
  let angle = meters / 6_371_008.8
  let lat1 = origin.latitude * rad
  let lat2 = asin(sin(lat1) * cos(angle) + cos(lat1) * sin(angle) * cos(bearing))
  let lon2 =
    origin.longitude * rad + atan2(sin(bearing) * sin(angle) * cos(lat1), cos(angle) - sin(lat1) * sin(lat2))
  var longitude = lon2 / rad
  if longitude > 180 { longitude -= 360 }
  if longitude < -180 { longitude += 360 }
  return Coordinate(latitude: lat2 / rad, longitude: longitude)
}

@Test func namesAgreeWithABruteForceNearestPlaceNearPlaces() throws {
  let table = try PlaceTable.bundled()
  var finder = PlaceFinder(table: table)
  var random = SeededGenerator(seed: 15)
  let trials = 400
  var agreeing = 0
  var named = 0
  for _ in 0..<trials {
    let near = table.coordinate(at: Int.random(in: 0..<table.count, using: &random))
    let spot = point(
      from: near, meters: .random(in: 0...20_000, using: &random),
      bearing: .random(in: 0..<2 * .pi, using: &random))
    let expected = bruteForcePlace(at: spot, in: table)
    let found = finder.place(at: spot)
    if found?.name != nil { named += 1 }
    if let expected, let found, expected.isSame(as: found) { agreeing += 1 }
  }
  // The cache by squares of 0.01° keeps every candidate, so nothing should be lost at all.
  #expect(Double(agreeing) >= 0.95 * Double(trials))
  #expect(named == trials)
}

@Test func theGridSearchIsExactlyTheBruteForceAtTheSamePoint() throws {
  let table = try PlaceTable.bundled()
  var random = SeededGenerator(seed: 16)
  for _ in 0..<300 {
    // Anywhere on Earth, the poles and the 180th meridian included.
    let spot = Coordinate(
      latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random))
    #expect(PlaceFinder.place(at: spot, in: table) == bruteForcePlace(at: spot, in: table))
  }
}

@Test(arguments: [
  ("mid-Atlantic", 15.0...40.0, -45.0 ... -30.0),
  ("Sahara", 19.0...27.0, -2.0...12.0),
  ("Rub' al Khali", 18.5...21.0, 48.0...54.0),
])
func emptyPlacesGetTheCountryOrNothingNeverAFarTown(
  region: String, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>
) throws {
  let table = try PlaceTable.bundled()
  var finder = PlaceFinder(table: table)
  var random = SeededGenerator(seed: 17)
  var nothingOrCountry = 0
  for _ in 0..<200 {
    let spot = Coordinate(
      latitude: .random(in: latitudes, using: &random), longitude: .random(in: longitudes, using: &random))
    guard let place = finder.place(at: spot), place.name != nil else {
      nothingOrCountry += 1
      continue
    }
    let town = Coordinate(latitude: place.latitude, longitude: place.longitude)
    #expect(spot.distance(to: town) <= 25_000, "\(region): \(place.label) named from \(spot)")
  }
  #expect(nothingOrCountry > 100, "\(region)")
}

@Test func theMiddleOfTheOceanIsNowhereAndTheDesertIsItsCountry() throws {
  var finder = PlaceFinder(table: try PlaceTable.bundled())
  #expect(finder.place(at: Coordinate(latitude: 30, longitude: -40)) == nil)
  // 250 km from the nearest town: nothing; 133 km from In Salah: its country.
  #expect(finder.place(at: Coordinate(latitude: 24.5, longitude: 2.0)) == nil)
  let found = finder.place(at: Coordinate(latitude: 26.0, longitude: 2.5))
  let sahara = try #require(found)
  #expect(sahara.name == nil)
  #expect(sahara.admin1 == nil)
  #expect(sahara.countryCode == "DZ")
  #expect(sahara.label == "Algeria")
  #expect(sahara.latitude == 26.0)
}

private func asset(_ index: Int, _ point: Coordinate?) -> Asset {
  Asset(
    id: AssetID(rawValue: String(format: "%016d", index)), root: "/lib", path: "p\(index).jpg", kind: .photo,
    captureTime: CaptureTime(
      instant: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)), utcOffset: 0, source: .exifOriginal
    ),
    coordinate: point, make: nil, model: nil)
}

private let lisbon = Coordinate(latitude: 38.7167, longitude: -9.1333)
private let porto = Coordinate(latitude: 41.1496, longitude: -8.6110)

@Test(arguments: [
  ([porto, lisbon, nil, lisbon, porto, lisbon], "Lisbon"),  // the most photos with GPS
  ([porto, lisbon, lisbon, porto], "Porto"),  // a tie: the first in capture order
  (
    [nil, porto, Coordinate(latitude: 30, longitude: -40), Coordinate(latitude: 31, longitude: -41)], "Porto"
  ),  // nowhere does not vote
  ([nil, nil], nil),
  ([Coordinate(latitude: 30, longitude: -40)], nil),
])
func aMomentTakesThePlaceOfMostOfItsPhotos(points: [Coordinate?], name: String?) throws {
  var finder = PlaceFinder(table: try PlaceTable.bundled())
  let assets = points.enumerated().map { asset($0.offset, $0.element) }
  #expect(finder.place(of: assets)?.name == name)
}

@Test func aSquareOfTheCacheStillNamesEachPointsOwnNearestPlace() throws {
  let table = try PlaceTable.bundled()
  var finder = PlaceFinder(table: table)
  // One square of 0.01° in central Lisbon, dense with neighbourhoods: 400 points of it, each named
  // as the brute force names it.
  var names: Set<String> = []
  for step in 0..<400 {
    let spot = Coordinate(
      latitude: 38.715 + Double(step % 20) * 0.0005, longitude: -9.145 + Double(step / 20) * 0.0005)
    let found = finder.place(at: spot)
    #expect(found == bruteForcePlace(at: spot, in: table))
    names.insert(found?.name ?? "")
  }
  #expect(names.count > 1)
}
