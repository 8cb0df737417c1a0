/// A still and the short video a phone recorded with it (an Apple Live Photo, a motion photo
/// exported as two files), as positions in the list given to `LivePhotoPairing.pairs(in:)`.
public struct LivePhoto: Hashable, Sendable {
  public var still: Int
  public var video: Int

  public init(still: Int, video: Int) {
    self.still = still
    self.video = video
  }
}

/// Finds Live Photos among assets: first by Apple's content identifier (shared by the still's
/// maker note and the video's QuickTime key), then a still and a video with the same name in the
/// same folder of the same root, taken at most `window` apart (inclusive), unless both carry
/// content identifiers and they differ.
///
/// Only videos start a search, so a library without videos costs one pass over the list.
public struct LivePhotoPairing: Sendable {
  /// How far apart a same-named still and video may be captured (a Live Photo's video starts
  /// about 1.5 s before the still and lasts about 3 s; the two files' times are whole seconds
  /// on many phones).
  public var window: Duration = .seconds(2)

  public init(window: Duration = .seconds(2)) { self.window = window }

  /// The assets in their order with each paired video left out and set as its still's
  /// `companion`: one asset to review per Live Photo.
  public func combined(_ assets: [Asset]) -> [Asset] {
    let pairs = pairs(in: assets)
    guard !pairs.isEmpty else { return assets }
    var companionOf = [Int?](repeating: nil, count: assets.count)
    var isCompanion = [Bool](repeating: false, count: assets.count)
    for pair in pairs {
      companionOf[pair.still] = pair.video
      isCompanion[pair.video] = true
    }
    var result: [Asset] = []
    result.reserveCapacity(assets.count - pairs.count)
    for (index, asset) in assets.enumerated() where !isCompanion[index] {
      var asset = asset
      if let video = companionOf[index].map({ assets[$0] }) {
        asset.companion = Asset.Companion(id: video.id, root: video.root, path: video.path)
      }
      result.append(asset)
    }
    return result
  }

  /// Each asset is in at most one pair; pairs come in the order of their stills.
  public func pairs(in assets: [Asset]) -> [LivePhoto] {
    let videos = assets.indices.filter { assets[$0].kind == .video }
    guard !videos.isEmpty else { return [] }
    var paired = [Bool](repeating: false, count: assets.count)
    var pairs: [LivePhoto] = []

    let identifiers = Set(videos.compactMap { assets[$0].contentIdentifier })
    if !identifiers.isEmpty {
      var groups: [String: [Int]] = [:]
      for (index, asset) in assets.enumerated() {
        if let identifier = asset.contentIdentifier, identifiers.contains(identifier) {
          groups[identifier, default: []].append(index)
        }
      }
      for group in groups.values {
        pairs += closest(in: group, of: assets, within: nil, paired: &paired)
      }
    }

    var byName: [NameKey: [Int]] = [:]
    for index in videos where !paired[index] { byName[NameKey(assets[index]), default: []].append(index) }
    if !byName.isEmpty {
      for (index, asset) in assets.enumerated() where asset.kind == .photo && !paired[index] {
        let key = NameKey(asset)
        if byName[key] != nil { byName[key, default: []].append(index) }
      }
      for group in byName.values where group.count > 1 {
        pairs += closest(in: group, of: assets, within: window.seconds, paired: &paired)
      }
    }
    return pairs.sorted { $0.still < $1.still }
  }

  /// Pairs stills with videos closest in time first, each asset at most once; ties go to the
  /// earlier still and video in (root, path) order, so the result never depends on input order.
  private func closest(in group: [Int], of assets: [Asset], within limit: Double?, paired: inout [Bool])
    -> [LivePhoto]
  {
    let stills = group.filter { assets[$0].kind == .photo }
    let videos = group.filter { assets[$0].kind == .video }
    var options: [(gap: Double, still: Int, video: Int)] = []
    for still in stills {
      for video in videos where limit == nil || Self.mayShareName(assets[still], assets[video]) {
        let gap = abs(assets[video].captureTime.instant.timeIntervalSince(assets[still].captureTime.instant))
        if let limit, gap > limit { continue }
        options.append((gap, still, video))
      }
    }
    func place(_ index: Int) -> (String, String) { (assets[index].root, assets[index].path) }
    options.sort {
      if $0.gap != $1.gap { return $0.gap < $1.gap }
      if place($0.still) != place($1.still) { return place($0.still) < place($1.still) }
      return place($0.video) < place($1.video)
    }
    var pairs: [LivePhoto] = []
    for option in options where !paired[option.still] && !paired[option.video] {
      pairs.append(LivePhoto(still: option.still, video: option.video))
      paired[option.still] = true
      paired[option.video] = true
    }
    return pairs
  }

  /// Same-named files pair unless both carry a content identifier and they differ.
  private static func mayShareName(_ still: Asset, _ video: Asset) -> Bool {
    guard let a = still.contentIdentifier, let b = video.contentIdentifier else { return true }
    return a == b
  }

  /// The root and the path without its extension, case-folded.
  private struct NameKey: Hashable {
    var root: String
    var stem: String

    init(_ asset: Asset) {
      root = asset.root
      stem = LivePhotoPairing.stem(asset.path)
    }
  }

  /// The path without its extension, case-folded: `DCIM/IMG_1234.HEIC` and `DCIM/IMG_1234.mov`
  /// share `dcim/img_1234`.
  static func stem(_ path: String) -> String {
    let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
    guard let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart else { return path.lowercased() }
    return path[..<dot].lowercased()
  }
}
