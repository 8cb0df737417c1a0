import FaverCore
import FaverStore
import Foundation
import Testing

@testable import FaverKit

private let lisbon = Coordinate(latitude: 38.71667, longitude: -9.13333)
private let porto = Coordinate(latitude: 41.14961, longitude: -8.61099)
private let atlantic = Coordinate(latitude: 30, longitude: -40)

/// A library on an in-memory store holding photos taken `seconds` after 2023-11-14T22:13:20Z
/// (UTC) at `points`, ids `id<seconds>`.
private func library(_ photos: [(seconds: Int, point: Coordinate?)], in folder: URL) throws -> Library {
  let store = try IndexStore()
  let root = try store.rootID(for: "/lib")
  var changes = IndexChanges(rootId: root)
  changes.media = photos.map { photo in
    FileRecord(
      rootId: root, path: "p\(photo.seconds).jpg", assetId: AssetID(rawValue: "id\(photo.seconds)"),
      format: "jpeg", kind: .photo, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: 1_700_000_000 + Double(photo.seconds)), utcOffset: 0,
        source: .exifOriginal),
      coordinate: photo.point, make: nil, model: nil, problem: nil)
  }
  try store.apply(changes)
  return Library(store: store, folder: folder)
}

@Test func theManifestAndNextNameEachMomentByMostOfItsPhotos() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-places-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  // Lisbon three times and Porto once in an hour; two days later, a photo at sea and one without GPS.
  let session = try library(
    [
      (0, porto), (600, lisbon), (1200, lisbon), (1800, nil), (2400, lisbon), (200_000, atlantic),
      (200_060, nil),
    ],
    in: folder)
  let result = try session.cluster(mode: .fixed(gap: 3 * 3600))
  let moments = result.moments.map(\.summary)
  #expect(moments.map(\.title) == ["Tue 14 Nov 2023 · Lisbon, Portugal", "Fri 17 Nov 2023"])
  #expect(moments.map(\.place?.countryCode) == ["PT", nil])
  #expect(moments.map(\.photos) == [5, 2])
  let written = try Data(contentsOf: folder.appendingPathComponent(Library.manifestFileName))
  #expect(
    String(decoding: written, as: UTF8.self).contains("\"title\" : \"Tue 14 Nov 2023 · Lisbon, Portugal\""))
  let next = try #require(try session.next())
  #expect(next.moment?.title == "Tue 14 Nov 2023 · Lisbon, Portugal")
  #expect(next.moment?.id == moments.first?.id)
}

@Test func theMapCountsThePhotosWithGPSInItsBoxAndNamesThePlaces() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-places-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = try library(
    [(0, porto), (600, lisbon), (1200, lisbon), (1800, nil), (200_000, atlantic)], in: folder)
  let whole = try session.map()
  #expect(whole.count == 4)
  #expect(whole.bbox == BoundingBox(west: -40, south: 30, east: -8.61099, north: 41.14961))
  let portugal = try session.map(bbox: BoundingBox(west: -10, south: 36, east: -6, north: 42))
  #expect(portugal.count == 3)
  #expect(portugal.clusters.map { $0.place?.label } == ["Lisbon, Portugal", "Porto, Portugal"])
  // Smart mode: moving from Porto to Lisbon started a moment.
  #expect(portugal.clusters.map(\.moments) == [["m-id600"], ["m-id0"]])
}
