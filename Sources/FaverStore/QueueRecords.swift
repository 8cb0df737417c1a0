package import FaverCore
import Foundation
import GRDB

/// The saved review queue's values: what built it (`QueueStamp`), its moments and its items, as
/// their rows hold them.
extension IndexStore {
  /// What a saved queue was built from.
  package struct QueueStamp: Hashable, Codable, Sendable {
    /// Bumped when the way the queue is built or saved changes: an older table is rebuilt.
    /// 2: moments keep their boundary, the stamp its threshold. 3: items packed per moment. 4:
    /// packed positions and bursts from the previous item's, the sources in one byte.
    package static let format = 4

    package var format: Int
    /// The digest of the rules that built the queue; a queue of other rules is stale.
    package var recipe: String
    package var generation: Int
    package var mode: MomentClusterer.Mode
    /// The clustering's threshold (`MomentClusterer.Result.threshold`).
    package var threshold: Double?
    /// The last row of `file` the queue was built from, when the data had not changed since it was
    /// read: files past it are new (see `readPlan`).
    package var lastFileRow: Int64?
    /// The ids of the roots when the stamp was written (ids are never reused): a root added or
    /// forgotten since is one change of the data generation the planner accounts for. Nil in a
    /// stamp written before it: any root change then rebuilds.
    package var roots: [Int64]?

    /// A stamp of this faver's format, for a queue built by the rules of digest `recipe` (see
    /// `QueueRecipe.digest`).
    package init(generation: Int, mode: MomentClusterer.Mode, threshold: Double? = nil, recipe: String) {
      (format, self.recipe, self.generation, self.mode, self.threshold) = (
        Self.format, recipe, generation, mode, threshold
      )
    }

    /// Whether the queue it stamps was built and saved the way this faver does, by the rules of
    /// `recipe`.
    func isCurrent(recipe: String) -> Bool { format == Self.format && self.recipe == recipe }

    /// Whether the queue it stamps is the one `mode` would build by the rules of `recipe` from the
    /// data of `generation`.
    func isFresh(generation: Int, mode: MomentClusterer.Mode, recipe: String) -> Bool {
      isCurrent(recipe: recipe) && self.generation == generation && self.mode == mode
    }
  }

  /// One asset of the saved queue.
  package struct QueuedItem: Hashable, Sendable {
    package var position: Int
    package var assetID: AssetID
    package var companionID: AssetID?
    package var rawID: AssetID?
    package var burst: Int
    package var moment: Int
    /// The placed capture time (see `Timeline`).
    package var captureTime: CaptureTime
    /// The placed problem (see `Timeline`).
    package var problem: String?
    /// Whether one of its files is marked (see `updateQueueReviewed`).
    package var reviewed: Bool
    /// The row of `file` that was its only file when it was saved (`Asset.fileRow`, none when the
    /// asset had copies).
    var fileID: Int64?

    package var cursor: FaverCore.Cursor { FaverCore.Cursor(assetID: assetID, instant: captureTime.instant) }

    init(
      position: Int, assetID: AssetID, companionID: AssetID?, rawID: AssetID?, burst: Int, moment: Int,
      captureTime: CaptureTime, problem: String?, reviewed: Bool, fileID: Int64?
    ) {
      (self.position, self.assetID, self.companionID, self.rawID) = (position, assetID, companionID, rawID)
      (self.burst, self.moment, self.captureTime, self.problem) = (burst, moment, captureTime, problem)
      (self.reviewed, self.fileID) = (reviewed, fileID)
    }

    /// The items at positions `first ..< end`, in queue order (see `IndexStore.items(from:to:)`).
    static func fetchAll(_ db: Database, from first: Int, to end: Int) throws -> [QueuedItem] {
      try IndexStore.items(from: first, to: end, in: db)
    }
  }
}

extension QueuedMoment {
  /// The columns of `queueMoment`, in the order `init(row:)` reads them.
  static let selection = """
    ordinal, momentId, firstPosition, total, reviewed, start, "end", photos, videos, title, placeName, \
    placeAdmin1, placeCountry, placeCountryCode, placeLatitude, placeLongitude, boundary, gapSeconds, \
    thresholdSeconds, meters, endPosition
    """

  init(row: Row) {
    var place: Place?
    if let country: String = row[12], let code: String = row[13], let latitude: Double = row[14],
      let longitude: Double = row[15]
    {
      place = Place(
        name: row[10], admin1: row[11], country: country, countryCode: code, latitude: latitude,
        longitude: longitude)
    }
    self.init(
      ordinal: row[0],
      summary: MomentSummary(
        id: row[1], start: row[5], end: row[6], photos: row[7], videos: row[8], title: row[9], place: place),
      boundary: Manifest.BoundaryEntry(
        reason: row[16], gapSeconds: row[17], thresholdSeconds: row[18], meters: row[19]),
      total: row[3], reviewed: row[4], firstPosition: row[2], endPosition: row[20])
  }

  /// Reads the columns of `selection` at the cursor's row, as `init(row:)` reads them (GRDB's
  /// `Row` cost a sixth of a manifest written again at a million assets).
  init(_ columns: borrowing ColumnCursor) {
    var place: Place?
    if !columns.isNull(12), !columns.isNull(13), !columns.isNull(14), !columns.isNull(15) {
      place = Place(
        name: columns.optionalString(10), admin1: columns.optionalString(11), country: columns.string(12),
        countryCode: columns.string(13), latitude: columns.double(14), longitude: columns.double(15))
    }
    self.init(
      ordinal: columns.int(0),
      summary: MomentSummary(
        id: columns.string(1), start: columns.string(5), end: columns.string(6), photos: columns.int(7),
        videos: columns.int(8), title: columns.string(9), place: place),
      boundary: Manifest.BoundaryEntry(
        reason: columns.string(16), gapSeconds: columns.optionalDouble(17),
        thresholdSeconds: columns.optionalDouble(18), meters: columns.optionalDouble(19)),
      total: columns.int(3), reviewed: columns.int(4), firstPosition: columns.int(2),
      endPosition: columns.isNull(20) ? nil : columns.int(20))
  }
}
