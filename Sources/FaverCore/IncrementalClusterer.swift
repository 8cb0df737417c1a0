public import Foundation

/// `MomentClusterer`'s cuts kept from compact columns, so a change costs what changed.
///
/// It holds one `Item` per burst (a few dates, ids and coordinates, never the assets), in the
/// clusterer's order, with what the rules read of them: the gap before each item (its start minus
/// the latest end seen so far), where the photo just before it was, and the sorted array of the
/// gaps that count for the smart threshold. `apply` replaces some items (a new photo at the end, a
/// removal, an edit in the middle, a clock shift of one camera: whatever bursts the change made or
/// unmade) and recomputes only the gaps the change moved: forward from the first changed item until
/// the latest end seen agrees with the old one again. The threshold is read from the kept gap
/// array; when it stays, only the cuts around the changed gaps are recomputed, and when it moves,
/// every cut is, from the gaps (no asset is read). The cuts are the same, byte for byte, as
/// `MomentClusterer.moments(in:)` gives for the same bursts: the tests compare the two.
///
/// The undated moment is the caller's: items are dated bursts only.
public struct IncrementalClusterer: Sendable {
  /// What the rules read of a burst.
  public struct Item: Hashable, Sendable {
    /// The burst's id (`Burst.id`), the tie-break of the order.
    public var id: String
    /// When its first photo was taken.
    public var start: Date
    /// Where its first photo was taken.
    public var firstCoordinate: Coordinate?
    /// Its last photo in capture order: when, its id (for ties) and where.
    public var end: Date
    public var endID: AssetID
    public var endCoordinate: Coordinate?

    public init(
      id: String, start: Date, firstCoordinate: Coordinate?, end: Date, endID: AssetID,
      endCoordinate: Coordinate?
    ) {
      self.id = id
      self.start = start
      self.firstCoordinate = firstCoordinate
      self.end = end
      self.endID = endID
      self.endCoordinate = endCoordinate
    }

    /// The columns of a (dated) burst.
    public init(_ burst: Burst) {
      let first = burst.assets.first
      let last = burst.assets.last
      self.init(
        id: burst.id, start: burst.start, firstCoordinate: first?.coordinate, end: burst.end,
        endID: last?.id ?? AssetID(rawValue: ""), endCoordinate: last?.coordinate)
    }

    /// The clusterer's order of items: start, then id.
    public static func order(_ a: Item, _ b: Item) -> Bool {
      a.start != b.start ? a.start < b.start : a.id < b.id
    }

    /// The capture order of the two items' last photos.
    fileprivate static func endsBefore(_ a: Item, _ b: Item) -> Bool {
      a.end != b.end ? a.end < b.end : a.endID < b.endID
    }
  }

  public let clusterer: MomentClusterer
  /// The dated bursts, in the clusterer's order.
  public private(set) var items: [Item] = []
  /// For each item, the index of the item holding the latest end seen up to it (itself included).
  private var latest: [Int] = []
  /// For each item after the first: its gap (`gaps[i]` is the gap before `items[i + 1]`).
  private var gaps: [TimeInterval] = []
  /// The gaps of at least `minimumCountedGap`, ascending: what the smart threshold reads.
  private var counted: [TimeInterval] = []
  /// For each item: why a moment starts before it, or nil when none does. The first is `.first`.
  public private(set) var cuts: [Moment.Boundary?] = []
  public private(set) var threshold: MomentClusterer.Threshold

  /// Cuts `items` (any order) from scratch.
  public init(clusterer: MomentClusterer, items: [Item]) {
    self.clusterer = clusterer
    self.threshold = clusterer.threshold(for: [])
    apply(removing: [], inserting: items)
  }

  /// How many items the last `apply` computed a gap for: what a change cost (a photo added at
  /// the end, one; an edit in the middle, it and the item after it).
  public private(set) var lastTouched = 0

