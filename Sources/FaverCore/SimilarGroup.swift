/// Photos of one moment a person decides on together: a burst, or shots taken a short time apart
/// whose pictures are nearly the same (`SimilarGrouper`), with the one to keep suggested.
public struct SimilarGroup: Hashable, Codable, Sendable, Identifiable {
  /// `b-` and the first asset's id for a burst alone (the burst's own id), `g-` and it when
  /// shots from more than one burst were grouped.
  public var id: String
  /// At least two, in capture order.
  public var assetIDs: [AssetID]
  /// The photo to keep (`Suggestion`); nil when none of them has signals yet (`faver analyze`).
  public var suggested: AssetID?
  /// Why that one, in a few words: "sharpest; 2 others blurred".
  public var reason: String?

  public init(id: String, assetIDs: [AssetID], suggested: AssetID? = nil, reason: String? = nil) {
    (self.id, self.assetIDs, self.suggested, self.reason) = (id, assetIDs, suggested, reason)
  }

  enum CodingKeys: String, CodingKey {
    case id
    case assetIDs = "assetIds"
    case suggested, reason
  }

  /// Ids as plain strings; `suggested` and `reason` null when there is none.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(assetIDs.map(\.rawValue), forKey: .assetIDs)
    try container.encode(suggested?.rawValue, forKey: .suggested)
    try container.encode(reason, forKey: .reason)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    assetIDs = try container.decode([String].self, forKey: .assetIDs).map(AssetID.init(rawValue:))
    suggested = try container.decodeIfPresent(String.self, forKey: .suggested).map(AssetID.init(rawValue:))
    reason = try container.decodeIfPresent(String.self, forKey: .reason)
  }

  /// The decisions it saves a person: one for the whole group instead of one per photo.
  public var decisionsSaved: Int { assetIDs.count - 1 }
}

extension SimilarGroup {
  /// How many decisions `items` photos and videos take once each of `groups` is one.
  public static func decisions(items: Int, groups: [SimilarGroup]) -> Int {
    items - groups.reduce(0) { $0 + $1.decisionsSaved }
  }
}
