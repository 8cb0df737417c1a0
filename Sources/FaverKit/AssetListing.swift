import FaverCore

/// An asset as `faver assets --json` prints it: every key always present, null when unknown.
public struct AssetListing: Encodable, Equatable, Sendable {
  public var asset: Asset
  /// Other places (absolute paths) the same content was found; it is reviewed once.
  public var duplicates: [String]

  public init(_ asset: Asset, duplicates: [String] = []) {
    self.asset = asset
    self.duplicates = duplicates
  }

  enum CodingKeys: String, CodingKey {
    case id, path, root, kind, takenAt, timeSource, latitude, longitude, make, model, problem, duplicates
    case companion
  }

  /// A Live Photo's video, with the same keys as the asset's own place.
  struct Companion: Encodable {
    var id: String
    var path: String
    var root: String
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(asset.id.rawValue, forKey: .id)
    try container.encode(asset.path, forKey: .path)
    try container.encode(asset.root, forKey: .root)
    try container.encode(asset.kind, forKey: .kind)
    try container.encode(asset.captureTime.iso8601, forKey: .takenAt)
    try container.encode(asset.captureTime.source, forKey: .timeSource)
    try container.encode(asset.coordinate?.latitude, forKey: .latitude)
    try container.encode(asset.coordinate?.longitude, forKey: .longitude)
    try container.encode(asset.make, forKey: .make)
    try container.encode(asset.model, forKey: .model)
    try container.encode(asset.problem, forKey: .problem)
    try container.encode(duplicates, forKey: .duplicates)
    try container.encode(
      asset.companion.map { Companion(id: $0.id.rawValue, path: $0.path, root: $0.root) }, forKey: .companion)
  }
}
