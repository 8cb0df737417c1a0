import Foundation

/// A position on Earth in signed decimal degrees (north and east positive).
public struct Coordinate: Hashable, Codable, Sendable {
  public var latitude: Double
  public var longitude: Double

  /// Why a recorded position was not accepted.
  public enum Rejection: Error, Equatable, Sendable {
    /// Exactly (0, 0): what cameras write when they had no fix.
    case nullIsland
    /// Latitude beyond ±90° or longitude beyond ±180°, or not a number.
    case outOfRange
  }

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Validates a position read from a file.
  public static func validated(latitude: Double, longitude: Double) -> Result<Coordinate, Rejection> {
    guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
      return .failure(.outOfRange)
    }
    if latitude == 0, longitude == 0 { return .failure(.nullIsland) }
    return .success(Coordinate(latitude: latitude, longitude: longitude))
  }

  /// Great-circle distance in metres (haversine on a sphere of radius 6,371,008.8 m).
  public func distance(to other: Coordinate) -> Double {
    let rad = Double.pi / 180
    let dLat = (other.latitude - latitude) * rad
    let dLon = (other.longitude - longitude) * rad
    let a =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(latitude * rad) * cos(other.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
  }
}
