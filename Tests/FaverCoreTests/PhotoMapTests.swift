import Foundation
import Testing

@testable import FaverCore

private func located(_ points: [(Double, Double)]) -> [Asset] {
  points.enumerated().map { index, point in
    Asset.fixture(index, at: Double(index), coordinate: Coordinate(latitude: point.0, longitude: point.1))
  }
}

@Test(arguments: [
  ("-10,35,5,44", BoundingBox(west: -10, south: 35, east: 5, north: 44)),
  (" 170 , -20 , -170 , -10 ", BoundingBox(west: 170, south: -20, east: -170, north: -10)),
])
func boxesAreReadWestSouthEastNorth(text: String, box: BoundingBox) {
  #expect(BoundingBox(parsing: text) == box)
}

@Test(arguments: ["", "1,2,3", "1,2,3,4,5", "a,2,3,4", "-181,0,0,1", "0,10,1,5", "0,-91,1,0", "1,,3,4"])
func badBoxesAreRefused(text: String) {
  #expect(BoundingBox(parsing: text) == nil)
}

@Test func aBoxAcrossThe180thMeridianHoldsBothSides() {
  let box = BoundingBox(west: 170, south: -20, east: -170, north: -10)
  #expect(box.width == 20)
  #expect(box.contains(Coordinate(latitude: -15, longitude: 179.5)))
  #expect(box.contains(Coordinate(latitude: -15, longitude: -175)))
  #expect(!box.contains(Coordinate(latitude: -15, longitude: 0)))
  #expect(!box.contains(Coordinate(latitude: -25, longitude: 175)))
}

@Test func everyAssetWithGPSInTheBoxIsCountedOnceInAtMost64Points() {
  var assets: [Asset] = []
  for index in 0..<1000 {
    let latitude = 35 + Double(index % 37) * 0.25
    let longitude = -10 + Double(index % 61) * 0.25
    assets.append(
      .fixture(index, at: Double(index), coordinate: Coordinate(latitude: latitude, longitude: longitude)))
  }
  assets.append(.fixture(1000, at: 1000))  // no GPS
  let moments = Dictionary(uniqueKeysWithValues: assets.map { ($0.id, "m-\($0.id.rawValue.suffix(1))") })
  let map = PhotoMap(assets: assets, momentIDs: moments, bbox: nil)
  #expect(map.bbox == BoundingBox(west: -10, south: 35, east: 5, north: 44))
  #expect(map.clusters.count == 64)
  #expect(map.count == 1000)
  for cluster in map.clusters {
    #expect(cluster.assetIDs.count == min(cluster.count, PhotoMap.sampleSize))
    #expect(Set(cluster.moments).count == cluster.moments.count)
  }
  let half = PhotoMap(
    assets: assets, momentIDs: moments, bbox: BoundingBox(west: -10, south: 35, east: 5, north: 39.5))
  #expect(half.count == assets.filter { ($0.coordinate?.latitude ?? 99) <= 39.5 }.count)
}

@Test func aPointIsThePhotoNearestTheMeanOfItsCell() {
  let map = PhotoMap(
    assets: located([(10, 10), (10.3, 10.4), (10.2, 10.2), (20, 20)]), momentIDs: [:],
    bbox: BoundingBox(west: 0, south: 0, east: 80, north: 80))
  #expect(map.clusters.count == 2)
  #expect(map.clusters[0].count == 3)
  #expect(map.clusters[0].latitude == 10.2 && map.clusters[0].longitude == 10.2)
  #expect(map.clusters[0].assetIDs == ["0000000000000000", "0000000000000001", "0000000000000002"])
  #expect(map.clusters[1].latitude == 20 && map.clusters[1].longitude == 20)
}

/// A cell holding two far groups (Sydney and Auckland in one cell of the world) gets its point
/// in the larger group, at one of its photos, never in the sea between them.
@Test(arguments: [(3, 2), (2, 3), (1, 4)])
func aCellOfTwoFarGroupsIsPointedWhereMostPhotosAre(sydney: Int, auckland: Int) throws {
  let sydneyPhotos: [(Double, Double)] = (0..<sydney).map { index in
    let step = Double(index)
    return (-33.87 + step * 0.01, 151.21 + step * 0.02)
  }
  let aucklandPhotos: [(Double, Double)] = (0..<auckland).map { index in
    let step = Double(index)
    return (-36.85 - step * 0.01, 174.76 + step * 0.01)
  }
  let positions = sydneyPhotos + aucklandPhotos
  let map = PhotoMap(
    assets: located(positions), momentIDs: [:],
    bbox: BoundingBox(west: -180, south: -90, east: 180, north: 90))
  let cluster = try #require(map.clusters.first)
  #expect(map.clusters.count == 1 && cluster.count == sydney + auckland)
  let larger = sydney > auckland ? sydneyPhotos : aucklandPhotos
  #expect(larger.contains { $0.0 == cluster.latitude && $0.1 == cluster.longitude })
}

@Test func oneSpotIsOnePointAndNoGPSIsAnEmptyCollection() throws {
  let spot = PhotoMap(assets: located([(38.7, -9.1), (38.7, -9.1)]), momentIDs: [:], bbox: nil)
  #expect(spot.clusters.map(\.count) == [2])
  let none = PhotoMap(assets: [.fixture(0, at: 0)], momentIDs: [:], bbox: nil)
  #expect(none.bbox == nil)
  #expect(none.clusters.isEmpty)
  let json = try #require(
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(none)) as? [String: Any])
  #expect(json["type"] as? String == "FeatureCollection")
  #expect((json["features"] as? [Any])?.isEmpty == true)
  #expect(json["bbox"] == nil)
}

@Test func acrossThe180thMeridianThePointStaysOnTheRightSide() {
  let map = PhotoMap(
    assets: located([(-15, 179.5), (-15, -179.5), (-15, -179.5)]), momentIDs: [:],
    bbox: BoundingBox(west: 170, south: -20, east: -160, north: -10))
  #expect(map.clusters.count == 1)
  #expect(map.clusters[0].longitude == -179.5)
}
