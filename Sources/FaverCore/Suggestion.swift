/// The photo to keep of a group, and why:
///
/// 1. the sharpest (`PhotoSignals.sharpness`); photos within `sharpnessTie` of the sharpest
///    count as equally sharp (re-encodes of one picture differ by a few percent);
/// 2. of those, the best exposed: the fewest pixels clipped (within `clippingTie`);
/// 3. of those, the largest (width × height);
/// 4. of those, the first in capture order.
///
/// The reason names the rule that decided, and how many of the others are blurred: under
/// `blurred` times the suggestion's sharpness. "sharpest; 2 others blurred".
public struct Suggestion: Hashable, Sendable {
  public var id: AssetID
  public var reason: String

  public static let sharpnessTie = 0.05
  public static let clippingTie = 0.005
  public static let blurred = 0.6

  /// The suggestion among `photos` (in capture order); nil when there are none.
  public init?(_ photos: [(id: AssetID, signals: PhotoSignals)]) {
    guard let sharpest = photos.map(\.signals.sharpness).max() else { return nil }
    let sharp = photos.filter { $0.signals.sharpness >= sharpest * (1 - Self.sharpnessTie) }
    let leastClipped = sharp.map(\.signals.clipped).min() ?? 0
    let exposed = sharp.filter { $0.signals.clipped <= leastClipped + Self.clippingTie }
    let largest = exposed.map { $0.signals.width * $0.signals.height }.max() ?? 0
    let large = exposed.filter { $0.signals.width * $0.signals.height == largest }
    guard let chosen = large.first else { return nil }
    let reason: String
    if photos.count == 1 {
      reason = "the only photo analyzed"
    } else if sharp.count == 1 {
      reason = "sharpest"
    } else if exposed.count == 1 {
      reason = "as sharp as \(Self.others(sharp.count - 1)), best exposed"
    } else if large.count == 1 {
      reason = "as sharp and as well exposed as \(Self.others(exposed.count - 1)), largest"
    } else {
      reason = "the first of \(large.count) alike (as sharp, as well exposed, as large)"
    }
    let blurred = photos.filter { $0.signals.sharpness < chosen.signals.sharpness * Self.blurred }.count
    id = chosen.id
    self.reason = blurred > 0 ? "\(reason); \(Self.others(blurred)) blurred" : reason
  }

  /// "1 other", "3 others".
  static func others(_ count: Int) -> String { count == 1 ? "1 other" : "\(count) others" }
}
