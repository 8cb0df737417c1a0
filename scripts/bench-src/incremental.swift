// Compiled with FaverCore's sources by scripts/bench-incremental: how long IncrementalClusterer
// takes to cut N items whole, to take 100 photos added at the end, and an edit in the middle,
// next to MomentClusterer's full rebuild from N assets.
import Foundation

let epoch = Date(timeIntervalSince1970: 1_700_000_000)

func id(_ index: Int) -> AssetID {
  let digits = String(index)
  return AssetID(rawValue: String(repeating: "0", count: max(0, 16 - digits.count)) + digits)
}

func instant(_ index: Int) -> Date {
  epoch.addingTimeInterval(Double(index) * 700 + Double(index % 7) * 3000)
}

func seconds(_ duration: Duration) -> String { String(format: "%.3f s", duration.seconds) }

@main struct Bench {
  static func main() {
    let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
    let items = (0..<count).map { index in
      IncrementalClusterer.Item(
        id: "b-" + id(index).rawValue, start: instant(index), firstCoordinate: nil, end: instant(index),
        endID: id(index), endCoordinate: nil)
    }
    let clock = ContinuousClock()
    var clusterer = IncrementalClusterer(clusterer: MomentClusterer(), items: [])
    print(
      "cut \(count) items whole: "
        + seconds(clock.measure { clusterer = .init(clusterer: MomentClusterer(), items: items) }))
    let end = instant(count).addingTimeInterval(10 * 3600)
    let added = (0..<100).map { index in
      let at = end.addingTimeInterval(Double(index))
      return IncrementalClusterer.Item(
        id: "b-x\(index)", start: at, firstCoordinate: nil, end: at, endID: AssetID(rawValue: "x\(index)"),
        endCoordinate: nil)
    }
    print(
      "100 photos at the end: " + seconds(clock.measure { clusterer.apply(removing: [], inserting: added) }))
    var edited = items[count / 2]
    edited.start += 100
    edited.end += 100
    print(
      "a photo edited in the middle: "
        + seconds(clock.measure { clusterer.apply(removing: [items[count / 2]], inserting: [edited]) }))
    let assets = (0..<count).map { index in
      Asset(
        id: id(index), root: "/lib", path: "p\(index).jpg", kind: .photo,
        captureTime: CaptureTime(
          instant: instant(index), utcOffset: 0, source: .exifOriginal, hasSubseconds: true),
        coordinate: nil, make: nil, model: nil, burstID: nil)
    }
    print(
      "MomentClusterer from \(count) assets: "
        + seconds(clock.measure { _ = MomentClusterer().moments(in: assets) }))
  }
}
