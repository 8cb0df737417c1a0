/// One indexed photo or video, as the rest of faver sees it.
public struct Asset: Hashable, Codable, Sendable, Identifiable {
  public var id: AssetID
  /// Absolute path of the library root the file was found under.
  public var root: String
  /// Path relative to `root`.
  public var path: String
  public var kind: MediaKind
  public var captureTime: CaptureTime
  public var coordinate: Coordinate?
  public var make: String?
  public var model: String?
  /// The camera body's serial number (EXIF `BodySerialNumber`), when the file says.
  public var serial: String? = nil
  /// Why something about the file was wrong, when it was.
  public var problem: String?
  /// The camera's burst identifier (Apple `BurstUUID`): assets sharing one form a single burst.
  public var burstID: String? = nil
  /// Apple's Live Photo identifier (`ContentIdentifier`), shared by a still and its video.
  public var contentIdentifier: String? = nil
  /// The video recorded with this still (a Live Photo): reviewed with it, never on its own.
  public var companion: Companion? = nil
  /// A video's length in seconds, when the file says.
  public var duration: Double? = nil
  /// The raw file of a RAW+JPEG pair (see `RawPairing`): reviewed with this photo, never on its
  /// own.
  public var raw: Companion? = nil
  /// Other places (absolute paths) the same content was found, in order; it is reviewed once.
  public var duplicates: [String] = []
  /// Where the asset stands in the review (a Live Photo: as marked through its still or video).
  public var review: ReviewState = .unreviewed

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
    self.id = id
    self.root = root
    self.path = path
    self.kind = kind
    self.captureTime = captureTime
    self.coordinate = coordinate
    self.make = make
    self.model = model
    self.problem = problem
    self.burstID = burstID
    self.contentIdentifier = contentIdentifier
    self.duration = duration
    self.companion = companion
    self.duplicates = duplicates
  }
}
