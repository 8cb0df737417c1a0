/// One indexed photo or video, as the rest of faver sees it.
///
/// What most files have is stored in the value; what few have (a serial, a problem, Apple's
/// identifiers, a companion or raw file, a duration, duplicates) is kept together in one shared
/// box, absent when all of it is: a library holds a million of these, copied as it is grouped,
/// and each was 360 bytes with those inline, 160 without (the one-byte fields after
/// `captureTime`, whose last word has room for them). The path is kept as its folder and its
/// name (see `path`): 16 bytes more a value, where a path of more than 15 bytes was an
/// allocation of its own (80 bytes for `2010/2010-01/IMG_000000.JPG`). The file row (8 bytes)
/// fits in the word the coordinate's flag took: 176 bytes in all.
public struct Asset: Hashable, Codable, Sendable, Identifiable {
  public var id: AssetID
  /// Absolute path of the library root the file was found under.
  public var root: String
  /// Path relative to `root`: its folder and its name, kept apart (see `folder`).
  public var path: String {
    get { folder.isEmpty ? name : folder + name }
    set { (folder, name) = Self.split(newValue) }
  }
  /// The path's folder, up to and with its last `/` (empty for a file at the top of `root`): one
  /// string shared by the files of a folder when a reader gives them one (see
  /// `init(id:root:folder:name:…)`).
  public private(set) var folder: String
  /// The path's last component, after `folder`: a name of up to 15 bytes is held in the value.
  private var name: String
  /// The path's last component (its file's name), read as kept: no path is made.
  public var fileName: String { name }
  public var captureTime: CaptureTime
  public var kind: MediaKind
  /// Where the asset stands in the review (a Live Photo: as marked through its still or video).
  public var review: ReviewState = .unreviewed
  public var coordinate: Coordinate? {
    get { position.latitude.isInfinite ? nil : position }
    set { position = newValue ?? Self.nowhere }
  }
  /// `coordinate`, `nowhere` when there is none: a `Coordinate?` takes a word more for its flag.
  private var position: Coordinate
  /// No valid coordinate is infinite (see `Coordinate.validated`).
  private static let nowhere = Coordinate(latitude: .infinity, longitude: .infinity)
  public var make: String?
  public var model: String?
  /// The fields below `model`, nil when none is set.
  private var rare: Rare?
  /// See `fileRow`.
  private var row = FileRow()

  /// The row of the index's `file` table the asset was read from (its first place), when it was
  /// read from the index: the store's handle, by which a saved queue item finds its file again
  /// without a search. Not part of what the asset is: two reads of one file are equal assets.
  public var fileRow: Int64? {
    get { row.value == 0 ? nil : row.value }
    set { row.value = newValue ?? 0 }
  }

  /// The camera body's serial number (EXIF `BodySerialNumber`), when the file says.
  public var serial: String? {
    get { rare?.fields.serial }
    set { update { $0.serial = newValue } }
  }
  /// Why something about the file was wrong, when it was.
  public var problem: String? {
    get { rare?.fields.problem }
    set { update { $0.problem = newValue } }
  }
  /// The camera's burst identifier (Apple `BurstUUID`): assets sharing one form a single burst.
  public var burstID: String? {
    get { rare?.fields.burstID }
    set { update { $0.burstID = newValue } }
  }
  /// Apple's Live Photo identifier (`ContentIdentifier`), shared by a still and its video.
  public var contentIdentifier: String? {
    get { rare?.fields.contentIdentifier }
    set { update { $0.contentIdentifier = newValue } }
  }
  /// The video recorded with this still (a Live Photo): reviewed with it, never on its own.
  public var companion: Companion? {
    get { rare?.fields.companion }
    set { update { $0.companion = newValue } }
  }
  /// A video's length in seconds, when the file says.
  public var duration: Double? {
    get { rare?.fields.duration }
    set { update { $0.duration = newValue } }
  }
  /// The raw file of a RAW+JPEG pair (see `RawPairing`): reviewed with this photo, never on its
  /// own.
  public var raw: Companion? {
    get { rare?.fields.raw }
    set { update { $0.raw = newValue } }
  }
  /// Other places (absolute paths) the same content was found, in order; it is reviewed once.
  public var duplicates: [String] {
    get { rare?.fields.duplicates ?? [] }
    set { update { $0.duplicates = newValue } }
  }

  /// Where a still's companion video (or a photo's raw file) is.
  public struct Companion: Hashable, Codable, Sendable {
    public var id: AssetID
    /// Absolute path of the library root the video was found under.
    public var root: String
    /// Path relative to `root`.
    public var path: String

    public init(id: AssetID, root: String, path: String) {
      self.id = id
      self.root = root
      self.path = path
    }
  }

  public init(
    id: AssetID, root: String, path: String, kind: MediaKind, captureTime: CaptureTime,
    coordinate: Coordinate? = nil, make: String? = nil, model: String? = nil,
    problem: String? = nil, burstID: String? = nil, contentIdentifier: String? = nil, duration: Double? = nil,
    companion: Companion? = nil, duplicates: [String] = []
  ) {
    let (folder, name) = Self.split(path)
    self.init(
      id: id, root: root, folder: folder, name: name, kind: kind, captureTime: captureTime,
      coordinate: coordinate,
      make: make, model: model, problem: problem, burstID: burstID, contentIdentifier: contentIdentifier,
      duration: duration, companion: companion, duplicates: duplicates)
  }

