import FaverCore
import Foundation
import SeededRandom

/// A large library shaped like a real one, the same for a given seed: sessions of 1 to 200
/// shots hours to days apart over the years, from one of five cameras (two phones that write
/// burst identifiers), with bursts, a few videos, GPS on most sessions, and asset ids in no
/// particular order.
enum SyntheticAssets {
  static let cameras: [(make: String, model: String, writesBurstIDs: Bool)] = [
    ("Apple", "iPhone 13", true), ("Apple", "iPhone 8", true), ("Canon", "Canon EOS 5D Mark IV", false),
    ("FUJIFILM", "X-T3", false), ("SONY", "ILCE-7M3", false),
  ]

  static func make(count: Int, seed: UInt64) -> [Asset] {
    var random = SeededGenerator(seed: seed)
    var assets: [Asset] = []
    assets.reserveCapacity(count)
    var time = 1_104_537_600.0  // 2005-01-01
    var place = Coordinate(latitude: 45, longitude: 7)
    while assets.count < count {
      time += exp(.random(in: log(3600)...log(10 * 86_400.0), using: &random))
      let camera = cameras[Int.random(in: 0..<cameras.count, using: &random)]
      let offset = [0, 3600, 7200, -18_000, 19_800][Int.random(in: 0..<5, using: &random)]
      let hasGPS = Double.random(in: 0..<1, using: &random) < 0.6
      place = Coordinate(
        latitude: min(80, max(-80, place.latitude + .random(in: -2...2, using: &random))),
        longitude: min(179, max(-179, place.longitude + .random(in: -2...2, using: &random))))
      var shots = min(Int.random(in: 1...200, using: &random), count - assets.count)
      while shots > 0 {
        time += -60 * log(1 - .random(in: 0..<1, using: &random))
        let burst = Double.random(in: 0..<1, using: &random) < 0.2 ? Int.random(in: 3...8, using: &random) : 1
        let burstID = camera.writesBurstIDs && burst > 1 ? hex(random.next()) : nil
        for shot in 0..<min(burst, shots) {
          if shot > 0 { time += .random(in: 0.3...1, using: &random) }
          let isVideo = burst == 1 && Double.random(in: 0..<1, using: &random) < 0.03
          assets.append(
            asset(
              number: assets.count, id: hex(random.next()), time: time, offset: offset,
              kind: isVideo ? .video : .photo,
              coordinate: hasGPS
                ? Coordinate(
                  latitude: place.latitude + .random(in: -0.001...0.001, using: &random),
                  longitude: place.longitude + .random(in: -0.001...0.001, using: &random)) : nil,
              camera: camera, burstID: burstID))
        }
        shots -= burst
      }
    }
    return assets
  }

  private static func asset(
    number: Int, id: String, time: Double, offset: Int, kind: MediaKind, coordinate: Coordinate?,
    camera: (make: String, model: String, writesBurstIDs: Bool), burstID: String?
  ) -> Asset {
    let civil = CivilDateTime(secondsSince1970: Int64(time) + Int64(offset))
    let folder = "\(civil.year)/\(civil.year)-\(civil.month < 10 ? "0" : "")\(civil.month)"
    return Asset(
      id: AssetID(rawValue: id), root: "/photos",
      path: "\(folder)/IMG_\(number).\(kind == .video ? "MOV" : "JPG")",
      kind: kind,
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: (time * 1000).rounded() / 1000), utcOffset: offset,
        source: .exifOriginal, hasSubseconds: true),
      coordinate: coordinate, make: camera.make, model: camera.model, burstID: burstID)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
