/// What faver reads from a photo's pixels to group similar shots and suggest the one to keep:
/// computed once per content (`SignalAnalyzer`) and kept in the index.
public struct PhotoSignals: Hashable, Codable, Sendable {
  /// A 64-bit perceptual hash (`SignalAnalyzer.hash`): near-identical pictures differ in few bits.
  public var hash: UInt64
  /// How sharp the picture is, whatever its resolution (`SignalAnalyzer.sharpness`): higher is
  /// sharper; a score of another photo of the same scene compares directly.
  public var sharpness: Double
  /// The share of pixels clipped to black (0…1).
  public var shadows: Double
  /// The share of pixels clipped to white (0…1).
  public var highlights: Double
  /// The photo's width and height in pixels (as decoded at full scale), for the last tie-break.
  public var width: Int
  public var height: Int

  public init(
    hash: UInt64, sharpness: Double, shadows: Double, highlights: Double, width: Int, height: Int
  ) {
    (self.hash, self.sharpness, self.shadows, self.highlights, self.width, self.height) = (
      hash, sharpness, shadows, highlights, width, height
    )
  }

  /// The share of pixels clipped either way: the lower, the better exposed.
  public var clipped: Double { shadows + highlights }

  /// How many bits of the two hashes differ (0…64).
  public func distance(to other: PhotoSignals) -> Int { (hash ^ other.hash).nonzeroBitCount }
}
