/// Bursts (see `BurstDetector`) as ranges of one array rather than an array each: the positions of
/// the assets grouped, burst after burst, each burst's in capture order. A million assets make
/// more than half a million bursts; an array and an id string each cost more than the assets.
public struct BurstRanges: Hashable, Sendable {
  /// Positions in the assets grouped, burst after burst.
  public private(set) var members: [Int]
  /// Where each burst starts in `members`, then `members.count`.
  public private(set) var starts: [Int]

  /// Bursts of `members` starting at `starts` (ascending, from 0), the last ending at the end.
  public init(members: [Int], starts: [Int]) {
    self.members = members
    self.starts = starts + [members.count]
  }

  /// How many bursts there are.
  public var count: Int { starts.count - 1 }

  /// The positions of the assets of burst `index`, in capture order (never empty).
  public func members(of index: Int) -> ArraySlice<Int> { members[starts[index]..<starts[index + 1]] }

  /// The position of the first asset of burst `index` in capture order.
  public func first(of index: Int) -> Int { members[starts[index]] }

  /// The position of the last asset of burst `index` in capture order.
  public func last(of index: Int) -> Int { members[starts[index + 1] - 1] }
}
