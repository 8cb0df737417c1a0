/// Where a moment happened, as a person names it: the nearest populated place (GeoNames), or only
/// the country when no place is near enough (see `FaverPlaces.PlaceFinder` for the rules).
public struct Place: Hashable, Codable, Sendable {
  /// The town or city; nil when only the country is known (at sea, in a desert).
  public var name: String?
  /// The first-level division the place lies in (a state, region or province), when GeoNames
  /// gives one.
  public var admin1: String?
  /// The country's English name: `Portugal`.
  public var country: String
  /// ISO 3166-1 alpha-2: `PT`.
  public var countryCode: String
  /// The named place's position; for a country alone, the position that was looked up.
  public var latitude: Double
  public var longitude: Double

  public init(
    name: String?, admin1: String?, country: String, countryCode: String, latitude: Double, longitude: Double
  ) {
    self.name = name
    self.admin1 = admin1
    self.country = country
    self.countryCode = countryCode
    self.latitude = latitude
    self.longitude = longitude
  }

  /// `Lisbon, Portugal`, or `Portugal` when only the country is known.
  public var label: String { name.map { "\($0), \(country)" } ?? country }

  /// Whether two places name the same thing (`name`, `admin1` and country; not the position).
  public func isSame(as other: Place) -> Bool {
    name == other.name && admin1 == other.admin1 && countryCode == other.countryCode
  }

  enum CodingKeys: String, CodingKey {
    case name, admin1, country, countryCode, latitude, longitude
  }

  /// Writes `null` for what is unknown, where `Codable`'s default would leave the key out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(admin1, forKey: .admin1)
    try container.encode(country, forKey: .country)
    try container.encode(countryCode, forKey: .countryCode)
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
  }

  /// The same object as `encode(to:)` gives through `JSONEncoder` (sorted keys, pretty).
  func write(to json: PrettyJSON) throws {
    json.beginObject()
    json.key("admin1")
    json.value(admin1)
    json.key("country")
    json.value(country)
    json.key("countryCode")
    json.value(countryCode)
    json.key("latitude")
    try json.value(latitude)
    json.key("longitude")
    try json.value(longitude)
    json.key("name")
    json.value(name)
    json.endObject()
  }
}
