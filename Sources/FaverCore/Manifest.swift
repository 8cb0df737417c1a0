public import Foundation

/// The review queue as a file for other tools: moments still to review, in order, with the assets
/// left in each grouped by burst. Fully reviewed moments are left out (they left the queue).
/// The layout is described by `schemas/manifest.schema.json`; bump `currentSchemaVersion` when
/// it changes incompatibly.
public struct Manifest: Hashable, Codable, Sendable {
  public static let currentSchemaVersion = 4

  public var schemaVersion: Int
  /// ISO 8601 UTC, to the second.
  public var generatedAt: String
  /// `smart` or `fixed`.
  public var mode: String
  /// The gap, in seconds, at or above which a new moment started.
  public var thresholdSeconds: Double
  public var progress: ReviewProgress
  public var moments: [MomentEntry]

  public struct MomentEntry: Hashable, Codable, Sendable {
    public var id: String
    /// The first and last capture times, as `CaptureTime.iso8601`.
    public var start: String
    public var end: String
    /// Every asset of the moment, reviewed or not, by kind.
    public var photos: Int
    public var videos: Int
    /// `Sat 12 May 2024 · Lisbon, Portugal` (see `MomentSummary.title(for:place:)`).
    public var title: String
    /// Where most of its photos with GPS were taken; nil when none has a place.
    public var place: Place?
    public var boundary: BoundaryEntry
    public var totalInWindow: Int
    public var reviewedInWindow: Int
    /// The unreviewed assets, one group per burst.
    public var assetsToReview: [BurstEntry]

    enum CodingKeys: String, CodingKey {
      case id, start, end, photos, videos, title, place, boundary, totalInWindow, reviewedInWindow
      case assetsToReview
    }

    /// Writes `place` as `null` when unknown, where `Codable`'s default would leave the key out.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(start, forKey: .start)
      try container.encode(end, forKey: .end)
      try container.encode(photos, forKey: .photos)
      try container.encode(videos, forKey: .videos)
      try container.encode(title, forKey: .title)
      try container.encode(place, forKey: .place)
      try container.encode(boundary, forKey: .boundary)
      try container.encode(totalInWindow, forKey: .totalInWindow)
      try container.encode(reviewedInWindow, forKey: .reviewedInWindow)
      try container.encode(assetsToReview, forKey: .assetsToReview)
    }
  }

  /// Why the moment starts where it does: `first`, `timeGap`, `distance`, `localGap`,
  /// `localMove` or `undated`, with the numbers.
  public struct BoundaryEntry: Hashable, Codable, Sendable {
    public var reason: String
    public var gapSeconds: Double?
    public var thresholdSeconds: Double?
    public var meters: Double?
    /// Adaptive mode: the geometric mean of the gaps (`localGap`, seconds) or steps (`localMove`,
    /// meters) around the boundary.
    public var localMean: Double?

    public init(_ boundary: Moment.Boundary) {
      switch boundary {
      case .first: reason = "first"
      case .timeGap(let gap, let threshold):
        (reason, gapSeconds, thresholdSeconds) = ("timeGap", gap, threshold)
      case .distance(let meters, let gap):
        (reason, self.meters, gapSeconds) = ("distance", meters, gap)
      case .undated: reason = "undated"
      case .localGap(let gap, let mean):
        (reason, gapSeconds, localMean) = ("localGap", gap, mean)
      case .localMove(let meters, let gap, let mean):
        (reason, self.meters, gapSeconds, localMean) = ("localMove", meters, gap, mean)
      }
    }
  }

  public struct BurstEntry: Hashable, Codable, Sendable {
    public var burstId: String
    /// The burst's assets still to review, each the same object as `faver assets --json` shows.
    public var assets: [AssetListing]
  }

  /// `places` holds each moment's place by moment id (see `FaverKit.Library`); a moment not in
  /// it has none.
  public init(
    clustering: MomentClusterer.Result, queue: ReviewQueue, generatedAt: Date, places: [String: Place] = [:]
  ) {
    schemaVersion = Self.currentSchemaVersion
    self.generatedAt = ISO8601DateFormatter().string(from: generatedAt)
    switch clustering.mode {
    case .smart: mode = "smart"
    case .fixed: mode = "fixed"
    case .adaptive: mode = "adaptive"
    }
    thresholdSeconds = clustering.threshold
    progress = queue.progress
    moments = queue.entries.map { entry in
      let summary = MomentSummary(entry.moment, place: places[entry.moment.id])
      return MomentEntry(
        id: summary.id, start: summary.start, end: summary.end, photos: summary.photos,
        videos: summary.videos,
        title: summary.title, place: summary.place,
        boundary: BoundaryEntry(entry.moment.boundary),
        totalInWindow: entry.totalInWindow,
        reviewedInWindow: entry.reviewedInWindow,
        assetsToReview: entry.assetsToReview.map { burst in
          BurstEntry(
            burstId: burst.id,
            assets: burst.assets.map(AssetListing.init))
        })
    }
  }

  /// Stable JSON: sorted keys, pretty-printed (see `encode(streamingTo:)`), in memory.
  public func encoded() throws -> Data {
    var data = Data()
    try encode { data.append(contentsOf: $0) }
    return data
  }
}
