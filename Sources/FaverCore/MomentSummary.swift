/// What a person needs to know of a moment at a glance: when, how much, where.
public struct MomentSummary: Hashable, Codable, Sendable {
  public var id: String
  /// The first and last capture times, as `CaptureTime.iso8601` (wall clock, as the files said).
  public var start: String
  public var end: String
  /// Every asset of the moment, reviewed or not, by kind.
  public var photos: Int
  public var videos: Int
  /// `Sat 12 May 2024 · Lisbon, Portugal` (see `title(for:place:)`).
  public var title: String
  public var place: Place?

  public init(
    id: String, start: String, end: String, photos: Int, videos: Int, title: String, place: Place?
  ) {
    (self.id, self.start, self.end, self.photos, self.videos) = (id, start, end, photos, videos)
    (self.title, self.place) = (title, place)
  }

  public init(_ moment: Moment, place: Place?) {
    // Read in place, burst by burst: copying a million assets out of their bursts costs more than
    // the clustering.
    self.init(
      members: moment.bursts.lazy.flatMap(\.assets), id: moment.id, boundary: moment.boundary, place: place,
      time: \.captureTime, kind: \.kind, assetID: \.id)
  }

  /// The summary of the moment of `id` and `boundary` whose members are `members`, burst by
  /// burst (as `Moment.bursts` holds them), at `place`; each member's capture time, kind and id
  /// read by `time`, `kind` and `assetID` (an asset's fields read where it is, not copied out).
  init<Members: Collection>(
    members: Members, id: String, boundary: Moment.Boundary, place: Place?,
    time: (Members.Element) -> CaptureTime, kind: (Members.Element) -> MediaKind,
    assetID: (Members.Element) -> AssetID
  ) {
    self.id = id
    var latest: (member: Members.Element, time: CaptureTime)?
    var counts = (photos: 0, videos: 0)
    for member in members {
      if kind(member) == .video { counts.videos += 1 } else { counts.photos += 1 }
      let instant = time(member).instant
      // The last in capture order (`Asset.captureOrder`: by instant, then id).
      if let last = latest,
        instant < last.time.instant
          || (instant == last.time.instant && !(assetID(last.member) < assetID(member)))
      {
        continue
      }
      latest = (member, time(member))
    }
    let first = members.first.map(time)
    start = first?.iso8601 ?? ""
    end = latest?.time.iso8601 ?? ""
    (photos, videos) = counts
    title = Self.title(first: first, boundary: boundary, place: place)
    self.place = place
  }

  enum CodingKeys: String, CodingKey {
    case id, start, end, photos, videos, title, place
  }

  /// Writes `place` as `null` when unknown, where `Codable`'s default would leave the key out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(start, forKey: .start)
    try container.encode(end, forKey: .end)
    try container.encode(photos, forKey: .photos)
    try container.encode(videos, forKey: .videos)
    try container.encode(title, forKey: .title)
    try container.encode(place, forKey: .place)
  }

  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The moment's local date — its first asset's wall clock as the file said it, the date part of
  /// `CaptureTime.iso8601`, in English — then ` · ` and the place's `label` when there is one:
  /// `Sat 12 May 2024 · Lisbon, Portugal`, `Sat 12 May 2024`. The undated moment is `Undated`.
  public static func title(for moment: Moment, place: Place?) -> String {
    title(first: moment.bursts.first?.assets.first?.captureTime, boundary: moment.boundary, place: place)
  }

  /// `title(for:place:)` of the moment of `boundary` whose first asset was taken at `first`.
  static func title(first: CaptureTime?, boundary: Moment.Boundary, place: Place?) -> String {
    guard boundary != .undated, let first else { return "Undated" }
    let date = title(
      of: CivilDateTime(secondsSince1970: first.wallClockMilliseconds.floorDivided(by: 1000)))
    return place.map { "\(date) · \($0.label)" } ?? date
  }

  /// `Sat 12 May 2024`.
  static func title(of date: CivilDateTime) -> String {
    let days = CivilDateTime.days(year: date.year, month: date.month, day: date.day)
    // 1970-01-01 was a Thursday.
    let weekday = ((days + 4) % 7 + 7) % 7
    return "\(weekdays[weekday]) \(date.day) \(months[date.month - 1]) \(date.year)"
  }
}
