/// Which moments a browser lists.
public enum MomentFilter: String, Sendable, CaseIterable {
  /// Every moment.
  case all
  /// Moments with at least one favorite.
  case favorites
  /// Moments with at least one reject.
  case rejected
  /// Moments with at least one asset not yet reviewed.
  case unreviewed
}
