import FaverKit
import Foundation

/// The JSON objects of the API besides the asset object (`AssetListing`, the same everywhere), the
/// moment object (`Library.MomentCard`) and a page of them (`Library.MomentPage`),
/// as `docs/api.md` describes them. Keys are written sorted, unknown values as `null`.
enum API {
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

  /// `GET /api/moments/{id}/assets`: the moment, every asset in it in order, how they group
  /// into bursts, and into similar groups (bursts included), each one stop of the review with
  /// the photo to keep suggested; the moments before and after it (`null` at either end).
  struct MomentAssets: Encodable {
    var moment: Library.MomentCard
    var bursts: [BurstObject]
    var assets: [AssetListing]
    var groups: [SimilarGroup]
    var previousMoment: String?
    var nextMoment: String?

    init(_ found: Library.MomentStops) {
      moment = found.card
      bursts = found.moment.bursts.map { BurstObject(id: $0.id, assets: $0.assets.map(\.id.rawValue)) }
      assets = found.moment.assets.map(AssetListing.init)
      groups = found.groups
      previousMoment = found.previousMoment
      nextMoment = found.nextMoment
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(moment, forKey: .moment)
      try container.encode(bursts, forKey: .bursts)
      try container.encode(assets, forKey: .assets)
      try container.encode(groups, forKey: .groups)
      try container.encode(previousMoment, forKey: .previousMoment)
      try container.encode(nextMoment, forKey: .nextMoment)
    }

    enum CodingKeys: String, CodingKey { case moment, bursts, assets, groups, previousMoment, nextMoment }
  }

  /// `GET /api/review`: the photo on screen, its moment and the library's progress.
  struct ReviewPosition: Encodable {
    var asset: AssetListing
    var moment: Library.MomentCard
    var previousMoment: String?
    var nextMoment: String?
    var progress: ProgressObject
    /// The similar group (or burst) the asset is in; `null` when in none.
    var group: SimilarGroup?
    /// With `?stops=1`, the moment's stops as `GET /api/moments/{id}/assets` answers them (a page
    /// that opens shows its first photo from one request); absent without it.
    var stops: MomentAssets? = nil

    init(_ place: Library.ReviewPosition, stops: Library.MomentStops? = nil) {
      asset = AssetListing(place.asset)
      moment = place.moment
      previousMoment = place.previousMoment
      nextMoment = place.nextMoment
      progress = ProgressObject(place.progress)
      group = place.group
      self.stops = stops.map(MomentAssets.init)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(asset, forKey: .asset)
      try container.encode(moment, forKey: .moment)
      try container.encode(previousMoment, forKey: .previousMoment)
      try container.encode(nextMoment, forKey: .nextMoment)
      try container.encode(progress, forKey: .progress)
      try container.encode(group, forKey: .group)
      try container.encodeIfPresent(stops, forKey: .stops)
    }

    enum CodingKeys: String, CodingKey {
      case asset, moment, previousMoment, nextMoment, progress, group, stops
    }
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
