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

    /// One line for people: `gap 4h 12m ≥ 3h 0m`.
    public var explanation: String {
      switch self {
      case .first: "start of library"
      case .timeGap(let gap, let threshold): "gap \(Self.text(gap)) >= threshold \(Self.text(threshold))"
      case .distance(let meters, let gap):
        "moved \(String(format: "%.1f", meters / 1000)) km in \(Self.text(gap))"
      }
    }

    public static func text(_ seconds: TimeInterval) -> String {
      let minutes = Int((seconds / 60).rounded(.down))
      if minutes < 1 { return "\(Int(seconds))s" }
      return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
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
