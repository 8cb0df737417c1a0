import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "map",
      abstract: "Show where the photos were taken: at most 64 points, or GeoJSON for a map.",
      discussion: """
        The photos and videos with GPS inside the box (by default, the extent of them all) are \
        grouped by an 8×8 grid into at most 64 points, each at a photo's position where most of \
        its assets are, with their count, a few asset ids, the moments they belong to and the \
        nearest place. --json prints a GeoJSON FeatureCollection that Leaflet, MapLibre and \
        QGIS read as it is.
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    @Option(
      help: ArgumentHelp(
        "Only this box: west,south,east,north in decimal degrees (west > east crosses the 180th meridian).",
        valueName: "W,S,E,N"))
    var bbox: String?

    @Flag(help: "Print GeoJSON (sorted keys) instead of a table.")
    var json = false

    func validate() throws {
      if let bbox, BoundingBox(parsing: bbox) == nil {
        throw ValidationError(
          "--bbox takes west,south,east,north in degrees (e.g. -10,35,5,44): longitudes within ±180, "
            + "latitudes within ±90, south not north of north.")
      }
    }

    func run() throws {
      let map = try storeOptions.library().map(
        bbox: bbox.flatMap(BoundingBox.init(parsing:)), mode: clusterOptions.chosen)
      if json {
        print(try Output.json(map))
        return
      }
      guard let box = map.bbox else {
        print("No photo or video has GPS.")
        return
      }
      let edges = [box.west, box.south, box.east, box.north].map { Self.degrees($0) }.joined(separator: ",")
      print(
        "\(map.count.counted("photo or video", plural: "photos and videos")) with GPS in \(edges) (W,S,E,N): "
          + map.clusters.count.counted("point"))
      guard !map.clusters.isEmpty else { return }
      print(Self.row("latitude", "longitude", "count", "moments", "place"))
      for cluster in map.clusters {
        print(
          Self.row(
            Self.degrees(cluster.latitude), Self.degrees(cluster.longitude), String(cluster.count),
            String(cluster.moments.count), Terminal.escaped(cluster.place?.label ?? "")))
      }
    }

    /// Four decimals: about 10 m.
    static func degrees(_ value: Double) -> String { String(format: "%.4f", value) }

    static func row(
      _ latitude: String, _ longitude: String, _ count: String, _ moments: String, _ place: String
    )
      -> String
    {
      func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
      }
      return right(latitude, 9) + "  " + right(longitude, 10) + "  " + right(count, 6) + "  "
        + right(moments, 7)
        + "  " + place
    }
  }
}
