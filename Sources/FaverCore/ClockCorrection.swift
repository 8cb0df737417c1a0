public import Foundation

/// A camera whose clock was wrong, put right without touching a file (`faver clock`): its
/// photos' wall clocks are moved by `shift` seconds, those taken between `from` and `to` (as the
/// camera's clock showed them, inclusive) when given.
public struct ClockCorrection: Hashable, Codable, Sendable {
  /// The camera, as `Asset.camera` names it.
  public var camera: String
  /// Seconds added to the camera's wall clock (+3600: it showed an hour too early).
  public var shift: Int
  /// The first wall-clock time the correction applies to, read as UTC; nil: from the start.
  public var from: Date?
  /// The last wall-clock time the correction applies to, read as UTC; nil: to the end.
  public var to: Date?

  /// The largest shift taken, either way: 200 years, far past any clock error, well within the
  /// range capture times are computed in.
  public static let maximumShift = 200 * 366 * 86_400

  public init(camera: String, shift: Int, from: Date? = nil, to: Date? = nil) {
    self.camera = camera
    self.shift = shift
    self.from = from
    self.to = to
  }

  /// Whether the correction moves a photo of its camera whose clock showed `wallClock`
  /// (seconds since 1970 read as UTC).
  public func covers(wallClock: Double) -> Bool {
    if let from, wallClock < from.timeIntervalSince1970 { return false }
    if let to, wallClock > to.timeIntervalSince1970 { return false }
    return true
  }
}
