/// The rules a review queue is built by: the burst window, the moment clusterer's and the
/// timeline's settings, the table moments are named from, and a version for what the code does
/// that no setting shows. A saved queue
/// keeps the digest of the recipe that built it; a faver whose recipe differs (an upgrade that
/// changes the burst window, a rule) builds the queue again, once, on its own.
public struct QueueRecipe: Sendable {
  public var burstDetector = BurstDetector()
  public var timeline = Timeline()
  /// Bumped when a rule of bursts, the timeline, moments or the queue changes in code, not in a
  /// setting above.
  public var rulesVersion = 1
  /// The digest of the table of place names the moments are named from ("none" without one): a
  /// faver with another table names moments anew.
  public var placeTable = "none"

  public init() {}

  /// Every setting, in a fixed order: what the digest is of.
  public var text: String {
    let clusterer = MomentClusterer.self
    let timeline = timeline
    return [
      "rules \(rulesVersion)",
      "burst window \(burstDetector.window.components.seconds)s \(burstDetector.window.components.attoseconds)as",
      "counted gap \(clusterer.minimumCountedGap) gaps \(clusterer.minimumGapCount)",
      "fallback \(clusterer.smartFallback) range \(clusterer.smartRange.lowerBound)…\(clusterer.smartRange.upperBound)",
      "move \(clusterer.minimumMoveGap)s \(clusterer.minimumMoveDistance)m",
      "timeline reach \(timeline.reach) run \(timeline.runGap) copy \(timeline.copyGap)×\(timeline.copyMinimum) "
        + "folder \(timeline.folderReach)",
      "places \(placeTable)",
    ].joined(separator: "\n")
  }

  /// 64-bit FNV-1a of `text`, in hex: equal for equal rules, on any machine and in any run.
  public var digest: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
