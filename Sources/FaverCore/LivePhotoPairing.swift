/// A still and the short video a phone recorded with it (an Apple Live Photo, a motion photo
/// exported as two files): one asset to review, the video its companion.
public struct LivePhoto: Hashable, Sendable {
  public var still: String
  public var video: String

  public init(still: String, video: String) {
    self.still = still
    self.video = video
  }
}

/// Finds Live Photos among indexed files: first by Apple's content identifier (shared by the
/// still's maker note and the video's QuickTime key), then, for files without one, a still and
/// a video with the same name in the same folder taken at most `window` apart.
public struct LivePhotoPairing: Sendable {
  /// How far apart a same-named still and video may be captured (a Live Photo's video starts
  /// about 1.5 s before the still).
  public var window: Duration = .seconds(3)

  /// What pairing needs to know of a file.
  public struct Candidate: Hashable, Sendable {
    /// Path of the file, unique among the candidates (`root/relative` works).
    public var path: String
    public var kind: MediaKind
    public var captureTime: CaptureTime
    public var contentIdentifier: String?

    public init(path: String, kind: MediaKind, captureTime: CaptureTime, contentIdentifier: String?) {
      self.path = path
      self.kind = kind
      self.captureTime = captureTime
      self.contentIdentifier = contentIdentifier
    }
  }

  public init(window: Duration = .seconds(3)) { self.window = window }

  /// Each file is in at most one pair; pairs come in the order of their stills' paths.
  public func pairs(in candidates: [Candidate]) -> [LivePhoto] {
    var pairs: [LivePhoto] = []
    var paired: Set<String> = []
    let byIdentifier = Dictionary(grouping: candidates.filter { $0.contentIdentifier != nil }) {
      $0.contentIdentifier ?? ""
    }
    for group in byIdentifier.values {
      pairs += closest(in: group, within: nil, paired: &paired)
    }
    let rest = candidates.filter { !paired.contains($0.path) }
    let byName = Dictionary(grouping: rest) { Self.stem($0.path) }
    for group in byName.values {
      pairs += closest(in: group, within: window, paired: &paired)
    }
    return pairs.sorted { ($0.still, $0.video) < ($1.still, $1.video) }
  }

  /// Pairs stills with videos closest in time first, each file at most once.
  private func closest(in group: [Candidate], within limit: Duration?, paired: inout Set<String>)
    -> [LivePhoto]
  {
    let stills = group.filter { $0.kind == .photo }
    let videos = group.filter { $0.kind == .video }
    var options: [(gap: Double, still: String, video: String)] = []
    for still in stills {
      for video in videos {
        let gap = abs(video.captureTime.instant.timeIntervalSince(still.captureTime.instant))
        if let limit, gap > Self.seconds(limit) { continue }
        options.append((gap, still.path, video.path))
      }
    }
    options.sort { ($0.gap, $0.still, $0.video) < ($1.gap, $1.still, $1.video) }
    var pairs: [LivePhoto] = []
    for option in options where !paired.contains(option.still) && !paired.contains(option.video) {
      pairs.append(LivePhoto(still: option.still, video: option.video))
      paired.formUnion([option.still, option.video])
    }
    return pairs
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// The path without its extension, case-folded: `DCIM/IMG_1234.HEIC` and `DCIM/IMG_1234.mov`
  /// share `dcim/img_1234`.
  static func stem(_ path: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path.lowercased() }
    return (path.dropLast(name.distance(from: dot, to: name.endIndex))).lowercased()
  }
}
