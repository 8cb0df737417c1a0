/// The library on a map: the photos and videos with GPS inside a box, grouped by an 8 × 8 grid
/// into at most 64 points, written as a GeoJSON FeatureCollection (RFC 7946) that Leaflet,
/// MapLibre and QGIS read as it is.
///
/// The box is cut into `gridSize` × `gridSize` equal cells (a box of zero width or height is one
/// column or one row); an asset on an inner edge belongs to the cell east or north of it, one on
/// the box's east or north edge to the last cell. Each cell holding assets becomes one point
/// where its assets are, with their `count`, the ids of the first `sampleSize` in capture order,
/// and the moments they belong to, in order. Points are listed south to north, then west to east.
///
/// A cell's point is an asset's own position, in its most crowded part: the cell is cut again
/// into `gridSize` × `gridSize` sub-cells, the sub-cell holding the most assets wins (the first,
/// south to north then west to east, on a tie), and the point is the position of its asset
/// nearest the mean of its assets (the first in capture order on a tie). The mean of a whole cell
/// would fall between far groups (in the sea between two cities); this point is where photos
/// were taken, among the most of them.
public struct PhotoMap: Hashable, Sendable, Encodable {
  public static let gridSize = 8
  public static let sampleSize = 5

  /// The assets of one grid cell.
  public struct Cluster: Hashable, Sendable {
    /// An asset's position, where most of the cell's assets are (see the type's rule).
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
    let (cellHeight, cellWidth) = (box.height / Double(size), box.width / Double(size))
    /// The index of `value` in `count` equal parts of `span` from 0 (0 for an empty span), the
    /// last part taking its end.
    func part(_ value: Double, of span: Double, _ count: Int) -> Int {
      span > 0 ? max(0, min(count - 1, Int(value / span * Double(count)))) : 0
    }
    var cells: [Int: Cell] = [:]
    for (asset, point) in located where box.contains(point) {
      let east = box.offsetEast(of: point.longitude)
      let north = point.latitude - box.south
      let (row, column) = (part(north, of: box.height, size), part(east, of: box.width, size))
      let sub =
        part(north - Double(row) * cellHeight, of: cellHeight, size) * size
        + part(east - Double(column) * cellWidth, of: cellWidth, size)
      cells[row * size + column, default: Cell()].add(
        asset.id, latitude: point.latitude, east: east, sub: sub, moment: momentIDs[asset.id])
    }
    clusters = cells.sorted { $0.key < $1.key }.map { _, cell in
      let (latitude, east) = cell.spot
      var longitude = box.west + east
      if longitude > 180 { longitude -= 360 }
      return Cluster(
        latitude: latitude, longitude: longitude, count: cell.count, assetIDs: cell.ids, moments: cell.moments
      )
    }
  }

  /// The assets of one cell, as they are added.
  private struct Cell {
    var count = 0
    var ids: [String] = []
    var moments: [String] = []
    var seen: Set<String> = []
    /// Each asset's latitude, its offset east of the box's west edge, and its sub-cell.
    var positions: [(latitude: Double, east: Double, sub: Int)] = []

    mutating func add(_ id: AssetID, latitude: Double, east: Double, sub: Int, moment: String?) {
      count += 1
      positions.append((latitude, east, sub))
      if ids.count < PhotoMap.sampleSize { ids.append(id.rawValue) }
      if let moment, seen.insert(moment).inserted { moments.append(moment) }
    }

    /// The position of the asset nearest the mean of the most crowded sub-cell.
    var spot: (latitude: Double, east: Double) {
      var counts: [Int: Int] = [:]
      for position in positions { counts[position.sub, default: 0] += 1 }
      let crowded = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 0
      let members = positions.filter { $0.sub == crowded }
      let mean = (
        latitude: members.reduce(0) { $0 + $1.latitude } / Double(members.count),
        east: members.reduce(0) { $0 + $1.east } / Double(members.count)
      )
      var best = members[0]
      var bestDistance = Double.infinity
      for member in members {
        let distance =
          (member.latitude - mean.latitude) * (member.latitude - mean.latitude)
          + (member.east - mean.east) * (member.east - mean.east)
        if distance < bestDistance { (best, bestDistance) = (member, distance) }
      }
      return (best.latitude, best.east)
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
