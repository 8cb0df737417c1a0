public import FaverCore
internal import FaverStore
internal import Foundation

/// A stop of the review: a burst or a similar group is decided on together, with the photo to
/// keep suggested. The groups are read from the saved queue and the signals kept in the index, in
/// the snapshot the rest of an answer comes from, never by building the library again.
extension Library {
  /// The similar groups (bursts included) of the saved queue's moment at `ordinal`, each with
  /// its suggestion (see `SimilarGrouper`), as `queue` holds them.
  static func similarGroups(inMoment ordinal: Int, of queue: IndexStore.QueueSnapshot) throws
    -> [SimilarGroup]
  {
    SimilarGrouper().groups(in: try queue.similarCandidates(version: SignalAnalyzer.version, moment: ordinal))
  }

  /// A moment as the review page draws it: its card, its assets by burst, and its similar groups.
  public struct MomentStops: Sendable {
    public var card: MomentCard
    public var moment: Moment
    /// The groups of two or more, in queue order; an asset in none is a stop of its own.
    public var groups: [SimilarGroup]
    /// The moment before and after this one, in queue order; nil at either end.
    public var previousMoment: String?
    public var nextMoment: String?
  }

  /// The moment with `id` in `mode` with its similar groups, read in one snapshot; nil when no
  /// moment has it.
  public func momentStops(_ id: String, mode: MomentClusterer.Mode? = nil) throws -> MomentStops? {
    try withFreshQueue(mode: mode) { queue in
      try queue.moment(id: id).map { try stops(of: $0, in: queue) }
    }
  }

  /// Where the review stands (`reviewPosition`) and its moment's stops, read in one snapshot: what
  /// a page that opens shows first, in one request.
  public func reviewOpening(mode: MomentClusterer.Mode? = nil) throws -> (
    position: ReviewPosition, stops: MomentStops
  )? {
    try withFreshQueue(mode: mode) { try position(in: $0) }
  }

  /// The saved queue's moment `found` as the review page draws it.
  func stops(of found: QueuedMoment, in queue: IndexStore.QueueSnapshot) throws -> MomentStops {
    let (card, moment) = try card(of: found, in: queue)
    return MomentStops(
      card: card, moment: moment, groups: try Self.similarGroups(inMoment: found.ordinal, of: queue),
      previousMoment: try queue.moment(before: found.ordinal)?.summary.id,
      nextMoment: try queue.moment(after: found.ordinal)?.summary.id)
  }
}
