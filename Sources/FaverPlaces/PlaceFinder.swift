package import FaverCore

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
  /// The places that can be nearest to a point of each square, in table order.
  private var candidates: [Key: [Int]] = [:]

  private struct Key: Hashable {
    var latitude: Int32
    var longitude: Int32
  }

  package init(table: PlaceTable) { self.table = table }

  /// `point`'s place by the rules above.
  package mutating func place(at point: Coordinate) -> Place? {
    let key = Key(
      latitude: Int32((point.latitude * 100).rounded()), longitude: Int32((point.longitude * 100).rounded()))
    let indices = candidates[key] ?? candidates(in: key)
    var best: (index: Int, meters: Double)?
    for index in indices {
      let meters = point.distance(to: table.coordinate(at: index))
      if meters < best?.meters ?? .infinity { best = (index, meters) }
    }
    return Self.place(nearest: best, of: point, in: table)
  }

  /// Every place that can be nearest, within `countryRadius`, to a point of the square `key`.
  private mutating func candidates(in key: Key) -> [Int] {
    let centre = Coordinate(latitude: Double(key.latitude) / 100, longitude: Double(key.longitude) / 100)
    // The farthest a point of the square lies from its centre: a corner on the equator's side,
    // where a degree of longitude is longest; a metre more for rounding.
    let halfDiagonal =
      [-0.005, 0.005].map {
        centre.distance(
          to: Coordinate(latitude: centre.latitude + $0, longitude: centre.longitude + 0.005))
      }.max() ?? 0
    let slack = halfDiagonal + 1
    var found: [Int] = []
    if let nearest = table.nearest(to: centre, within: Self.countryRadius + slack) {
      found = table.places(within: nearest.meters + 2 * slack, of: centre)
    }
    candidates[key] = found
    return found
  }

  /// The rules above, at `point` exactly, without the cache.
  package static func place(at point: Coordinate, in table: PlaceTable) -> Place? {
    place(nearest: table.nearest(to: point, within: countryRadius), of: point, in: table)
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
    var votes: [(place: Place, count: Int)] = []
    for asset in assets {
      guard let point = asset.coordinate, let place = place(at: point) else { continue }
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
