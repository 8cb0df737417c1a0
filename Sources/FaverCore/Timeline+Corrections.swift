public import Foundation

/// Camera clock corrections, applied before anything else is placed.
extension Timeline {
  func corrected(_ assets: inout [Asset], by corrections: [ClockCorrection]) {
    guard !corrections.isEmpty else { return }
    var lookup = ClockCorrection.Lookup(corrections)
    for index in assets.indices {
      guard let correction = lookup.correction(of: assets[index]) else { continue }
      let change = correction.shift - assets[index].captureTime.clockShift
      if assets[index].captureTime.offsetSource == .gpsTime, let offset = assets[index].captureTime.utcOffset
      {
        // The GPS stamps fixed the instant already; the zone they gave moves with the clock.
        assets[index].captureTime.utcOffset = Self.zone(movedFrom: offset, by: change)
      } else {
        assets[index].captureTime.instant += TimeInterval(change)
      }
      assets[index].captureTime.clockShift = correction.shift
    }
  }

  /// A zone `offset` moved by a clock's `change`: to the nearest quarter hour, as zones are (a
  /// shift of −2h30m30s moves +11:00 to +08:30, not +08:29:30); unmoved when that passes the
  /// widest zones, where the GPS time says the shift cannot be right for this photo.
  static func zone(movedFrom offset: Int, by change: Int) -> Int {
    let quarters = (Double(offset + change) / 900).rounded()
    guard abs(quarters * 900) <= widestOffset else { return offset }
    return Int(quarters) * 900
  }
}

extension ClockCorrection {
  /// Which correction moves a photo: the last one of its camera (by `Asset.camera`, else by
  /// `Asset.cameraModel` when none names the serial number) that covers its wall clock.
  /// Modification times are not the camera's clock: none moves them. The saved queue asks it
  /// too, to tell which of its items a correction moves (`Library.plan`).
  package struct Lookup {
    private let byCamera: [String: [ClockCorrection]]
    private var names = Timeline.CameraNames()

    package init(_ corrections: [ClockCorrection]) {
      byCamera = Dictionary(grouping: corrections, by: \.camera)
    }

    package mutating func correction(of asset: Asset) -> ClockCorrection? {
      guard !byCamera.isEmpty, asset.captureTime.source != .fileModified,
        let camera = names.camera(of: asset),
        let candidates = byCamera[camera] ?? asset.cameraModel.flatMap({ byCamera[$0] })
      else { return nil }
      let wall = asset.captureTime.fileWallClock
      return candidates.last { $0.covers(wallClock: wall) }
    }
  }
}
