import Foundation
import Testing

@testable import FaverCore

private let porto = Place(
  name: "Porto", admin1: "Porto", country: "Portugal", countryCode: "PT", latitude: 41.14961,
  longitude: -8.61099)

/// A moment of photos taken at `wallClock` (the file's own wall clock) with `offset`.
private func moment(at wallClock: String, offset: Int?, kinds: [MediaKind] = [.photo]) throws -> Moment {
  let formatter = ISO8601DateFormatter()
  let wall = try #require(formatter.date(from: wallClock + "Z"))
  let assets = kinds.enumerated().map { index, kind in
    var asset = Asset.fixture(index, at: 0, kind: kind)
    asset.captureTime = CaptureTime(
      instant: wall.addingTimeInterval(-Double(offset ?? 0) + Double(index)), utcOffset: offset,
      source: .exifOriginal)
    return asset
  }
  return Moment(boundary: .first, bursts: assets.map { Burst(captureOrdered: [$0]) })
}

@Test(arguments: [
  // The date is the file's wall clock, whatever the instant in UTC.
  ("2024-05-11T23:30:00", 7200 as Int?, porto as Place?, "Sat 11 May 2024 · Porto, Portugal"),
  ("2024-05-12T00:30:00", -18_000, nil, "Sun 12 May 2024"),
  ("2000-02-29T12:00:00", nil, porto, "Tue 29 Feb 2000 · Porto, Portugal"),
  ("1969-12-31T23:59:59", 0, nil, "Wed 31 Dec 1969"),
])
func theTitleIsTheLocalDateAndThePlace(wallClock: String, offset: Int?, place: Place?, title: String) throws {
  #expect(MomentSummary(try moment(at: wallClock, offset: offset), place: place).title == title)
}

@Test func aCountryAloneIsNamedByItself() throws {
  var sea = porto
  (sea.name, sea.admin1) = (nil, nil)
  #expect(
    MomentSummary(try moment(at: "2024-05-11T10:00:00", offset: 0), place: sea).title
      == "Sat 11 May 2024 · Portugal")
}

@Test func theUndatedMomentIsUndated() throws {
  var undated = try moment(at: "2024-05-11T10:00:00", offset: 0)
  undated.boundary = .undated
  #expect(MomentSummary(undated, place: porto).title == "Undated")
}

@Test func photosAndVideosAreCountedApartAndStartAndEndAreTheWallClock() throws {
  let summary = MomentSummary(
    try moment(at: "2024-05-11T10:00:00", offset: 3600, kinds: [.photo, .video, .photo]), place: nil)
  #expect(summary.photos == 2)
  #expect(summary.videos == 1)
  #expect(summary.start == "2024-05-11T10:00:00+01:00")
  #expect(summary.end == "2024-05-11T10:00:02+01:00")
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let json = String(decoding: try encoder.encode(summary), as: UTF8.self)
  #expect(json.contains("\"place\":null"))
}
