public import Foundation

/// Groups the shots of a moment a person decides on together, and suggests the one to keep:
///
/// - Each burst is one unit (its frames always stay together), in queue order; a lone photo or a
///   video is a unit of one.
/// - A unit joins an earlier group of the same moment when it starts at most `window` after that
///   group's last shot and one of its photos is within `distance` bits (`PhotoSignals.distance`)
///   of one of the group's photos (the closest in time are compared: the last
///   `comparedMembers` of the group with the first `comparedMembers` of the unit); of several,
///   the group that ended last. Otherwise it starts a group of its own.
/// - A group is kept when it holds at least two shots: a burst, or units joined. Its members are
///   in capture order (ties by asset id).
/// - Videos and photos without signals join only through their burst.
///
/// The suggestion in each group follows `Suggestion`.
public struct SimilarGrouper: Sendable {
  /// How long after a group's last shot another shot may still join it.
  public var window: Duration
  /// The largest hash distance of two shots of the same picture.
  public var distance: Int

  /// Three minutes: a retake after looking at the screen comes within a minute or two; later the
  /// photographer has usually moved on, and a return to the same view is a new decision.
  public static let defaultWindow: Duration = .seconds(180)
  /// 12 of 64 bits: re-encodes, resizes and brightness changes of a photo stay under 6, small
  /// crops and burst frames under 10; different pictures of one place measure 20 and more.
  public static let defaultDistance = 12
  /// How many members of a group and of a unit are compared (so a long burst costs a bounded
  /// number of comparisons).
  public static let comparedMembers = 8

  public init(window: Duration = SimilarGrouper.defaultWindow, distance: Int = SimilarGrouper.defaultDistance)
  {
    self.window = window
    self.distance = distance
  }

  /// One item of the review queue, with what grouping needs.
  public struct Candidate: Hashable, Sendable {
    public var id: AssetID
    /// The moment's and the burst's ordinals in the queue.
    public var moment: Int
    public var burst: Int
    public var instant: Date
    /// Nil for a video, or a photo not analyzed (or not analyzable).
    public var signals: PhotoSignals?

    public init(id: AssetID, moment: Int, burst: Int, instant: Date, signals: PhotoSignals?) {
      (self.id, self.moment, self.burst, self.instant, self.signals) = (id, moment, burst, instant, signals)
    }
  }

  /// The groups of `candidates`, given in queue order (moment, burst, capture order), in the order
  /// of their first shot's place in the queue.
  public func groups(in candidates: [Candidate]) -> [SimilarGroup] {
    var found: [SimilarGroup] = []
    var start = 0
    while start < candidates.count {
      var end = start
      while end < candidates.count, candidates[end].moment == candidates[start].moment { end += 1 }
      found += groups(inMoment: candidates[start..<end])
      start = end
    }
    return found
  }

  private struct Open {
    /// In capture order, shots of one instant in the order they joined (as a stable sort by
    /// instant leaves them).
    var members: [Candidate]
    var units = 1
    var last: Date
    var position: Int

    /// Adds `unit`'s shots where a stable sort by instant would put them.
    mutating func join(_ unit: ArraySlice<Candidate>) {
      for shot in unit {
        var index = members.endIndex
        while index > members.startIndex, members[index - 1].instant > shot.instant { index -= 1 }
        members.insert(shot, at: index)
      }
    }
  }

  /// Walks the moment's units in queue order, each against the groups still open; no unit is
  /// copied, and a group's members stay in capture order, so comparing costs no sort.
  private func groups(inMoment moment: ArraySlice<Candidate>) -> [SimilarGroup] {
    var open: [Open] = []
    var index = moment.startIndex
    let limit = window.seconds
    while index < moment.endIndex {
      var end = index + 1
      var (first, last) = (moment[index].instant, moment[index].instant)
      while end < moment.endIndex, moment[end].burst == moment[index].burst {
        first = min(first, moment[end].instant)
        last = max(last, moment[end].instant)
        end += 1
      }
      let unit = moment[index..<end]
      // Of the groups within the window with a similar shot, the one that ended last (the first
      // of those that ended at once).
      var match: Int?
      if unit.contains(where: { $0.signals != nil }) {
        for candidate in open.indices where first.timeIntervalSince(open[candidate].last) <= limit {
          if let match, open[candidate].last <= open[match].last { continue }
          if isSimilar(unit, open[candidate].members) { match = candidate }
        }
      }
      if let match {
        open[match].join(unit)
        open[match].units += 1
        open[match].last = max(open[match].last, last)
      } else {
        open.append(Open(members: Array(unit), last: last, position: index))
      }
      index = end
    }
    return open.filter { $0.members.count > 1 }.map(group)
  }

  /// Whether one of the first `comparedMembers` photos of `unit` with signals is within
  /// `distance` of one of the last `comparedMembers` of `members` (in capture order).
  private func isSimilar(_ unit: ArraySlice<Candidate>, _ members: [Candidate]) -> Bool {
    var compared = 0
    for shot in unit {
      guard let ours = shot.signals else { continue }
      var theirs = 0
      for member in members.reversed() {
        guard let signals = member.signals else { continue }
        if ours.distance(to: signals) <= distance { return true }
        theirs += 1
        if theirs == Self.comparedMembers { break }
      }
      compared += 1
      if compared == Self.comparedMembers { break }
    }
    return false
  }

  private func group(_ open: Open) -> SimilarGroup {
    let members = open.members.sorted { $0.instant != $1.instant ? $0.instant < $1.instant : $0.id < $1.id }
    let firstID = members.first?.id.rawValue ?? ""
    let suggestion = Suggestion(members.compactMap { member in member.signals.map { (member.id, $0) } })
    return SimilarGroup(
      id: (open.units == 1 ? "b-" : "g-") + firstID, assetIDs: members.map(\.id), suggested: suggestion?.id,
      reason: suggestion?.reason)
  }
}
