import Testing

@testable import FaverCore

@Test(arguments: [
  (0.0, 0.0, Coordinate.Rejection.nullIsland),
  (90.000001, 0.0, .outOfRange),
  (-95.0, 10.0, .outOfRange),
  (10.0, 180.5, .outOfRange),
  (Double.nan, 1.0, .outOfRange),
  (1.0, Double.infinity, .outOfRange),
])
func unusablePositionsAreRejected(latitude: Double, longitude: Double, reason: Coordinate.Rejection) {
  #expect(throws: reason) { try Coordinate.validated(latitude: latitude, longitude: longitude).get() }
}

@Test(arguments: [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.000001), (48.858370, 2.294481)])
func positionsAtTheLimitsAreAccepted(latitude: Double, longitude: Double) throws {
  let coordinate = try Coordinate.validated(latitude: latitude, longitude: longitude).get()
  #expect(coordinate.latitude == latitude && coordinate.longitude == longitude)
}

@Test func distanceBetweenParisAndLyonIsAbout392km() {
  let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
  let lyon = Coordinate(latitude: 45.7640, longitude: 4.8357)
  #expect(abs(paris.distance(to: lyon) - 391_500) < 1_500)
  #expect(paris.distance(to: paris) == 0)
}

@Test func distanceAcrossTheAntimeridianIsShort() {
  let west = Coordinate(latitude: 0, longitude: 179.995)
  let east = Coordinate(latitude: 0, longitude: -179.995)
  #expect(abs(west.distance(to: east) - 1_112) < 5)
}
