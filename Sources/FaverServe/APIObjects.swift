import FaverKit
import Foundation

/// The JSON objects of the API besides the asset object (`AssetListing`, the same everywhere),
/// as `docs/api.md` describes them. Keys are written sorted, unknown values as `null`.
enum API {
  /// A moment as the browse grid lists it.
  struct MomentObject: Encodable {
    var id: String
    var start: String
    var end: String
    var boundary: String
    var bursts: Int
    var assets: Int
    /// Of `assets`, how many are photos and how many videos (a Live Photo is one photo).
    var photos: Int
    var videos: Int
    var reviewed: Int
    var favorites: Int
    var rejected: Int
    /// The asset id of the photo that stands for the moment.
    var cover: String
    var latitude: Double?
    var longitude: Double?
    /// `Sun 12 May 2024 · Lisbon, Portugal`.
    var title: String
    /// The moment's place (the manifest's `place` object), or `null`.
    var place: Place?

    init(_ summary: Library.MomentCard) {
      id = summary.id
      start = summary.summary.start
      end = summary.summary.end
      boundary = summary.boundary
      bursts = summary.bursts
      assets = summary.assets
      (photos, videos) = (summary.summary.photos, summary.summary.videos)
      reviewed = summary.reviewed
      favorites = summary.favorites
      rejected = summary.rejected
      cover = summary.cover.rawValue
      latitude = summary.coordinate?.latitude
      longitude = summary.coordinate?.longitude
      title = summary.summary.title
      place = summary.summary.place
    }

    enum CodingKeys: String, CodingKey {
      case id, start, end, boundary, bursts, assets, photos, videos, reviewed, favorites, rejected, cover
      case latitude, longitude
      case title, place
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(start, forKey: .start)
      try container.encode(end, forKey: .end)
      try container.encode(boundary, forKey: .boundary)
      try container.encode(bursts, forKey: .bursts)
      try container.encode(assets, forKey: .assets)
      try container.encode(photos, forKey: .photos)
      try container.encode(videos, forKey: .videos)
      try container.encode(reviewed, forKey: .reviewed)
      try container.encode(favorites, forKey: .favorites)
      try container.encode(rejected, forKey: .rejected)
      try container.encode(cover, forKey: .cover)
      try container.encode(latitude, forKey: .latitude)
      try container.encode(longitude, forKey: .longitude)
      try container.encode(title, forKey: .title)
      try container.encode(place, forKey: .place)
    }
  }

  /// `GET /api/moments`.
  struct MomentPage: Encodable {
    var moments: [MomentObject]
    /// Pass as `after` for the next page; `null` on the last.
    var next: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(moments, forKey: .moments)
      try container.encode(next, forKey: .next)
    }

    enum CodingKeys: String, CodingKey { case moments, next }
  }

  /// `GET /api/assets/{id}/exposure`: every key always present, `null` when the file does not say.
  struct ExposureObject: Encodable {
    var exposure: Exposure

    init(_ exposure: Exposure) { self.exposure = exposure }

    enum CodingKeys: String, CodingKey { case lens, exposureTime, fNumber, iso, focalLength }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(exposure.lens, forKey: .lens)
      try container.encode(exposure.exposureTime, forKey: .exposureTime)
      try container.encode(exposure.fNumber, forKey: .fNumber)
      try container.encode(exposure.iso, forKey: .iso)
      try container.encode(exposure.focalLength, forKey: .focalLength)
    }
  }

  /// A month of moments, for the browse page's jump bar.
  struct MonthObject: Encodable {
    /// `YYYY-MM`; `null` for the undated moment.
    var month: String?
    /// The id of its first moment.
    var first: String
    var moments: Int

    init(_ month: Library.MomentMonth) {
      self.month = month.month
      first = month.first
      moments = month.moments
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(month, forKey: .month)
      try container.encode(first, forKey: .first)
      try container.encode(moments, forKey: .moments)
    }

    enum CodingKeys: String, CodingKey { case month, first, moments }
  }

  /// `GET /api/months`.
  struct MonthList: Encodable {
    var months: [MonthObject]
  }

  /// A burst: its id and its assets' ids, in order.
  struct BurstObject: Encodable {
    var id: String
    var assets: [String]
  }

  /// `GET /api/moments/{id}/assets`: the moment, every asset in it in order, and how they group
  /// into bursts.
  struct MomentAssets: Encodable {
    var moment: MomentObject
    var bursts: [BurstObject]
    var assets: [AssetListing]
  }

  /// `GET /api/review`: the photo on screen, its moment and the library's progress.
  struct ReviewPosition: Encodable {
    var asset: AssetListing
    var moment: MomentObject
    var previousMoment: String?
    var nextMoment: String?
    var progress: ProgressObject

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(asset, forKey: .asset)
      try container.encode(moment, forKey: .moment)
      try container.encode(previousMoment, forKey: .previousMoment)
      try container.encode(nextMoment, forKey: .nextMoment)
      try container.encode(progress, forKey: .progress)
    }

    enum CodingKeys: String, CodingKey { case asset, moment, previousMoment, nextMoment, progress }
  }

  struct ProgressObject: Encodable {
    var reviewed: Int
    var total: Int
    /// 0…1; 1 for an empty library.
    var fraction: Double

    init(_ progress: ReviewProgress) {
      reviewed = progress.reviewed
      total = progress.total
      fraction = progress.fraction
    }
  }

  /// `POST /api/assets/{id}/mark`'s body.
  struct MarkRequest: Decodable {
    var state: ReviewState
    /// When the mark was made (ISO 8601), for a mark sent late: see `LateMarkTime`.
    var at: String?
  }

  /// `PUT /api/cursor`'s body.
  struct CursorRequest: Decodable {
    var id: String
  }

  /// Every error: a sentence a person can act on.
  struct ErrorObject: Encodable {
    var error: String
  }

  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
}