  /// Removes `removing` (items as they were kept), inserts `inserting`, and recomputes what that
  /// changed. A large change (more than `wholeChange` items) is cut again whole.
  public mutating func apply(removing: [Item], inserting: [Item]) {
    let added = inserting.sorted(by: Item.order)
    let removed = Set(removing.compactMap(index(of:))).sorted()
    var merged = items
    // Where the new list first differs from the old, and its last new place or the place after
    // its last removal.
    var first = Int.max
    var lastChanged = -1
    let whole = items.isEmpty || removed.count + added.count > Self.wholeChange
    if whole {
      let gone = Set(removed)
      merged = (items.indices.filter { !gone.contains($0) }.map { items[$0] } + added).sorted(by: Item.order)
      first = 0
      lastChanged = merged.count - 1
    } else {
      for index in removed.reversed() { merged.remove(at: index) }
      first = removed.first ?? Int.max
      for item in added {
        let index = Self.position(of: item, in: merged)
        merged.insert(item, at: index)
        (first, lastChanged) = (min(first, index), max(lastChanged, index))
      }
      if let last = removed.last {
        let after = last + 1 < items.count ? Self.position(of: items[last + 1], in: merged) : merged.count
        lastChanged = max(lastChanged, after)
      }
    }
    guard first != Int.max, !(items.isEmpty && merged.isEmpty) else {
      lastTouched = 0
      return
    }
    let start = min(first, merged.count)
    // Past `lastChanged` the item at new index `i` is the old item at `i - shift`.
    let shift = merged.count - items.count
    var newLatest = Array(latest.prefix(start))
    var newGaps = Array(gaps.prefix(max(0, start - 1)))
    newLatest.reserveCapacity(merged.count)
    newGaps.reserveCapacity(max(0, merged.count - 1))
    // The first item whose gap and cut stay as they were, with every one after it.
    var kept = merged.count
    var index = start
    while index < merged.count {
      let old = index - shift
      if index > lastChanged, old >= 1, items[latest[old - 1]] == merged[newLatest[index - 1]] {
        // The latest end seen before it is the same photo: so are its gap and all that follow.
        let before = newLatest[index - 1]
        for rest in old..<items.count {
          newLatest.append(latest[rest] >= old ? latest[rest] + shift : before)
          newGaps.append(gaps[rest - 1])
        }
        kept = index
        break
      }
      if index == 0 {
        newLatest.append(0)
      } else {
        let previous = newLatest[index - 1]
        newGaps.append(max(0, merged[index].start.seconds(since: merged[previous].end)))
        newLatest.append(Item.endsBefore(merged[previous], merged[index]) ? index : previous)
      }
      index += 1
    }
    lastTouched = kept - start
    // The gaps before items `start..<kept` replaced the old ones before the same old items.
    let low = max(0, start - 1)
    let oldHigh = kept == merged.count ? gaps.count : kept - 1 - shift
    let newHigh = kept == merged.count ? newGaps.count : kept - 1
    if whole {
      counted = newGaps.filter { $0 >= MomentClusterer.minimumCountedGap }.sorted()
    } else {
      for gap in gaps[low..<max(low, oldHigh)] where gap >= MomentClusterer.minimumCountedGap {
        counted.remove(at: Self.position(of: gap, in: counted))
      }
      for gap in newGaps[low..<max(low, newHigh)] where gap >= MomentClusterer.minimumCountedGap {
        counted.insert(gap, at: Self.position(of: gap, in: counted))
      }
    }
    let oldCuts = cuts
    let oldCount = items.count
    items = merged
    latest = newLatest
    gaps = newGaps
    let newThreshold = Self.threshold(mode: clusterer.mode, counted: counted)
    if whole || newThreshold != threshold || oldCuts.count != oldCount {
      // The threshold moved: every cut again, from the gaps.
      threshold = newThreshold
      cuts = items.indices.map(cut(before:))
    } else {
      // Cuts before items whose gap and latest end stayed stay too.
      var recomputed = Array(oldCuts.prefix(start))
      recomputed.reserveCapacity(items.count)
      for item in start..<kept { recomputed.append(cut(before: item)) }
      if kept < items.count { recomputed.append(contentsOf: oldCuts[(kept - shift)...]) }
      cuts = recomputed
    }
  }

  /// More changed items than this are cut again whole: inserting them one by one would cost more.
  static let wholeChange = 256

  /// Where a kept item is, nil when it is not kept.
  private func index(of item: Item) -> Int? {
    let index = Self.position(of: item, in: items)
    return index < items.count && items[index].id == item.id ? index : nil
  }

  /// Where `item` is, or goes, in the ordered `items`.
  private static func position(of item: Item, in items: [Item]) -> Int {
    var (low, high) = (0, items.count)
    while low < high {
      let middle = (low + high) / 2
      if Item.order(items[middle], item) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Where `gap` is, or goes, in the ascending `counted`.
  private static func position(of gap: TimeInterval, in counted: [TimeInterval]) -> Int {
    var (low, high) = (0, counted.count)
    while low < high {
      let middle = (low + high) / 2
      if counted[middle] < gap { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// `MomentClusterer.threshold(for:)`, from the counted gaps already sorted.
  private static func threshold(mode: MomentClusterer.Mode, counted: [TimeInterval])
    -> MomentClusterer.Threshold
  {
    switch mode {
    case .fixed(let gap): return .init(seconds: gap, basis: .fixed)
    case .smart:
      guard counted.count >= MomentClusterer.minimumGapCount else {
        return .init(seconds: MomentClusterer.smartFallback, basis: .fallback(counted: counted.count))
      }
      let rank = (9 * counted.count + 9) / 10
      let value = counted[rank - 1]
      let range = MomentClusterer.smartRange
      return .init(
        seconds: min(max(value, range.lowerBound), range.upperBound),
        basis: .percentile(rank: rank, counted: counted.count, value: value))
    }
  }

  /// Why a moment starts before item `index`, or nil (`MomentClusterer`'s rule).
  private func cut(before index: Int) -> Moment.Boundary? {
    guard index > 0 else { return .first }
    let gap = gaps[index - 1]
    if gap >= threshold.seconds { return .timeGap(gap: gap, threshold: threshold.seconds) }
    guard clusterer.mode == .smart, gap >= MomentClusterer.minimumMoveGap,
      let from = items[latest[index - 1]].endCoordinate, let to = items[index].firstCoordinate
    else { return nil }
    let meters = from.distance(to: to)
    return meters > MomentClusterer.minimumMoveDistance ? .distance(meters: meters, gap: gap) : nil
  }

  /// The moments as runs of items: each one's boundary and its items.
  public var moments: [(boundary: Moment.Boundary, items: ArraySlice<Item>)] {
    var result: [(boundary: Moment.Boundary, items: ArraySlice<Item>)] = []
    var begin = 0
    for index in items.indices.dropFirst() {
      guard cuts[index] != nil, let boundary = cuts[begin] else { continue }
      result.append((boundary, items[begin..<index]))
      begin = index
    }
    if !items.isEmpty, let boundary = cuts[begin] { result.append((boundary, items[begin...])) }
    return result
  }
}
