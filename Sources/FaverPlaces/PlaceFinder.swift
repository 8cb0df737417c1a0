package import FaverCore
import Foundation

/// Names positions offline, from the table of populated places (`PlaceTable`); never a network
/// call.
///
/// - The nearest populated place within `nameRadius` (25 km) names a position: the place, its
///   admin-1 region and its country.
/// - Else, when a place lies within `countryRadius` (200 km), its country alone (a beach, a lake,
///   a boat near the coast, an empty stretch of land), at the position itself.
/// - Else nothing (open sea, the middle of a desert): never a town farther than 25 km.
///
/// Lookups are cached at two decimals of latitude and longitude (squares of about 1 km), without
/// rounding the answer: the first position looked up in a square finds, once, every place that
/// can be nearest to some point of it (those within the distance from the square's centre to its
/// nearest place, plus twice the square's half-diagonal); every position of the square then picks
/// its nearest among those few. So the answer is exactly the nearest place, and a library's
/// thousands of photos taken around one spot cost one grid search.
///
/// A set of assets (a moment) takes the place most of its assets with GPS have, counting places
/// by name, region and country; a tie goes to the one reached first in capture order. Assets
/// whose position names nothing do not vote; with none left, there is no place.
package struct PlaceFinder {
  package static let nameRadius = 25_000.0
  package static let countryRadius = 200_000.0

  package let table: PlaceTable
  /// What each square of the cache holds.
  private var squares: [Key: Square] = [:]
  /// The places named so far, by table index: decoding a name costs more than finding it.
  private var named: [Int: Place] = [:]

  private struct Key: Hashable {
    var latitude: Int32
    var longitude: Int32
  }

  /// The places that can be nearest to a point of a square, in table order, with the cosine of
  /// each one's latitude (the haversine needs it for every point).
  private struct Square {
    var indices: [Int] = []
    var cosines: [Double] = []
    /// One candidate, within `nameRadius` of every point of the square: the answer, always.
    var only: Int?
  }

  package init(table: PlaceTable) { self.table = table }

  /// `point`'s place by the rules above.
  package mutating func place(at point: Coordinate) -> Place? {
    let key = Key(
      latitude: Int32((point.latitude * 100).rounded()), longitude: Int32((point.longitude * 100).rounded()))
    let square = squares[key] ?? square(at: key)
    if let only = square.only { return name(only) }
    // `Coordinate.distance`, term for term, with the cosines computed once.
    let rad = Double.pi / 180
    let cosine = cos(point.latitude * rad)
    var best: (index: Int, haversine: Double)?
    for (index, other) in zip(square.indices, square.cosines) {
      let place = table.coordinate(at: index)
      let dLat = (place.latitude - point.latitude) * rad
      let dLon = (place.longitude - point.longitude) * rad
      let haversine = sin(dLat / 2) * sin(dLat / 2) + cosine * other * sin(dLon / 2) * sin(dLon / 2)
      if haversine < best?.haversine ?? .infinity { best = (index, haversine) }
    }
    let nearest = best.map { ($0.index, 2 * 6_371_008.8 * asin(min(1, $0.haversine.squareRoot()))) }
    if let nearest, nearest.1 <= Self.nameRadius { return name(nearest.0) }
    return Self.place(nearest: nearest, of: point, in: table)
  }

  /// Place `index` of the table, decoded once.
  private mutating func name(_ index: Int) -> Place {
    if let known = named[index] { return known }
    let place = table.place(at: index)
    named[index] = place
    return place
  }

  /// Every place that can be nearest, within `countryRadius`, to a point of the square `key`.
  private mutating func square(at key: Key) -> Square {
    let centre = Coordinate(latitude: Double(key.latitude) / 100, longitude: Double(key.longitude) / 100)
    // The farthest a point of the square lies from its centre: a corner on the equator's side,
    // where a degree of longitude is longest; a metre more for rounding.
    let halfDiagonal =
      [-0.005, 0.005].map {
        centre.distance(
          to: Coordinate(latitude: centre.latitude + $0, longitude: centre.longitude + 0.005))
      }.max() ?? 0
    let slack = halfDiagonal + 1
    var square = Square()
    if let nearest = Self.nearest(to: centre, in: table, within: Self.countryRadius + slack) {
      square.indices = table.places(within: nearest.meters + 2 * slack, of: centre)
      let rad = Double.pi / 180
      square.cosines = square.indices.map { cos(table.coordinate(at: $0).latitude * rad) }
      if square.indices.count == 1, nearest.meters + slack <= Self.nameRadius { square.only = nearest.index }
    }
    squares[key] = square
    return square
  }

  /// The rules above, at `point` exactly, without the cache.
  package static func place(at point: Coordinate, in table: PlaceTable) -> Place? {
    place(nearest: nearest(to: point, in: table, within: countryRadius), of: point, in: table)
  }

  /// `PlaceTable.nearest`, looking first within `nameRadius` (a few cells), then the whole
  /// `radius`: near towns, the wide search is never needed.
  private static func nearest(to point: Coordinate, in table: PlaceTable, within radius: Double) -> (
    index: Int, meters: Double
  )? {
    table.nearest(to: point, within: min(radius, nameRadius)) ?? table.nearest(to: point, within: radius)
  }

  private static func place(
    nearest: (index: Int, meters: Double)?, of point: Coordinate, in table: PlaceTable
  )
    -> Place?
  {
    guard let nearest, nearest.meters <= countryRadius else { return nil }
    if nearest.meters <= nameRadius { return table.place(at: nearest.index) }
    let country = table.country(at: nearest.index)
    return Place(
      name: nil, admin1: nil, country: country.name, countryCode: country.code, latitude: point.latitude,
      longitude: point.longitude)
  }

  /// The place most of `assets` with GPS have (see above).
  package mutating func place(of assets: some Sequence<Asset>) -> Place? {
    place(ofPoints: assets.compactMap(\.coordinate))
  }

  /// The place most of `points` have (see above). An array, not any sequence: a generic call from
  /// another module is not specialized, and looked up its types for every point.
  package mutating func place(ofPoints points: [Coordinate]) -> Place? {
    var votes: [(place: Place, count: Int)] = []
    for point in points {
      guard let place = place(at: point) else { continue }
      if let index = votes.firstIndex(where: { $0.place.isSame(as: place) }) {
        votes[index].count += 1
      } else {
        votes.append((place, 1))
      }
    }
    var winner: (place: Place, count: Int)?
    for vote in votes where vote.count > winner?.count ?? 0 { winner = vote }
    return winner?.place
  }
}
