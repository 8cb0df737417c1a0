/// What a person decided about an asset: the marks `faver mark` sets.
public enum ReviewMark: String, Sendable, CaseIterable, Codable {
  /// Seen: leaves the queue, favorite and rejected unchanged.
  case reviewed
  /// Seen and kept as a favorite (no longer rejected).
  case favorite
  /// Seen, and no longer a favorite (a reject stays one).
  case unfavorite
  /// Seen, and not kept (Lightroom's X): no longer a favorite.
  case rejected
  /// Undone: back in the queue, at its place, neither favorite nor rejected.
  case unreviewed
}

/// Where an asset stands in the review.
public enum ReviewState: String, Hashable, Codable, Sendable, CaseIterable {
  case unreviewed
  /// Seen, neither kept as a favorite nor rejected.
  case reviewed
  case favorite
  case rejected

  public var isReviewed: Bool { self != .unreviewed }

  /// The state after `mark`.
  public func marked(_ mark: ReviewMark) -> ReviewState {
    switch mark {
    case .reviewed: self == .unreviewed ? .reviewed : self
    case .favorite: .favorite
    case .unfavorite: self == .rejected ? .rejected : .reviewed
    case .rejected: .rejected
    case .unreviewed: .unreviewed
    }
  }
}
