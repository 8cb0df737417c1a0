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
  /// The queue position of its first asset: its assets are the `total` from there.
  public var firstPosition: Int

  public var id: String { summary.id }

  public init(
    ordinal: Int, summary: MomentSummary, boundary: Manifest.BoundaryEntry, total: Int, reviewed: Int,
    firstPosition: Int
  ) {
    (self.ordinal, self.summary, self.boundary) = (ordinal, summary, boundary)
    (self.total, self.reviewed, self.firstPosition) = (total, reviewed, firstPosition)
  }
}
