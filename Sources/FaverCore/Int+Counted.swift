extension Int {
  /// The number and its noun, for what a person reads: `1 photo`, `2 photos`, `0 photos`,
  /// `-1 photos`. Only 1 takes the singular; `plural` is for a noun that does not just add an
  /// "s" (`1 photo or video`, `2 photos and videos`).
  public func counted(_ singular: String, plural: String? = nil) -> String {
    "\(self) \(self == 1 ? singular : plural ?? singular + "s")"
  }
}
