public import FaverCore
import FaverStore
public import Foundation

/// Marks sent late (a phone that reviewed offline): each carries the time it was made, and a
/// newer mark made meanwhile elsewhere (the CLI, another page) is kept.
extension Library {
  /// Sets the assets' state exactly (as `setState`) as of `date`, the time the mark was made:
  /// an id marked after `date` keeps its newer mark and is reported in `superseded`, checked in
  /// the transaction that writes the others. A `date` after `now` (a device's clock ahead)
  /// counts as `now`. Every id must be indexed, or nothing changes.
  public func setState(_ ids: [AssetID], to state: ReviewState, markedAt date: Date, now: Date = Date())
    throws -> Marked
  {
    try setState(ids, to: state, at: min(date, now), keepingNewer: true)
  }

  /// Where a late mark of one asset landed.
  public struct LateMark: Equatable, Sendable {
    /// The asset marked: the id sent, or the photo that took its place.
    public var id: AssetID
    /// The id sent, when the mark followed an edit in place to `id`.
    public var former: AssetID?
    /// Whether a newer mark was kept.
    public var superseded: Bool

    public init(id: AssetID, former: AssetID?, superseded: Bool) {
      self.id = id
      self.former = former
      self.superseded = superseded
    }
  }

  /// Sets `id` to `state` as of `date` (as `setState(_:to:markedAt:now:)`). When `id` is no
  /// longer indexed because its file was edited in place (same root, path and capture time, new
  /// content: a rating or a date written by another tool), the mark lands on the photo that took
  /// its place, whose mark time is the old one's: a newer mark made before the edit still wins.
  /// Nil when neither `id` nor a successor is indexed (the photo was deleted): nothing changes.
  public func lateMark(_ id: AssetID, to state: ReviewState, markedAt date: Date, now: Date = Date())
    throws -> LateMark?
  {
    let target = try store.successor(of: id) ?? id
    do {
      let marked = try setState([target], to: state, markedAt: date, now: now)
      return LateMark(id: target, former: target == id ? nil : id, superseded: !marked.superseded.isEmpty)
    } catch LibraryError.unknownAssets {
      return nil
    }
  }
}
