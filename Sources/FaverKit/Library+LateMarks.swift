public import FaverCore
import FaverStore
public import Foundation

/// Marks sent late (a phone that reviewed offline): each carries the time it was made, and a
/// newer mark made meanwhile elsewhere (the CLI, another page) is kept.
extension Library {
  /// What a late mark did.
  public struct LateMark: Hashable, Sendable {
    public var marked: Marked
    /// Ids marked after the late mark was made: their newer mark is kept, this one dropped.
    public var superseded: [AssetID]
  }

  /// Sets the assets' state exactly (as `setState`) as of `date`, the time the mark was made:
  /// an id marked after `date` keeps its newer mark and is reported superseded. A `date` after
  /// `now` (a device's clock ahead) counts as `now`. Every id must be indexed, or nothing changes.
  /// (The check and the mark are two transactions: a mark made between them, within
  /// milliseconds, is overwritten.)
  public func setState(_ ids: [AssetID], to state: ReviewState, markedAt date: Date, now: Date = Date())
    throws
    -> LateMark
  {
    let date = min(date, now)
    let newer = try store.markedAfter(date, among: ids)
    let current = ids.filter { !newer.contains($0) }
    let superseded = Array(Set(ids).intersection(newer)).sorted { $0.rawValue < $1.rawValue }
    guard !current.isEmpty else {
      return LateMark(marked: Marked(changed: 0, unchanged: 0), superseded: superseded)
    }
    return LateMark(marked: try setState(current, to: state, at: date), superseded: superseded)
  }
}
