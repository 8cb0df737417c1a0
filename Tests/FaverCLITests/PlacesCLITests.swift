import FaverTestSupport
import Foundation
import Testing

/// SampleLibrary indexed into a store of its own (the commands below write its manifest).
private func sampleStore() throws -> (tree: TemporaryTree, store: String) {
  let tree = try TemporaryTree()
  let store = tree.root.appendingPathComponent("store").path
  #expect(try faver(["index", Paths.sampleLibrary.path, "--store", store]).status == 0)
  return (tree, store)
}

private func json(_ result: ProcessResult) throws -> Any {
  #expect(result.status == 0, "\(result.stderr)")
  return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
}

/// The assets of `assets --json` with GPS, as (id, latitude, longitude).
private func located(store: String) throws -> [(id: String, latitude: Double, longitude: Double)] {
  let assets = try #require(try json(faver(["assets", "--json", "--store", store])) as? [[String: Any]])
  return assets.compactMap { asset in
    guard let id = asset["id"] as? String, let latitude = asset["latitude"] as? Double,
      let longitude = asset["longitude"] as? Double
    else { return nil }
    return (id, latitude, longitude)
  }
}

/// Checks `value` is a GeoJSON FeatureCollection of Points (RFC 7946) and returns its features.
private func geoJSONPoints(_ value: Any) throws -> [[String: Any]] {
  let collection = try #require(value as? [String: Any])
  #expect(collection["type"] as? String == "FeatureCollection")
  let features = try #require(collection["features"] as? [[String: Any]])
  for feature in features {
    #expect(feature["type"] as? String == "Feature")
    let geometry = try #require(feature["geometry"] as? [String: Any])
    #expect(geometry["type"] as? String == "Point")
    let position = try #require(geometry["coordinates"] as? [Double])
    #expect(position.count == 2 && abs(position[0]) <= 180 && abs(position[1]) <= 90)
    #expect(feature["properties"] is [String: Any])
  }
  return features
}

@Test func mapJSONIsGeoJSONWhosePointsCountEveryAssetWithGPSInTheBox() throws {
  let (tree, store) = try sampleStore()
  defer { withExtendedLifetime(tree) {} }
  let assets = try located(store: store)
  #expect(assets.count > 10)
  // The whole library, then a box around Paris only, then a box across the 180th meridian.
  for (bbox, inBox) in [
    (nil, { (_: Double, _: Double) in true }),
    (
      "2,48,3,49",
      { (latitude: Double, longitude: Double) in (48...49).contains(latitude) && (2...3).contains(longitude) }
    ),
    ("170,-10,-170,10", { (_: Double, _: Double) in false }),
  ] as [(String?, (Double, Double) -> Bool)] {
    let output = try json(faver(["map", "--json", "--store", store] + (bbox.map { ["--bbox", $0] } ?? [])))
    let features = try geoJSONPoints(output)
    #expect(features.count <= 64)
    let counts = features.compactMap { ($0["properties"] as? [String: Any])?["count"] as? Int }
    let expected = assets.filter { inBox($0.latitude, $0.longitude) }
    #expect(counts.reduce(0, +) == expected.count, "\(bbox ?? "whole library")")
    let ids = Set(expected.map(\.id))
    for feature in features {
      let properties = try #require(feature["properties"] as? [String: Any])
      let sample = try #require(properties["assetIds"] as? [String])
      #expect(!sample.isEmpty && sample.count <= 5 && Set(sample).isSubset(of: ids))
      #expect((properties["moments"] as? [String])?.allSatisfy { $0.hasPrefix("m-") } == true)
    }
    if bbox == nil {
      let box = try #require((output as? [String: Any])?["bbox"] as? [Double])
      let longitudes = expected.map(\.longitude)
      let latitudes = expected.map(\.latitude)
      let extent: [Double] = [
        longitudes.min() ?? 0, latitudes.min() ?? 0, longitudes.max() ?? 0, latitudes.max() ?? 0,
      ]
      #expect(box == extent)
    }
  }
  let text = try faver(["map", "--store", store])
  #expect(text.stdout.hasPrefix("\(assets.count) photos and videos with GPS in "))
  // The Paris cell's point is a photo's own position (the Eiffel Tower's), nearest Neuilly.
  #expect(text.stdout.contains("  48.8584      2.2945       6        2  Neuilly-sur-Seine, France\n"))
}

@Test(arguments: ["1,2,3", "0,50,10,40", "200,0,210,10", "west,south,east,north"])
func aBadBoxIsRefusedWithTheFormat(bbox: String) throws {
  let result = try faver(["map", "--bbox", bbox, "--store", "/nonexistent"])
  #expect(result.status == 64)
  #expect(result.stderr.contains("--bbox takes west,south,east,north"))
}

@Test func momentsAreTitledWithTheirDateAndPlaceInClustersNextAndTheManifest() throws {
  let (tree, store) = try sampleStore()
  defer { withExtendedLifetime(tree) {} }
  let manifest = try #require(try json(faver(["clusters", "--json", "--store", store])) as? [String: Any])
  #expect(manifest["schemaVersion"] as? Int == 5)
  let moments = try #require(manifest["moments"] as? [[String: Any]])
  let titles = moments.compactMap { $0["title"] as? String }
  #expect(titles.count == moments.count)
  #expect(titles.contains("Sun 12 May 2024 · Paris, France"))
  #expect(titles.last == "Undated")
  // Every moment whose title names a place has it; the others have null.
  for moment in moments {
    let title = moment["title"] as? String ?? ""
    let place = moment["place"] as? [String: Any]
    #expect((place != nil) == title.contains(" · "), "\(title)")
    if let place, let name = place["name"] as? String {
      #expect(title.hasSuffix("\(name), \(place["country"] as? String ?? "")"))
    }
    #expect(
      (moment["photos"] as? Int ?? 0) + (moment["videos"] as? Int ?? 0) == moment["totalInWindow"] as? Int)
  }
  let table = try faver(["clusters", "--store", store]).stdout
  #expect(table.contains("Sun 12 May 2024 · Paris, France"))
  let next = try #require(try json(faver(["next", "--json", "--store", store])) as? [String: Any])
  let moment = try #require(next["moment"] as? [String: Any])
  #expect(moment["id"] as? String == moments.first?["id"] as? String)
  #expect(moment["title"] as? String == titles.first)
  #expect(try faver(["next", "--store", store]).stdout.contains("  moment: \(titles.first ?? "?") ("))
}

@Test func theVersionCreditsGeoNames() throws {
  let version = try faver(["--version"]).stdout
  #expect(version.contains("GeoNames") && version.contains("CC BY 4.0"))
}
