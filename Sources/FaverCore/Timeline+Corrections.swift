public import Foundation

/// Camera clock corrections, applied before anything else is placed.
extension Timeline {
  func corrected(_ assets: inout [Asset], by corrections: [ClockCorrection]) {
    guard !corrections.isEmpty else { return }
    let byCamera = Dictionary(grouping: corrections, by: \.camera)
    var names = CameraNames()
    for index in assets.indices where assets[index].captureTime.source != .fileModified {
      guard let camera = names.camera(of: assets[index]),
        let candidates = byCamera[camera] ?? assets[index].cameraModel.flatMap({ byCamera[$0] })
      else { continue }
      let wall = assets[index].captureTime.fileWallClock
      guard let correction = candidates.last(where: { $0.covers(wallClock: wall) }) else { continue }
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
