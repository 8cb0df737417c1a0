public import Foundation

/// Puts every asset of a library at its true instant before bursts and moments are made.
///
/// In this order:
/// 1. **Clock corrections** (`ClockCorrection`, `faver clock`): a camera's photos taken while its
///    clock was wrong move by the correction's shift (modification times excepted: they are not
///    the camera's clock). A photo whose offset its GPS stamps gave keeps its instant (the GPS
///    time fixed it; the offset, wall clock minus GPS time, moves with the clock instead, to the
///    nearest quarter hour, and not past ±14 h). A
///    correction named without a serial number applies to every body of that make and model.
/// 2. **Zones for wall-clock-only times.** A time whose file gives no offset (a DSLR, an older
///    phone, a date in a file name) is a wall clock; faver infers the offset it was taken in:
///    - `sameCamera`: the same camera's photos whose offset is known (from the file or its GPS
///      stamps), the nearest in wall-clock time within `reach`: the zone its clock was set to;
///    - else `library`: the offsets the library's cameras were in around then. Each offset seen
///      within `reach` (plus 14 h, the widest zone) is tried: placed with it, the photo falls
///      between two photos of known offset, and the offset counts when one of those two has
///      it, within `reach`; the closest such neighbour wins. A travel day, with the old zone
///      before and the new one after, is settled by which photo of known zone is nearer;
///    - then a camera's photos shot in one run (no more than `runGap` apart on its clock) take
///      the offset most of them got, so one event is never split between two zones;
///    - photos with no evidence within `reach` stay `none`: their wall clock read as UTC, as
///      before.
///    Evidence is what a file says of its own zone: EXIF/XMP/IPTC offsets and GPS stamps. A
///    video's `mvhd` instant, a date in a file name and a modification time are instants or wall
///    clocks without a zone of their own, and are not evidence.
/// 3. **Undated is said, never faked.** A modification time is flagged in `problem`. It is only
///    when the file was copied, and the asset is undated (`CaptureTime.isUndated`, the "Undated"
///    moment at the end) when
///    - files have modification times chained no more than `copyGap` apart, at least
///      `copyMinimum` of them or in more than one folder (a copy or a download wrote them), or
///    - its folder's photos are mostly dated and it is more than `folderReach` outside their
///      span (a photo in `2019/Summer` modified yesterday).
///
/// `placed` gives the assets back in capture order (by the placed instant, the input order for
/// ties); `place` places them where they are.
public struct Timeline: Sendable {
  /// How far evidence may be from a photo and still place it.
  public var reach: TimeInterval = 86_400
  /// A camera's photos no further apart than this on its clock are one run, placed alike.
  public var runGap: TimeInterval = 3600
  /// Modification times chained at most this far apart are one copy…
  public var copyGap: TimeInterval = 2
  /// …when there are at least this many of them (or they are in more than one folder).
  public var copyMinimum = 5
  /// How far outside the span of its folder's dated photos a modification time may be and
  /// still be taken as the capture time.
  public var folderReach: TimeInterval = 86_400

  /// The widest UTC offset there is (+14:00, Kiribati), in seconds.
  public static let widestOffset: TimeInterval = 14 * 3600

  public init() {}

  /// Places `assets` where they are, leaving them in the order given (a million assets are not
  /// copied for it).
  public func place(_ assets: inout [Asset], corrections: [ClockCorrection] = []) {
    corrected(&assets, by: corrections)
    inferZones(&assets)
    flagUndated(&assets)
  }

  /// `assets` placed, in capture order (by the placed instant, the order given for ties).
  public func placed(_ assets: [Asset], corrections: [ClockCorrection] = []) -> [Asset] {
    var assets = assets
    place(&assets, corrections: corrections)
    var order = assets.indices.map {
      (instant: assets[$0].captureTime.instant.timeIntervalSince1970, index: $0)
    }
    order.sort { $0 < $1 }
    return order.map { assets[$0.index] }
  }

}

/// A folder: its root and its path below the root (a slice, so looking one up builds no string).
struct Folder: Hashable {
  var root: String
  var path: Substring
}

extension [Double] {
  /// The first position whose value is at least `value` (`count` when none is), in ascending order.
  func firstIndex(atLeast value: Double) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension [Int] {
  /// The last position whose value is at most `value`, in ascending order; nil when none is.
  func lastIndex(atMost value: Int) -> Int? {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
  }
}
