/// What a person decided about an asset.
public enum ReviewMark: String, Sendable, CaseIterable, Codable {
  /// Seen: leaves the queue, favorite flag unchanged.
  case reviewed
  /// Seen and kept as a favorite.
  case favorite
  /// Seen, and no longer a favorite.
  case unfavorite
}
