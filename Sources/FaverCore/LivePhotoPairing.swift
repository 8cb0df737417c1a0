import Foundation

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
/// content identifiers and they differ. Either way the video is at most `maximumVideoDuration`
/// long (5 s) when it says its length: a long video that shares a still's name is its own asset.
///
/// Only videos start a search: a library without videos costs one pass over the list, and a
/// video's same-named still is looked for among the photos taken within `window` of it, so the
/// photos' names are never compared wholesale.
public struct LivePhotoPairing: Sendable {
  /// How far apart a same-named still and video may be captured (a Live Photo's video starts
  /// about 1.5 s before the still and lasts about 3 s; the two files' times are whole seconds
  /// on many phones).
  public var window: Duration = .seconds(2)
  /// The longest video that pairs (Apple's Live Photo videos last about 3 s): a longer one is a
  /// video of its own, whatever its name. A video that does not say its length may pair.
  public var maximumVideoDuration: Double = 5

  public init(window: Duration = .seconds(2)) { self.window = window }

  /// The assets in their order with each paired video left out and set as its still's
  /// `companion`: one asset to review per Live Photo.
  public func combined(_ assets: consuming [Asset]) -> [Asset] {
    let pairs = pairs(in: assets)
    guard !pairs.isEmpty else { return assets }
    var isCompanion = [Bool](repeating: false, count: assets.count)
    for pair in pairs {
      let video = assets[pair.video]
      assets[pair.still].companion = Asset.Companion(id: video.id, root: video.root, path: video.path)
      isCompanion[pair.video] = true
    }
    assets.removeAll(marked: isCompanion)
    return assets
  }

  /// Each asset is in at most one pair; pairs come in the order of their stills.
  public func pairs(in assets: [Asset]) -> [LivePhoto] {
    let videos = assets.indices.filter { isShortVideo(assets[$0]) }
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
        let stills = group.filter { isStill(assets[$0]) }
        let options = group.filter { isShortVideo(assets[$0]) }.flatMap { video in
          stills.map { Option(gap: Self.gap(assets[$0], assets[video]), still: $0, video: video) }
        }
        pairs += closest(options, of: assets, paired: &paired)
      }
    }

    let unpaired = videos.filter { !paired[$0] }
    if !unpaired.isEmpty {
      pairs += closest(sameNamed(unpaired, in: assets, paired: paired), of: assets, paired: &paired)
    }
    return pairs.sorted { $0.still < $1.still }
  }

  /// A photo that may be a Live Photo's still: not a raw file (a RAW+JPEG pair's raw rides along
  /// with its photo, which is the still; given the video, the raw would take it out of review).
  private func isStill(_ asset: Asset) -> Bool { asset.kind == .photo && !RawPairing.isRaw(asset.fileName) }

  /// A video short enough to be a Live Photo's, or one that does not say its length.
  private func isShortVideo(_ asset: Asset) -> Bool {
    asset.kind == .video && (asset.duration ?? 0) <= maximumVideoDuration
  }

  /// A possible pair and how far apart in seconds its two files were captured.
  private struct Option {
    var gap: Double
    var still: Int
    var video: Int
  }

  /// For each video, the unpaired photos captured within `window` of it (found by binary search
  /// over the photos in capture order) that share its name.
  private func sameNamed(_ videos: [Int], in assets: [Asset], paired: [Bool]) -> [Option] {
    func instant(_ index: Int) -> Double { assets[index].captureTime.instant.timeIntervalSince1970 }
    // Already in capture order when the list comes from the index; sorting that costs one pass.
    let photos = assets.indices.filter { isStill(assets[$0]) && !paired[$0] }.sorted {
      instant($0) < instant($1)
    }
    let limit = window.seconds
    var options: [Option] = []
    for video in videos {
      let time = instant(video)
      var low = 0
      var high = photos.count
      while low < high {
        let middle = (low + high) / 2
        if instant(photos[middle]) < time - limit { low = middle + 1 } else { high = middle }
      }
      let key = NameKey(assets[video])
      for still in photos[low...].prefix(while: { instant($0) <= time + limit })
      where NameKey(assets[still]) == key && Self.mayShareName(assets[still], assets[video]) {
        options.append(Option(gap: Self.gap(assets[still], assets[video]), still: still, video: video))
      }
    }
    return options
  }

  /// Pairs stills with videos closest in time first, each asset at most once; ties go to the
  /// earlier still and video in (root, path) order, so the result never depends on input order.
  private func closest(_ options: [Option], of assets: [Asset], paired: inout [Bool]) -> [LivePhoto] {
    func place(_ index: Int) -> (String, String) { (assets[index].root, assets[index].path) }
    let sorted = options.sorted {
      if $0.gap != $1.gap { return $0.gap < $1.gap }
      if place($0.still) != place($1.still) { return place($0.still) < place($1.still) }
      return place($0.video) < place($1.video)
    }
    var pairs: [LivePhoto] = []
    for option in sorted where !paired[option.still] && !paired[option.video] {
      pairs.append(LivePhoto(still: option.still, video: option.video))
      paired[option.still] = true
      paired[option.video] = true
    }
    return pairs
  }

  private static func gap(_ a: Asset, _ b: Asset) -> Double {
    abs(a.captureTime.instant.timeIntervalSince(b.captureTime.instant))
  }

  /// Same-named files pair unless both carry a content identifier and they differ.
  private static func mayShareName(_ still: Asset, _ video: Asset) -> Bool {
    guard let a = still.contentIdentifier, let b = video.contentIdentifier else { return true }
    return a == b
  }

  /// The root and the path without its extension, compared with ASCII letters case-folded.
  private struct NameKey: Equatable {
    var root: String
    var stem: Substring

    init(_ asset: Asset) {
      root = asset.root
      stem = LivePhotoPairing.stemRange(asset.path)
    }

    static func == (a: NameKey, b: NameKey) -> Bool {
      a.stem.utf8.count == b.stem.utf8.count && a.root == b.root
        && a.stem.utf8.elementsEqual(b.stem.utf8) { folded($0) == folded($1) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
  }

  /// The path without its extension, case-folded: `DCIM/IMG_1234.HEIC` and `DCIM/IMG_1234.mov`
  /// share `dcim/img_1234`.
  package static func stem(_ path: String) -> String { stemRange(path).lowercased() }

  /// The path without its extension (a leading dot starts a name, not an extension).
  static func stemRange(_ path: String) -> Substring {
    // Byte searches: `/` and `.` are ASCII, and Character searches would segment graphemes.
    let bytes = path.utf8
    let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map(bytes.index(after:)) ?? bytes.startIndex
    guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else {
      return path[...]
    }
    return path[..<dot]
  }
}

extension Array {
  /// Removes the elements whose position is marked, keeping the others in order. Compacted in
  /// place: swapping moves elements without copying them.
  mutating func removeAll(marked: [Bool]) {
    var kept = 0
    for index in indices where !marked[index] {
      if kept != index { swapAt(kept, index) }
      kept += 1
    }
    removeLast(count - kept)
  }
}
