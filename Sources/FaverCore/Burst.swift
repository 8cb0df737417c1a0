public import Foundation

/// Photos taken in quick succession that a person reviews together; a lone photo or a video is a
/// burst of one.
public struct Burst: Hashable, Codable, Sendable, Identifiable {
  /// Stable while the first asset stays: `b-` followed by its asset id.
  public var id: String
  /// Never empty, in capture order (ties by asset id).
  public var assets: [Asset]

  public init(assets: [Asset]) {
    self.init(captureOrdered: assets.sorted(by: Asset.captureOrder))
  }

  /// A burst of assets already in capture order.
  init(captureOrdered assets: [Asset]) {
    self.assets = assets
    self.id = "b-" + (assets.first?.id.rawValue ?? "")
  }

  /// When the first asset was taken.
  public var start: Date { assets.first?.captureTime.instant ?? .distantPast }
  /// When the last asset was taken.
  public var end: Date { assets.last?.captureTime.instant ?? .distantPast }
}

extension Asset {
  /// Capture instant, then asset id: the one order every algorithm uses.
  public static func captureOrder(_ a: Asset, _ b: Asset) -> Bool {
    if a.captureTime.instant != b.captureTime.instant {
      return a.captureTime.instant < b.captureTime.instant
    }
    return a.id < b.id
  }
}

extension Duration {
  /// The duration in seconds, fractions included.
  public var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
