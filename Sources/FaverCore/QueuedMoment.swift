/// A moment of the review queue as it is saved, written in the manifest and listed by the page:
/// what it is (`summary`), why it starts where it does, and how much of it is reviewed.
public struct QueuedMoment: Hashable, Sendable {
  /// Its place in queue order, from 0.
  public var ordinal: Int
  public var summary: MomentSummary
  public var boundary: Manifest.BoundaryEntry
  /// Its assets, reviewed or not.
  public var total: Int
  public var reviewed: Int
  /// The queue positions of its assets: `firstPosition ..< endPosition`, `total` of them
  /// (positions only increase along the queue, with holes where photos were removed).
  public var firstPosition: Int
  public var endPosition: Int

  public var id: String { summary.id }

  public init(
    ordinal: Int, summary: MomentSummary, boundary: Manifest.BoundaryEntry, total: Int, reviewed: Int,
    firstPosition: Int, endPosition: Int? = nil
  ) {
    (self.ordinal, self.summary, self.boundary) = (ordinal, summary, boundary)
    (self.total, self.reviewed, self.firstPosition) = (total, reviewed, firstPosition)
    self.endPosition = endPosition ?? firstPosition + total
  }
}
