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
/// - Videos are never grouped: each is a burst of one.
///
/// Every asset lands in exactly one burst; bursts come back ordered by their first asset.
public struct BurstDetector: Sendable {
  public var window: Duration = .seconds(3)

  public init(window: Duration = .seconds(3)) { self.window = window }

  public func bursts(in assets: [Asset]) -> [Burst] {
    let sorted = assets.sorted(by: Asset.captureOrder)
    var groups = CameraGroups(cameras: sorted.map(Self.camera(of:)))
    // One earlier photo per burst id and camera: a photo joins every one it may share a camera with.
    var withBurstID: [String: [Int]] = [:]
    for (index, asset) in sorted.enumerated() where asset.kind == .photo {
      guard let burstID = asset.burstID else { continue }
      let joined = (withBurstID[burstID] ?? []).filter { groups.join($0, index) }
      if joined.isEmpty { withBurstID[burstID, default: []].append(index) }
    }
    let limit = window.seconds
    var previous: Int?
    var previousUnknown: Int?
    var previousByCamera: [String: Int] = [:]
    for (index, asset) in sorted.enumerated() where asset.kind == .photo {
      let camera = Self.camera(of: asset)
      let candidates = camera.map { [previousByCamera[$0], previousUnknown] } ?? [previous]
      for case let candidate? in candidates
      where asset.captureTime.instant.seconds(since: sorted[candidate].captureTime.instant) <= limit {
        groups.join(candidate, index)
      }
      previous = index
      if let camera { previousByCamera[camera] = index } else { previousUnknown = index }
    }
    var members: [Int: [Asset]] = [:]
    var order: [Int] = []
    for (index, asset) in sorted.enumerated() {
      let root = groups.find(index)
      if members[root] == nil { order.append(root) }
      members[root, default: []].append(asset)
    }
    return order.map { Burst(assets: members[$0] ?? []) }
  }

  /// Make and model when both are known, else nil (the camera may be any).
  static func camera(of asset: Asset) -> String? {
    guard let make = asset.make, let model = asset.model else { return nil }
    return make + "\u{0}" + model
  }
}

/// Disjoint sets over 0..<count (union-find with path halving) that refuse to join two sets whose
/// members come from different known cameras.
private struct CameraGroups {
  private var parent: [Int]
  /// The known camera of each set, kept at its root.
  private var camera: [String?]

  init(cameras: [String?]) {
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
    if let cameraA = camera[rootA], let cameraB = camera[rootB], cameraA != cameraB { return false }
    let (root, child) = (min(rootA, rootB), max(rootA, rootB))
    parent[child] = root
    camera[root] = camera[root] ?? camera[child]
    return true
  }
}
