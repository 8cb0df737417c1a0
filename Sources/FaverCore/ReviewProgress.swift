/// How much of the library has been reviewed.
public struct ReviewProgress: Hashable, Codable, Sendable {
  public var reviewed: Int
  public var total: Int

  public init(reviewed: Int, total: Int) {
    self.reviewed = reviewed
    self.total = total
  }

  /// 0…1; 1 for an empty library.
  public var fraction: Double { total == 0 ? 1 : Double(reviewed) / Double(total) }
}
