/// An asset as every JSON output shows it (`assets --json`, `next --json`, the manifest): the same
/// keys with the same meaning everywhere, every key always present (`null` when unknown), and
/// every path absolute.
public struct AssetListing: Hashable, Codable, Sendable {
  /// 16 hex digits derived from the file's content: a moved or renamed file keeps it.
  public var id: String
  /// Absolute: the root joined with the path below it.
  public var path: String
  /// The absolute path of the library root the file was found under.
  public var root: String
  public var kind: MediaKind
  /// Wall-clock time as the camera recorded it (`CaptureTime.iso8601`).
  public var takenAt: String
  public var timeSource: TimeSource
  /// The instant faver placed the asset at, UTC (`CaptureTime.instantISO8601`): what orders it in
  /// bursts, moments and the queue.
  public var instant: String
  /// How the offset behind `instant` is known: from the file, its GPS stamps, inferred from the
  /// same camera or the library, or not at all.
  public var offsetSource: OffsetSource
  /// Seconds a clock correction (`faver clock`) moved the camera's time by; 0 when none.
  public var clockShiftSeconds: Int
  public var latitude: Double?
  public var longitude: Double?
  public var make: String?
  public var model: String?
  /// Why something about the file was wrong, when it was.
  public var problem: String?
  /// Other places (absolute paths) the same content was found; it is reviewed once.
  public var duplicates: [String]
  /// A Live Photo's video: reviewed with the still, never on its own.
  public var companion: Companion?
  /// The raw file of a RAW+JPEG pair: reviewed with the photo, never on its own.
  public var raw: Companion?
  /// Seen (favorites and rejects included): out of the queue.
  public var reviewed: Bool
  public var favorite: Bool
  /// Seen and not kept.
  public var rejected: Bool

  /// Where a Live Photo's video is, with the same keys as the asset's own place.
  public struct Companion: Hashable, Codable, Sendable {
    public var id: String
    /// Absolute: the root joined with the path below it.
    public var path: String
    public var root: String

    package init(_ companion: Asset.Companion) {
      (id, path, root) = (companion.id.rawValue, companion.absolutePath, companion.root)
    }
  }

  public init(_ asset: Asset) {
    id = asset.id.rawValue
    path = asset.absolutePath
    root = asset.root
    kind = asset.kind
    takenAt = asset.captureTime.iso8601
    timeSource = asset.captureTime.source
    instant = asset.captureTime.instantISO8601
    offsetSource = asset.captureTime.offsetSource
    clockShiftSeconds = asset.captureTime.clockShift
    latitude = asset.coordinate?.latitude
    longitude = asset.coordinate?.longitude
    make = asset.make
    model = asset.model
    problem = asset.problem
    duplicates = asset.duplicates
    companion = asset.companion.map(Companion.init)
    raw = asset.raw.map(Companion.init)
    reviewed = asset.review.isReviewed
    favorite = asset.review == .favorite
    rejected = asset.review == .rejected
  }

  enum CodingKeys: String, CodingKey {
    case id, path, root, kind, takenAt, timeSource, instant, offsetSource, clockShiftSeconds, latitude,
      longitude
    case make, model, problem, duplicates, companion, raw, reviewed, favorite, rejected
  }

