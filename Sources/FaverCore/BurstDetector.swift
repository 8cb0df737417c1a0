import Foundation

/// Groups photos taken at most `window` apart.
///
/// - Two photos next to each other in capture order join one burst when the gap between them is at
///   most `window` (inclusive, fractions of a second counted) and they may come from the same
///   camera: they do not when make and model are known on both and differ.
/// - Photos sharing a `burstID` (Apple `BurstUUID`) always form one burst, whatever the gaps.
/// - Videos are never grouped: each is a burst of one.
///
/// Every asset lands in exactly one burst; bursts come back ordered by their first asset.
public struct BurstDetector: Sendable {
  public var window: Duration = .seconds(3)

  public init(window: Duration = .seconds(3)) { self.window = window }

  public func bursts(in assets: [Asset]) -> [Burst] {
    // Positions are sorted rather than the assets themselves (each a dozen references to move),
    // with the instants read once: a million assets take a fraction of a second.
    let instants = assets.map(\.captureTime.instant)
    let sorted = assets.indices.sorted { a, b in
      instants[a] != instants[b] ? instants[a] < instants[b] : assets[a].id < assets[b].id
    }
    var groups = UnionFind(count: sorted.count)
    let limit = window.seconds
    var previousPhoto: Int?
    var firstWithBurstID: [String: Int] = [:]
    for (index, position) in sorted.enumerated() where assets[position].kind == .photo {
      let asset = assets[position]
      if let previous = previousPhoto {
        let earlier = assets[sorted[previous]]
        let gap = asset.captureTime.instant.timeIntervalSince(earlier.captureTime.instant)
        if gap <= limit, Self.mayShareCamera(earlier, asset) { groups.union(previous, index) }
      }
      if let burstID = asset.burstID {
        if let first = firstWithBurstID[burstID] {
          groups.union(first, index)
        } else {
          firstWithBurstID[burstID] = index
        }
      }
      previousPhoto = index
    }
    // A group's root is its first member (see `union`), so groups come in order of their roots.
    var group = [Int](repeating: -1, count: sorted.count)
    var sizes: [Int] = []
    for index in sorted.indices {
      let root = groups.find(index)
      if group[root] < 0 {
        group[root] = sizes.count
        sizes.append(0)
      }
      group[index] = group[root]
      sizes[group[index]] += 1
    }
    var members = sizes.map { size in
      var list: [Asset] = []
      list.reserveCapacity(size)
      return list
    }
    for (index, position) in sorted.enumerated() { members[group[index]].append(assets[position]) }
    return members.map { Burst(captureOrdered: $0) }
  }

  /// False only when make and model are known on both and the cameras differ.
  static func mayShareCamera(_ a: Asset, _ b: Asset) -> Bool {
    guard let makeA = a.make, let modelA = a.model, let makeB = b.make, let modelB = b.model else {
      return true
    }
    return makeA == makeB && modelA == modelB
  }
}

/// Disjoint sets over 0..<count, with path halving.
private struct UnionFind {
  private var parent: [Int]

  init(count: Int) { parent = Array(0..<count) }

  mutating func find(_ element: Int) -> Int {
    var node = element
    while parent[node] != node {
      parent[node] = parent[parent[node]]
      node = parent[node]
    }
    return node
  }

  /// Joins two sets; the smaller index becomes the root so groups keep their earliest member.
  mutating func union(_ a: Int, _ b: Int) {
    let (rootA, rootB) = (find(a), find(b))
    if rootA == rootB { return }
    parent[max(rootA, rootB)] = min(rootA, rootB)
  }
}
