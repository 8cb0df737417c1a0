/// What an asset is, as a person reviewing it sees it.
public enum MediaKind: String, Codable, Sendable, CaseIterable {
  case photo
  case video
}
