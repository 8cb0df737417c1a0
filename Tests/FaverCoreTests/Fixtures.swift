import Foundation

@testable import FaverCore

let epoch = Date(timeIntervalSince1970: 1_700_000_000)

extension Asset {
  /// A photo taken `seconds` after `epoch`, with an id that sorts like `index`.
  static func fixture(
    _ index: Int, at seconds: Double, kind: MediaKind = .photo, coordinate: Coordinate? = nil,
    make: String? = nil, model: String? = nil, burstID: String? = nil
  ) -> Asset {
    let digits = String(index)
    return Asset(
      id: AssetID(rawValue: String(repeating: "0", count: max(0, 16 - digits.count)) + digits),
      root: "/lib", path: "p\(index).jpg", kind: kind,
      captureTime: CaptureTime(
        instant: epoch.addingTimeInterval(seconds), utcOffset: 0, source: .exifOriginal,
        hasSubseconds: true),
      coordinate: coordinate, make: make, model: model, burstID: burstID)
  }

  /// Photos separated by `gaps` seconds, starting at `epoch`.
  static func fixtures(gaps: [Double]) -> [Asset] {
    var time = 0.0
    var assets = [Asset.fixture(0, at: 0)]
    for (index, gap) in gaps.enumerated() {
      time += gap
      assets.append(.fixture(index + 1, at: time))
    }
    return assets
  }
}