  /// The asset whose path is `folder` (up to and with its last `/`; empty at the top of `root`)
  /// then `name` (no `/`): for a reader of many files, which keeps one string for the files of a
  /// folder and makes none for their paths.
  public init(
    id: AssetID, root: String, folder: String, name: String, kind: MediaKind, captureTime: CaptureTime,
    coordinate: Coordinate? = nil, make: String? = nil, model: String? = nil, serial: String? = nil,
    problem: String? = nil, burstID: String? = nil, contentIdentifier: String? = nil, duration: Double? = nil,
    companion: Companion? = nil, duplicates: [String] = []
  ) {
    self.id = id
    self.root = root
    (self.folder, self.name) = (folder, name)
    self.kind = kind
    self.captureTime = captureTime
    position = coordinate ?? Self.nowhere
    self.make = make
    self.model = model
    rare = Rare.box(
      RareFields(
        serial: serial, problem: problem, burstID: burstID, contentIdentifier: contentIdentifier,
        companion: companion, duration: duration, duplicates: duplicates))
  }

  /// `path` as its folder, with its last `/`, and its name.
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
    let end = path.utf8.index(after: slash)
    return (String(path[..<end]), String(path[end...]))
  }

  /// Sets a field of the box: a new box (another asset may share the old one), none when empty.
  /// Nothing is made when the asset has no box and keeps none (a listing sets `raw`, `companion`
  /// and `problem` on every asset, nearly always to nil).
  private mutating func update(_ change: (inout RareFields) -> Void) {
    var fields = rare?.fields ?? RareFields()
    change(&fields)
    if rare == nil, fields.isEmpty { return }
    rare = Rare.box(fields)
  }

  /// What few assets have.
  private struct RareFields: Hashable, Sendable {
    var serial: String?
    var problem: String?
    var burstID: String?
    var contentIdentifier: String?
    var companion: Companion?
    var duration: Double?
    var raw: Companion?
    var duplicates: [String] = []

    var isEmpty: Bool { self == RareFields() }
  }

  /// A file row (0 for none: rows are numbered from 1) that every other equals, and that hashes
  /// as nothing (see `fileRow`).
  private struct FileRow: Hashable, Sendable {
    var value: Int64 = 0

    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// The shared, never changed box of `RareFields`; equal and hashed by its fields.
  private final class Rare: Hashable, Sendable {
    let fields: RareFields

    private init(_ fields: RareFields) { self.fields = fields }

    /// The box of `fields`; nil when they are empty (decided before anything is allocated).
    static func box(_ fields: RareFields) -> Rare? { fields.isEmpty ? nil : Rare(fields) }

    static func == (a: Rare, b: Rare) -> Bool { a === b || a.fields == b.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
  }

  private enum CodingKeys: String, CodingKey {
    case id, root, path, kind, captureTime, coordinate, make, model, serial, problem, burstID
    case contentIdentifier, companion, duration, raw, duplicates, review
  }

  /// The keys of the fields, present or left out (nil) as a synthesized `Codable` does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(root, forKey: .root)
    try container.encode(path, forKey: .path)
    try container.encode(kind, forKey: .kind)
    try container.encode(captureTime, forKey: .captureTime)
    try container.encodeIfPresent(coordinate, forKey: .coordinate)
    try container.encodeIfPresent(make, forKey: .make)
    try container.encodeIfPresent(model, forKey: .model)
    try container.encodeIfPresent(serial, forKey: .serial)
    try container.encodeIfPresent(problem, forKey: .problem)
    try container.encodeIfPresent(burstID, forKey: .burstID)
    try container.encodeIfPresent(contentIdentifier, forKey: .contentIdentifier)
    try container.encodeIfPresent(companion, forKey: .companion)
    try container.encodeIfPresent(duration, forKey: .duration)
    try container.encodeIfPresent(raw, forKey: .raw)
    try container.encode(duplicates, forKey: .duplicates)
    try container.encode(review, forKey: .review)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(AssetID.self, forKey: .id)
    root = try container.decode(String.self, forKey: .root)
    (folder, name) = Self.split(try container.decode(String.self, forKey: .path))
    kind = try container.decode(MediaKind.self, forKey: .kind)
    captureTime = try container.decode(CaptureTime.self, forKey: .captureTime)
    position = try container.decodeIfPresent(Coordinate.self, forKey: .coordinate) ?? Self.nowhere
    make = try container.decodeIfPresent(String.self, forKey: .make)
    model = try container.decodeIfPresent(String.self, forKey: .model)
    review = try container.decode(ReviewState.self, forKey: .review)
    rare = Rare.box(
      RareFields(
        serial: try container.decodeIfPresent(String.self, forKey: .serial),
        problem: try container.decodeIfPresent(String.self, forKey: .problem),
        burstID: try container.decodeIfPresent(String.self, forKey: .burstID),
        contentIdentifier: try container.decodeIfPresent(String.self, forKey: .contentIdentifier),
        companion: try container.decodeIfPresent(Companion.self, forKey: .companion),
        duration: try container.decodeIfPresent(Double.self, forKey: .duration),
        raw: try container.decodeIfPresent(Companion.self, forKey: .raw),
        duplicates: try container.decode([String].self, forKey: .duplicates)))
  }
}
