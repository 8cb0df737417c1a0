public import FaverCore
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
}
