import Foundation

/// A rectangle of longitudes and latitudes, in GeoJSON's order: west, south, east, north. A box
/// whose west is east of its east crosses the 180th meridian.
public struct BoundingBox: Hashable, Codable, Sendable {
  public var west: Double
  public var south: Double
  public var east: Double
  public var north: Double

  public init(west: Double, south: Double, east: Double, north: Double) {
    (self.west, self.south, self.east, self.north) = (west, south, east, north)
  }

  /// `W,S,E,N` in decimal degrees (`-10,35,5,44`); nil unless there are four numbers, longitudes
  /// within ±180, latitudes within ±90 and south not north of north.
  public init?(parsing text: String) {
    let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard numbers.count == 4, let west = numbers[0], let south = numbers[1], let east = numbers[2],
      let north = numbers[3], abs(west) <= 180, abs(east) <= 180, abs(south) <= 90, abs(north) <= 90,
      south <= north
    else { return nil }
    self.init(west: west, south: south, east: east, north: north)
  }

  /// The smallest box (not crossing the 180th meridian) around `coordinates`; nil when there are
  /// none.
  public static func extent(of coordinates: some Sequence<Coordinate>) -> BoundingBox? {
    var box: BoundingBox?
    for point in coordinates {
      guard var found = box else {
        box = BoundingBox(
          west: point.longitude, south: point.latitude, east: point.longitude, north: point.latitude)
        continue
      }
      found.west = min(found.west, point.longitude)
      found.east = max(found.east, point.longitude)
      found.south = min(found.south, point.latitude)
      found.north = max(found.north, point.latitude)
      box = found
    }
    return box
  }

  /// Degrees of longitude from west to east (through the 180th meridian when it crosses it).
  public var width: Double { east >= west ? east - west : east - west + 360 }
  public var height: Double { north - south }

  /// Degrees east of the west edge, 0 ..< 360 (beyond `width` when outside the box).
  func offsetEast(of longitude: Double) -> Double {
    let offset = longitude - west
    return offset < 0 ? offset + 360 : offset
  }

  /// Edges included.
  public func contains(_ point: Coordinate) -> Bool {
    (south...north).contains(point.latitude) && offsetEast(of: point.longitude) <= width
  }
}
