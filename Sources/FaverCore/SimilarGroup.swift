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

  /// The decisions it saves a person: one for the whole group instead of one per photo.
  public var decisionsSaved: Int { assetIDs.count - 1 }
}

extension SimilarGroup {
  /// How many decisions `items` photos and videos take once each of `groups` is one.
  public static func decisions(items: Int, groups: [SimilarGroup]) -> Int {
    items - groups.reduce(0) { $0 + $1.decisionsSaved }
  }
}
