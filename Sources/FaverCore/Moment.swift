import Foundation

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

    /// One line for people, with the numbers that decided it:
    /// `gap 4h 12m (15120 s) >= threshold 3h 0m (10800 s)`,
    /// `moved 2.22 km (> 1 km) in 10m 0s (600 s >= 5m 0s)`.
    public var explanation: String {
      switch self {
      case .first: "start of library"
      case .timeGap(let gap, let threshold):
        "gap \(Self.text(gap)) (\(Self.exact(gap)) s) >= threshold \(Self.text(threshold)) (\(Self.exact(threshold)) s)"
      case .distance(let meters, let gap):
        "moved \(String(format: "%.2f", meters / 1000)) km (> 1 km) in \(Self.text(gap)) "
          + "(\(Self.exact(gap)) s >= \(Self.text(MomentClusterer.minimumMoveGap)))"
      }
    }

    /// `45s`, `12m 5s`, `4h 12m`: rounded down to the unit shown.
    public static func text(_ seconds: TimeInterval) -> String {
      let whole = Int(seconds.rounded(.down))
      if whole < 60 { return "\(whole)s" }
      if whole < 3600 { return "\(whole / 60)m \(whole % 60)s" }
      if whole <= 48 * 3600 { return "\(whole / 3600)h \(whole % 3600 / 60)m" }
      return "\(whole / 86400)d \(whole % 86400 / 3600)h"
    }

    /// Seconds as the manifest has them: `600`, `2.500`, `0.125`.
    public static func exact(_ seconds: TimeInterval) -> String {
      seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3f", seconds)
    }
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
