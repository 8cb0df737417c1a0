public import FaverCore

/// The moment object of the page's API (`docs/api.md`): the card, keys written sorted, unknown
/// values as `null`. The manifest writes the same moment (`Manifest.MomentEntry`) for other tools.
extension Library.MomentCard: Encodable {
  enum CodingKeys: String, CodingKey {
    case id, start, end, boundary, bursts, assets, photos, videos, reviewed, favorites, rejected, cover
    case latitude, longitude
    case title, place
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(summary.start, forKey: .start)
    try container.encode(summary.end, forKey: .end)
    try container.encode(boundary, forKey: .boundary)
    try container.encode(bursts, forKey: .bursts)
    try container.encode(assets, forKey: .assets)
    try container.encode(summary.photos, forKey: .photos)
    try container.encode(summary.videos, forKey: .videos)
    try container.encode(reviewed, forKey: .reviewed)
    try container.encode(favorites, forKey: .favorites)
    try container.encode(rejected, forKey: .rejected)
    try container.encode(cover.rawValue, forKey: .cover)
    try container.encode(coordinate?.latitude, forKey: .latitude)
    try container.encode(coordinate?.longitude, forKey: .longitude)
    try container.encode(summary.title, forKey: .title)
    try container.encode(summary.place, forKey: .place)
  }
}

/// `GET /api/moments`: a page of moment objects, and the id to pass as `after` for the next
/// (`null` on the last page).
extension Library.MomentPage: Encodable {
  enum CodingKeys: String, CodingKey { case moments, next }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(moments, forKey: .moments)
    try container.encode(next, forKey: .next)
  }
}
