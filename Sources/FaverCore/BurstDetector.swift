import Foundation

/// Groups photos taken at most `window` apart.
///
/// - Photos sharing a `burstID` (Apple `BurstUUID`) form one burst, whatever the gaps.
/// - A photo joins the burst of the photo before it when the gap between them is at most `window`
///   (inclusive, fractions of a second counted, compared to the millisecond). "The photo before
///   it" is the previous photo from the same camera, and the previous photo whose camera is
///   unknown; a photo whose camera is unknown looks at the previous photo whatever its camera. So
///   two people shooting the same scene side by side keep one burst each.
/// - Photos from different cameras (make and model known on both, and different) never share a
///   burst, not even through a photo whose camera is unknown, nor through a shared `burstID`.
/// - Videos are never grouped: each is a burst of one; nor are photos dated by their file's
///   modification time or name (`TimeSource.fileModified`, `.fileName`): a copy or a chat app
///   writes hundreds within seconds.
///
/// Every asset lands in exactly one burst; bursts come back ordered by their first asset.
public struct BurstDetector: Sendable {
  public var window: Duration = .seconds(3)

  public init(window: Duration = .seconds(3)) { self.window = window }

  /// Whether an asset may share a burst at all.
  private func isGrouped(_ asset: Asset) -> Bool {
    asset.kind == .photo && asset.captureTime.source != .fileModified && asset.captureTime.source != .fileName
  }

  public func bursts(in assets: [Asset]) -> [Burst] {
    let bursts = ranges(in: assets)
    return (0..<bursts.count).map { burst in
      Burst(captureOrdered: bursts.members(of: burst).map { assets[$0] })
    }
  }

  /// The bursts of `assets` as ranges of their positions (see `BurstRanges`), in the order of
  /// `bursts(in:)`: no asset is copied.
  public func ranges(in assets: [Asset]) -> BurstRanges {
    // Positions are sorted rather than the assets themselves (each a dozen references to move),
    // with the instants read once, and cameras numbered once: a million assets take a fraction
    // of a second. `index` below is a place in capture order, `sorted[index]` its position.
    let instants = assets.map(\.captureTime.instant)
    let sorted = assets.indices.sorted { a, b in
      instants[a] != instants[b] ? instants[a] < instants[b] : assets[a].id < assets[b].id
    }
    let cameras = Self.cameraNumbers(of: assets, in: sorted)
    var groups = CameraGroups(cameras: cameras.numbers)
    // One earlier photo per burst id and camera: a photo joins every one it may share a camera with.
    var withBurstID: [String: [Int]] = [:]
    for (index, position) in sorted.enumerated() where isGrouped(assets[position]) {
      guard let burstID = assets[position].burstID else { continue }
      let joined = (withBurstID[burstID] ?? []).filter { groups.join($0, index) }
      if joined.isEmpty { withBurstID[burstID, default: []].append(index) }
    }
    let limit = window.seconds
    var previous: Int?
    var previousUnknown: Int?
    var previousByCamera = [Int?](repeating: nil, count: cameras.count)
    for (index, position) in sorted.enumerated() where isGrouped(assets[position]) {
      let camera = cameras.numbers[index]
      let instant = instants[position]
      func join(_ candidate: Int?) {
        guard let candidate, instant.seconds(since: instants[sorted[candidate]]) <= limit else { return }
        groups.join(candidate, index)
      }
      if camera == CameraGroups.unknown {
        join(previous)
        previousUnknown = index
      } else {
        join(previousByCamera[camera])
        join(previousUnknown)
        previousByCamera[camera] = index
      }
      previous = index
    }
    // A group's root is its first member (see `CameraGroups.join`), so groups come in order of
    // their roots, and each is filled once, in capture order.
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
    // Each burst's range, then its members put there in capture order.
    var starts: [Int] = []
    starts.reserveCapacity(sizes.count)
    var total = 0
    for size in sizes {
      starts.append(total)
      total += size
    }
    var next = starts
    var members = [Int](repeating: 0, count: sorted.count)
    for (index, position) in sorted.enumerated() {
      members[next[group[index]]] = position
      next[group[index]] += 1
    }
    return BurstRanges(members: members, starts: starts)
  }

  /// Make and model when both are known, else nil (the camera may be any).
  static func camera(of asset: Asset) -> String? {
    guard let make = asset.make, let model = asset.model else { return nil }
    return cameraKey(make: make, model: model)
  }

  private static func cameraKey(make: String, model: String) -> String { make + "\u{0}" + model }

  /// Each place in capture order numbered by its camera (`camera(of:)`, equal cameras equal
  /// numbers, `CameraGroups.unknown` when not known), and how many cameras there are. Photos in a
  /// row mostly come from one camera: only a change of camera builds its key and looks it up.
  private static func cameraNumbers(of assets: [Asset], in sorted: [Int]) -> (numbers: [Int], count: Int) {
    var known: [String: Int] = [:]
    var numbers: [Int] = []
    numbers.reserveCapacity(sorted.count)
    var last: (make: String, model: String, number: Int)?
    for position in sorted {
      guard let make = assets[position].make, let model = assets[position].model else {
        numbers.append(CameraGroups.unknown)
        continue
      }
      if let last, last.make == make, last.model == model {
        numbers.append(last.number)
        continue
      }
      let key = Self.cameraKey(make: make, model: model)
      let number = known[key] ?? known.count
      known[key] = number
      last = (make, model, number)
      numbers.append(number)
    }
    return (numbers, known.count)
  }
}

/// Disjoint sets over 0..<count (union-find with path halving) that refuse to join two sets whose
/// members come from different known cameras.
private struct CameraGroups {
  /// The camera number of a photo whose camera is not known.
  static let unknown = -1

  private var parent: [Int]
  /// The known camera of each set (or `unknown`), kept at its root.
  private var camera: [Int]

  init(cameras: [Int]) {
    parent = Array(cameras.indices)
    camera = cameras
  }

  mutating func find(_ element: Int) -> Int {
    var node = element
    while parent[node] != node {
      parent[node] = parent[parent[node]]
      node = parent[node]
    }
    return node
  }

  /// Joins two sets unless their cameras are known and differ; the smaller index becomes the root
  /// so a group keeps its earliest member. True when they are one set afterwards.
  @discardableResult
  mutating func join(_ a: Int, _ b: Int) -> Bool {
    let (rootA, rootB) = (find(a), find(b))
    guard rootA != rootB else { return true }
    let (cameraA, cameraB) = (camera[rootA], camera[rootB])
    if cameraA != Self.unknown, cameraB != Self.unknown, cameraA != cameraB { return false }
    let (root, child) = (min(rootA, rootB), max(rootA, rootB))
    parent[child] = root
    if camera[root] == Self.unknown { camera[root] = camera[child] }
    return true
  }
}
