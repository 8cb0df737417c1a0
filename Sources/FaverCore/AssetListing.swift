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

  /// Writes `null` for what is unknown, where `Codable`'s default would leave the key out: the
  /// members `write(_:to:)` lists, each encoded under its key.
  public func encode(to encoder: any Encoder) throws {
    var object = EncodedMembers(container: encoder.container(keyedBy: EncodedMembers.Key.self))
    try Self.write(self, to: &object)
  }

  /// The same object as `encode(to:)` gives through `JSONEncoder` (sorted keys, pretty), written
  /// straight to `json` for the streamed outputs; a test holds the two equal.
  func write(to json: PrettyJSON) throws { try Self.write(self, to: json) }

  /// The texts of the object (see `Members`).
  package enum Text {
    case id, instant, kind, make, model, offsetSource, path, problem, root, takenAt, timeSource
  }

  /// Where the values of an asset's object come from: a listing's values, or a database row's
  /// columns read as they are (`assets --json` at a million assets).
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

  /// Writes an asset's object member by member, in `write(_:to:)`'s order: into the streamed text
  /// (`PrettyJSON`), or into an `Encoder` (`encode(to:)`, for `JSONEncoder`).
  package protocol MemberWriter {
    associatedtype Source: Members
    mutating func write(_ number: Int, at key: StaticString) throws
    mutating func write(_ flag: Bool, at key: StaticString) throws
    mutating func write(_ number: Double?, at key: StaticString) throws
    mutating func write(_ paths: [String], at key: StaticString) throws
    mutating func write(_ companion: AssetListing.Companion?, at key: StaticString) throws
    /// The text `text` of `source`.
    mutating func write(_ text: AssetListing.Text, of source: Source, at key: StaticString) throws
  }

  /// The asset object of `members`, member by member to `writer`, keys in sorted order: the one
  /// definition of the object's keys and of the value under each, whatever writes it. Inlined
  /// where it is called, so each writer's calls are direct (the streamed listing writes a
  /// million objects).
  @inline(__always)
  package static func write<Writer: MemberWriter>(_ members: Writer.Source, to writer: inout Writer) throws {
    try writer.write(members.clockShiftSeconds, at: "clockShiftSeconds")
    try writer.write(members.companion, at: "companion")
    try writer.write(members.duplicates, at: "duplicates")
    try writer.write(members.favorite, at: "favorite")
    try writer.write(.id, of: members, at: "id")
    try writer.write(.instant, of: members, at: "instant")
    try writer.write(.kind, of: members, at: "kind")
    try writer.write(members.latitude, at: "latitude")
    try writer.write(members.longitude, at: "longitude")
    try writer.write(.make, of: members, at: "make")
    try writer.write(.model, of: members, at: "model")
    try writer.write(.offsetSource, of: members, at: "offsetSource")
    try writer.write(.path, of: members, at: "path")
    try writer.write(.problem, of: members, at: "problem")
    try writer.write(members.raw, at: "raw")
    try writer.write(members.rejected, at: "rejected")
    try writer.write(members.reviewed, at: "reviewed")
    try writer.write(.root, of: members, at: "root")
    try writer.write(.takenAt, of: members, at: "takenAt")
    try writer.write(.timeSource, of: members, at: "timeSource")
  }

  /// The asset object of `members`, written to `json` as `encode(to:)` gives it through
  /// `JSONEncoder`.
  package static func write<Source: Members>(_ members: Source, to json: PrettyJSON) throws {
    var object = StreamedMembers<Source>(json: json)
    json.beginObject()
    try write(members, to: &object)
    json.endObject()
  }

  /// The text `text` of this listing; nil for `null`.
  func string(_ text: Text) -> String? {
    switch text {
    case .id: id
    case .instant: instant
    case .kind: kind.rawValue
    case .make: make
    case .model: model
    case .offsetSource: offsetSource.rawValue
    case .path: path
    case .problem: problem
    case .root: root
    case .takenAt: takenAt
    case .timeSource: timeSource.rawValue
    }
  }
}

extension AssetListing: AssetListing.Members {
  package func write(_ text: Text, to json: PrettyJSON) { json.value(string(text)) }
}

/// An object written to `PrettyJSON` member by member.
private struct StreamedMembers<Source: AssetListing.Members>: AssetListing.MemberWriter {
  let json: PrettyJSON

  func write(_ number: Int, at key: StaticString) {
    json.key(key)
    json.value(number)
  }

  func write(_ flag: Bool, at key: StaticString) {
    json.key(key)
    json.value(flag)
  }

  func write(_ number: Double?, at key: StaticString) throws {
    json.key(key)
    try json.value(number)
  }

  func write(_ paths: [String], at key: StaticString) {
    json.key(key)
    json.beginArray()
    for path in paths {
      json.element()
      json.value(path)
    }
    json.endArray()
  }

  func write(_ companion: AssetListing.Companion?, at key: StaticString) {
    json.key(key)
    companion.write(to: json)
  }

  func write(_ text: AssetListing.Text, of source: Source, at key: StaticString) {
    json.key(key)
    source.write(text, to: json)
  }
}

/// A listing's object encoded member by member into an `Encoder`'s keyed container, each value
/// as `Codable` encodes it, `null` for nil.
private struct EncodedMembers: AssetListing.MemberWriter {
  var container: KeyedEncodingContainer<Key>

  /// A member's name.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: StaticString) { stringValue = name.description }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  mutating func write(_ number: Int, at key: StaticString) throws {
    try container.encode(number, forKey: Key(key))
  }

  mutating func write(_ flag: Bool, at key: StaticString) throws {
    try container.encode(flag, forKey: Key(key))
  }

  mutating func write(_ number: Double?, at key: StaticString) throws {
    try container.encode(number, forKey: Key(key))
  }

  mutating func write(_ paths: [String], at key: StaticString) throws {
    try container.encode(paths, forKey: Key(key))
  }

  mutating func write(_ companion: AssetListing.Companion?, at key: StaticString) throws {
    try container.encode(companion, forKey: Key(key))
  }

  mutating func write(_ text: AssetListing.Text, of listing: AssetListing, at key: StaticString) throws {
    try container.encode(listing.string(text), forKey: Key(key))
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