  /// Writes `null` for what is unknown, where `Codable`'s default would leave the key out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(path, forKey: .path)
    try container.encode(root, forKey: .root)
    try container.encode(kind, forKey: .kind)
    try container.encode(takenAt, forKey: .takenAt)
    try container.encode(timeSource, forKey: .timeSource)
    try container.encode(instant, forKey: .instant)
    try container.encode(offsetSource, forKey: .offsetSource)
    try container.encode(clockShiftSeconds, forKey: .clockShiftSeconds)
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
    try container.encode(make, forKey: .make)
    try container.encode(model, forKey: .model)
    try container.encode(problem, forKey: .problem)
    try container.encode(duplicates, forKey: .duplicates)
    try container.encode(companion, forKey: .companion)
    try container.encode(raw, forKey: .raw)
    try container.encode(reviewed, forKey: .reviewed)
    try container.encode(favorite, forKey: .favorite)
    try container.encode(rejected, forKey: .rejected)
  }

  /// The same object as `encode(to:)` gives through `JSONEncoder` (sorted keys, pretty), written
  /// straight to `json` for the streamed outputs; a test holds the two equal.
  func write(to json: PrettyJSON) throws { try Self.write(self, to: json) }

  /// The texts of the object (see `Members`).
  package enum Text {
    case id, instant, kind, make, model, offsetSource, path, problem, root, takenAt, timeSource
  }

  /// Where the values of an asset's object come from: a listing's values, or a database row's
  /// columns read as they are (`assets --json` at a million assets). `write(_:to:)` is the one
  /// definition of the object's keys, their order and how each kind of value is written.
  package protocol Members {
    var clockShiftSeconds: Int { get }
    var latitude: Double? { get }
    var longitude: Double? { get }
    var duplicates: [String] { get }
    var companion: AssetListing.Companion? { get }
    var raw: AssetListing.Companion? { get }
    var reviewed: Bool { get }
    var favorite: Bool { get }
    var rejected: Bool { get }
    /// Writes the text `text` as a JSON string, or `null` when it has none.
    func write(_ text: AssetListing.Text, to json: PrettyJSON)
  }

  /// The asset object of `members`, written as `encode(to:)` gives it through `JSONEncoder`.
  package static func write(_ members: some Members, to json: PrettyJSON) throws {
    json.beginObject()
    json.key("clockShiftSeconds")
    json.value(members.clockShiftSeconds)
    json.key("companion")
    members.companion.write(to: json)
    json.key("duplicates")
    json.beginArray()
    for path in members.duplicates {
      json.element()
      json.value(path)
    }
    json.endArray()
    json.key("favorite")
    json.value(members.favorite)
    json.key("id")
    members.write(.id, to: json)
    json.key("instant")
    members.write(.instant, to: json)
    json.key("kind")
    members.write(.kind, to: json)
    json.key("latitude")
    try json.value(members.latitude)
    json.key("longitude")
    try json.value(members.longitude)
    json.key("make")
    members.write(.make, to: json)
    json.key("model")
    members.write(.model, to: json)
    json.key("offsetSource")
    members.write(.offsetSource, to: json)
    json.key("path")
    members.write(.path, to: json)
    json.key("problem")
    members.write(.problem, to: json)
    json.key("raw")
    members.raw.write(to: json)
    json.key("rejected")
    json.value(members.rejected)
    json.key("reviewed")
    json.value(members.reviewed)
    json.key("root")
    members.write(.root, to: json)
    json.key("takenAt")
    members.write(.takenAt, to: json)
    json.key("timeSource")
    members.write(.timeSource, to: json)
    json.endObject()
  }
}

extension AssetListing: AssetListing.Members {
  package func write(_ text: Text, to json: PrettyJSON) {
    switch text {
    case .id: json.value(id)
    case .instant: json.value(instant)
    case .kind: json.value(kind.rawValue)
    case .make: json.value(make)
    case .model: json.value(model)
    case .offsetSource: json.value(offsetSource.rawValue)
    case .path: json.value(path)
    case .problem: json.value(problem)
    case .root: json.value(root)
    case .takenAt: json.value(takenAt)
    case .timeSource: json.value(timeSource.rawValue)
    }
  }
}

extension AssetListing.Companion? {
  /// The companion object, or `null`.
  fileprivate func write(to json: PrettyJSON) {
    guard let self else { return json.null() }
    json.beginObject()
    json.key("id")
    json.value(self.id)
    json.key("path")
    json.value(self.path)
    json.key("root")
    json.value(self.root)
    json.endObject()
  }
}
