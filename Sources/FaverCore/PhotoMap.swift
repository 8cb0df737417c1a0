/// The library on a map: the photos and videos with GPS inside a box, grouped by an 8 × 8 grid
/// into at most 64 points, written as a GeoJSON FeatureCollection (RFC 7946) that Leaflet,
/// MapLibre and QGIS read as it is.
///
/// The box is cut into `gridSize` × `gridSize` equal cells (a box of zero width or height is one
/// column or one row); an asset on an inner edge belongs to the cell east or north of it, one on
/// the box's east or north edge to the last cell. Each cell holding assets becomes one point at
/// their centroid (the mean latitude and longitude) with their `count`, the ids of the first
/// `sampleSize` in capture order, and the moments they belong to, in order. Points are listed
/// south to north, then west to east.
public struct PhotoMap: Hashable, Sendable, Encodable {
  public static let gridSize = 8
  public static let sampleSize = 5

  /// The assets of one grid cell.
  public struct Cluster: Hashable, Sendable {
    /// The centroid.
    public var latitude: Double
    public var longitude: Double
    public var count: Int
    /// The first `sampleSize` assets, in capture order.
    public var assetIDs: [String]
    /// The moments of the cell's assets, by id, in capture order.
    public var moments: [String]
    /// The place at the centroid, when one is known (see `FaverPlaces.PlaceFinder`).
    public var place: Place?
  }

  /// The box mapped; nil when no box was given and no asset has GPS.
  public var bbox: BoundingBox?
  public var clusters: [Cluster]

  /// `assets` in capture order; `momentIDs` names each asset's moment; `bbox` nil maps the
  /// extent of every asset with GPS.
  public init(assets: [Asset], momentIDs: [AssetID: String], bbox: BoundingBox?) {
    let located = assets.compactMap { asset in asset.coordinate.map { (asset, $0) } }
    let box = bbox ?? BoundingBox.extent(of: located.map(\.1))
    self.bbox = box
    guard let box else {
      clusters = []
      return
    }
    let size = Self.gridSize
    var cells: [Int: Cell] = [:]
    for (asset, point) in located where box.contains(point) {
      let east = box.offsetEast(of: point.longitude)
      let column = box.width > 0 ? min(size - 1, Int(east / box.width * Double(size))) : 0
      let row =
        box.height > 0 ? min(size - 1, Int((point.latitude - box.south) / box.height * Double(size))) : 0
      cells[row * size + column, default: Cell()].add(
        asset.id, latitude: point.latitude, east: east, moment: momentIDs[asset.id])
    }
    clusters = cells.sorted { $0.key < $1.key }.map { _, cell in
      var longitude = box.west + cell.east / Double(cell.count)
      if longitude > 180 { longitude -= 360 }
      return Cluster(
        latitude: cell.latitude / Double(cell.count), longitude: longitude, count: cell.count,
        assetIDs: cell.ids, moments: cell.moments)
    }
  }

  /// The sums a cluster is made of.
  private struct Cell {
    var latitude = 0.0
    var east = 0.0
    var count = 0
    var ids: [String] = []
    var moments: [String] = []
    var seen: Set<String> = []

    mutating func add(_ id: AssetID, latitude: Double, east: Double, moment: String?) {
      count += 1
      self.latitude += latitude
      self.east += east
      if ids.count < PhotoMap.sampleSize { ids.append(id.rawValue) }
      if let moment, seen.insert(moment).inserted { moments.append(moment) }
    }
  }

  /// Every asset mapped.
  public var count: Int { clusters.reduce(0) { $0 + $1.count } }

  enum Keys: String, CodingKey {
    case type, bbox, features, geometry, coordinates, properties
    case count, assetIds, moments, place
  }

  /// The GeoJSON FeatureCollection: `bbox` `[W, S, E, N]` (left out when nil), one `Point`
  /// feature per cluster, `[longitude, latitude]`, with `count`, `assetIds`, `moments` and
  /// `place` (the place's label, or null) as properties.
  public func encode(to encoder: any Encoder) throws {
    var collection = encoder.container(keyedBy: Keys.self)
    try collection.encode("FeatureCollection", forKey: .type)
    if let bbox {
      try collection.encode([bbox.west, bbox.south, bbox.east, bbox.north], forKey: .bbox)
    }
    var features = collection.nestedUnkeyedContainer(forKey: .features)
    for cluster in clusters {
      var feature = features.nestedContainer(keyedBy: Keys.self)
      try feature.encode("Feature", forKey: .type)
      var geometry = feature.nestedContainer(keyedBy: Keys.self, forKey: .geometry)
      try geometry.encode("Point", forKey: .type)
      try geometry.encode([cluster.longitude, cluster.latitude], forKey: .coordinates)
      var properties = feature.nestedContainer(keyedBy: Keys.self, forKey: .properties)
      try properties.encode(cluster.count, forKey: .count)
      try properties.encode(cluster.assetIDs, forKey: .assetIds)
      try properties.encode(cluster.moments, forKey: .moments)
      try properties.encode(cluster.place?.label, forKey: .place)
    }
  }
}
