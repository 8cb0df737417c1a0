public import Foundation

/// The review queue as a file for other tools: moments still to review, in order, with the ids of
/// the assets left in each grouped by burst (each asset's detail is one `faver next --json`,
/// `faver assets --json` or `GET /api/assets/{id}` away). Fully reviewed moments are left out
/// (they left the queue). The layout is described by `schemas/manifest.schema.json`; bump
/// `currentSchemaVersion` when it changes incompatibly.
public struct Manifest: Hashable, Codable, Sendable {
  /// 5: bursts list asset ids (`assetIds`) instead of whole asset objects: a sixth of the size.
  public static let currentSchemaVersion = 5

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
    /// What the moment is, as everywhere else (`MomentSummary`): its keys are written beside the
    /// entry's own, not nested.
    public var summary: MomentSummary
    public var boundary: BoundaryEntry
    public var totalInWindow: Int
    public var reviewedInWindow: Int
    /// The unreviewed assets, one group per burst.
    public var assetsToReview: [BurstEntry]
    /// The moment's similar groups (`SimilarGrouper`: bursts, and shots a short time apart that
    /// are nearly the same), every member listed, reviewed or not, each with the photo to keep
    /// suggested and why. Left out when not read (a manifest of schema 5 or older).
    public var groups: [SimilarGroup]?

    /// The moment `summary` says, starting for `boundary`, with `reviewedInWindow` of its
    /// `totalInWindow` assets reviewed and `assetsToReview` left.
    public init(
      _ summary: MomentSummary, boundary: BoundaryEntry, totalInWindow: Int, reviewedInWindow: Int,
      assetsToReview: [BurstEntry], groups: [SimilarGroup]? = nil
    ) {
      (self.summary, self.boundary) = (summary, boundary)
      (self.totalInWindow, self.reviewedInWindow) = (totalInWindow, reviewedInWindow)
      (self.assetsToReview, self.groups) = (assetsToReview, groups)
    }

    public var id: String { summary.id }

    enum CodingKeys: String, CodingKey {
      case boundary, totalInWindow, reviewedInWindow, assetsToReview, groups
    }

    public init(from decoder: any Decoder) throws {
      summary = try MomentSummary(from: decoder)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      boundary = try container.decode(BoundaryEntry.self, forKey: .boundary)
      totalInWindow = try container.decode(Int.self, forKey: .totalInWindow)
      reviewedInWindow = try container.decode(Int.self, forKey: .reviewedInWindow)
      assetsToReview = try container.decode([BurstEntry].self, forKey: .assetsToReview)
      groups = try container.decodeIfPresent([SimilarGroup].self, forKey: .groups)
    }

    public func encode(to encoder: any Encoder) throws {
      try summary.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(boundary, forKey: .boundary)
      try container.encode(totalInWindow, forKey: .totalInWindow)
      try container.encode(reviewedInWindow, forKey: .reviewedInWindow)
      try container.encode(assetsToReview, forKey: .assetsToReview)
      try container.encodeIfPresent(groups, forKey: .groups)
    }
  }

  /// Why the moment starts where it does: `first`, `timeGap`, `distance` or `undated`, with the
  /// numbers.
  public struct BoundaryEntry: Hashable, Codable, Sendable {
    public var reason: String
    public var gapSeconds: Double?
    public var thresholdSeconds: Double?
    public var meters: Double?

    public init(
      reason: String, gapSeconds: Double? = nil, thresholdSeconds: Double? = nil, meters: Double? = nil
    ) {
      (self.reason, self.gapSeconds, self.thresholdSeconds, self.meters) = (
        reason, gapSeconds, thresholdSeconds, meters
      )
    }

    public init(_ boundary: Moment.Boundary) {
      switch boundary {
      case .first: reason = "first"
      case .timeGap(let gap, let threshold):
        (reason, gapSeconds, thresholdSeconds) = ("timeGap", gap, threshold)
      case .distance(let meters, let gap):
        (reason, self.meters, gapSeconds) = ("distance", meters, gap)
      case .undated: reason = "undated"
      }
    }

    /// The boundary this entry says, as the clusterer made it; nil for a reason it does not know
    /// or a number missing.
    public var boundary: Moment.Boundary? {
      switch reason {
      case "first": return .first
      case "undated": return .undated
      case "timeGap":
        guard let gapSeconds, let thresholdSeconds else { return nil }
        return .timeGap(gap: gapSeconds, threshold: thresholdSeconds)
      case "distance":
        guard let meters, let gapSeconds else { return nil }
        return .distance(meters: meters, gap: gapSeconds)
      default: return nil
      }
    }
  }

  public struct BurstEntry: Hashable, Codable, Sendable {
    public var burstId: String
    /// The ids of the burst's assets still to review, in capture order.
    public var assetIds: [String]

    public init(burstId: String, assetIds: [String]) {
      (self.burstId, self.assetIds) = (burstId, assetIds)
    }
  }

  /// `places` holds each moment's place by moment id (see `FaverKit.Library`); a moment not in
  /// it has none.
  public init(
    clustering: MomentClusterer.Result, queue: ReviewQueue, generatedAt: Date, places: [String: Place] = [:]
  ) {
    schemaVersion = Self.currentSchemaVersion
    self.generatedAt = Self.timestamp(generatedAt)
    mode = Self.name(of: clustering.mode)
    thresholdSeconds = clustering.threshold
    progress = queue.progress
    moments = queue.entries.map { entry in
      MomentEntry(
        MomentSummary(entry.moment, place: places[entry.moment.id]),
        boundary: BoundaryEntry(entry.moment.boundary),
        totalInWindow: entry.totalInWindow, reviewedInWindow: entry.reviewedInWindow,
        assetsToReview: entry.assetsToReview.map { burst in
          BurstEntry(burstId: burst.id, assetIds: burst.assets.map(\.id.rawValue))
        })
    }
  }

  /// `mode` as the manifest names it: `smart` or `fixed`.
  public static func name(of mode: MomentClusterer.Mode) -> String {
    switch mode {
    case .smart: "smart"
    case .fixed: "fixed"
    }
  }

  /// `generatedAt`'s form: ISO 8601 UTC, to the second.
  public static func timestamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

  /// Stable JSON: sorted keys, pretty-printed (see `encode(streamingTo:)`), in memory.
  public func encoded() throws -> Data {
    var data = Data()
    try encode { data.append(contentsOf: $0) }
    return data
  }
}
