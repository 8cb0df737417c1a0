public import FaverCore
internal import FaverPlaces
internal import Logging

/// Places: each moment named by where most of its photos were taken, and the library on a map.
/// Names come from the table of populated places built into faver (GeoNames); never a network
/// call. Without that table (a binary copied without its `faver_FaverPlaces.resources` folder)
/// moments have no place and a warning says why; nothing else changes.
extension Library {
  /// Where the place names come from, for `faver --version`.
  public static let placeNamesAttribution = PlaceTable.attribution

  /// The place of each of `moments` that has one (see `PlaceFinder`), by moment id.
  func places(of moments: [Moment]) -> [String: Place] {
    var finder = placeFinder()
    guard finder != nil else { return [:] }
    var places: [String: Place] = [:]
    for moment in moments {
      if let place = Self.place(of: moment, by: &finder) { places[moment.id] = place }
    }
    return places
  }

  /// The place of `moment` by `finder` (see `places(of:)`): for a caller that does not keep them
  /// all. Only the positions are read, in place: a copy of each asset cost more than the lookup.
  static func place(of moment: Moment, by finder: inout PlaceFinder?) -> Place? {
    guard finder != nil else { return nil }
    var points: [Coordinate] = []
    for burst in moment.bursts {
      for index in burst.assets.indices {
        if let point = burst.assets[index].coordinate { points.append(point) }
      }
    }
    return finder?.place(ofPoints: points)
  }

  /// `place(of:by:)` of moment `index` of `cuts`, the clustering of `assets`, read from its
  /// ranges (see `MomentClusterer.Cuts.summary(ofMoment:of:place:)`).
  static func place(
    ofMoment index: Int, in cuts: MomentClusterer.Cuts, of assets: [Asset], by finder: inout PlaceFinder?
  ) -> Place? {
    guard finder != nil else { return nil }
    var points: [Coordinate] = []
    cuts.forEachMember(ofMoment: index) { member in
      if let point = assets[member].coordinate { points.append(point) }
    }
    return finder?.place(ofPoints: points)
  }

  /// The library's photos and videos with GPS inside `bbox` (else the extent of them all) as at
  /// most 64 points (see `PhotoMap`), each with the moments of `mode` (see `clusteringMode`) its
  /// assets belong to and the place at its point. Read from the saved queue: only the assets with
  /// a position are held.
  public func map(bbox: BoundingBox? = nil, mode: MomentClusterer.Mode? = nil) throws -> PhotoMap {
    var located: [Asset] = []
    var momentIDs: [AssetID: String] = [:]
    try forEachAsset(reviewedOnly: false, mode: mode) { asset, momentID in
      guard asset.coordinate != nil else { return }
      located.append(asset)
      momentIDs[asset.id] = momentID
    }
    var map = PhotoMap(assets: located, momentIDs: momentIDs, bbox: bbox)
    if var finder = placeFinder() {
      for index in map.clusters.indices {
        let cluster = map.clusters[index]
        map.clusters[index].place = finder.place(
          at: Coordinate(latitude: cluster.latitude, longitude: cluster.longitude))
      }
    }
    return map
  }

  /// A finder on the table built into faver; nil, with a warning, when it cannot be read.
  func placeFinder() -> PlaceFinder? {
    do {
      return PlaceFinder(table: try PlaceTable.bundled())
    } catch {
      logger.warning("\(error.description) Moments have no place names.")
      return nil
    }
  }
}
