public import Foundation

/// A stretch of the library a person thinks of as one event: bursts close in time and place.
public struct Moment: Hashable, Codable, Sendable, Identifiable {
  /// Why a moment starts where it does.
  public enum Boundary: Hashable, Codable, Sendable {
    /// The first moment of the library.
    case first
    /// `gap` seconds since the previous photo, at least the `threshold` in force.
    case timeGap(gap: TimeInterval, threshold: TimeInterval)
    /// `meters` from the previous photo (both with GPS), `gap` seconds later.
    case distance(meters: Double, gap: TimeInterval)
    /// The "Undated" moment at the end: assets with no capture date (`CaptureTime.isUndated`).
    case undated
  }

  /// Stable while the first asset stays: `m-` followed by its asset id.
  public var id: String
  public var boundary: Boundary
  /// Never empty, in capture order.
  public var bursts: [Burst]

  public init(boundary: Boundary, bursts: [Burst]) {
    self.boundary = boundary
    self.bursts = bursts
    self.id = "m-" + (bursts.first?.assets.first?.id.rawValue ?? "")
  }

  /// Every asset, burst by burst.
  public var assets: [Asset] { bursts.flatMap(\.assets) }
  public var start: Date { bursts.first?.start ?? .distantPast }
  public var end: Date { bursts.map(\.end).max() ?? .distantPast }
}
