import Foundation
import SeededRandom
import Testing

@testable import FaverCore

private func foundationJSON(_ listings: [AssetListing]) throws -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return try encoder.encode(listings)
}

private func streamed(_ listings: [AssetListing], bufferSize: Int = 1 << 20) throws -> (Data, chunks: Int) {
  var data = Data()
  var chunks = 0
  let writer = AssetListing.ArrayWriter(bufferSize: bufferSize) {
    data.append(contentsOf: $0)
    chunks += 1
  }
  for listing in listings { try writer.write(listing) }
  try writer.finish()
  return (data, chunks)
}

/// A library with every kind of value a listing holds: places, offsets, cameras, problems,
/// copies, Live Photos, raw files, marks.
private func randomListings(count: Int) -> [AssetListing] {
  var random = SeededGenerator(seed: 11)
  var assets = Asset.fixtures(
    gaps: (0..<count).map { _ in [0.5, 2, 90, 4000].randomElement(using: &random) ?? 1 })
  for index in assets.indices {
    if Bool.random(using: &random) {
      assets[index].coordinate = Coordinate(
        latitude: .random(in: -80...80, using: &random), longitude: .random(in: -179...179, using: &random))
    }
    assets[index].captureTime.utcOffset = [nil, 3600, -16_200].randomElement(using: &random) ?? nil
    assets[index].make = [nil, "Canon", "Fuji \"X\""].randomElement(using: &random) ?? nil
    assets[index].problem = [nil, "corrupt EXIF\n"].randomElement(using: &random) ?? nil
    assets[index].duplicates = Array(
      ["/backup/a.jpg", "/old/b c.jpg"].prefix(.random(in: 0...2, using: &random)))
    if Int.random(in: 0..<5, using: &random) == 0 {
      assets[index].companion = Asset.Companion(
        id: AssetID(rawValue: "c\(index)"), root: "/lib", path: "\(index).mov")
    }
    if Int.random(in: 0..<7, using: &random) == 0 {
      assets[index].raw = Asset.Companion(
        id: AssetID(rawValue: "r\(index)"), root: "/lib", path: "\(index).CR3")
    }
    assets[index].review =
      [.unreviewed, .reviewed, .favorite, .rejected].randomElement(using: &random) ?? .reviewed
  }
  assets[0].path = "/photos/\"quoted\" \\ back/slash\n\r\t\u{8}\u{c}\u{0}\u{1}\u{1f}\u{7f} é 😀 \u{2028}"
  return assets.map(AssetListing.init)
}

@Test func theStreamedListingIsByteForByteWhatJSONEncoderWrites() throws {
  let listings = randomListings(count: 300)
  #expect(listings.contains { $0.companion != nil } && listings.contains { $0.raw != nil })
  #expect(try streamed(listings).0 == foundationJSON(listings))
  // A buffer at a time: the same bytes.
  let small = try streamed(listings, bufferSize: 64)
  #expect(small.chunks > 100)
  #expect(small.0 == (try foundationJSON(listings)))
  #expect(try streamed([]).0 == foundationJSON([]))
  #expect(try streamed(Array(listings.prefix(1))).0 == foundationJSON(Array(listings.prefix(1))))
}

/// Every output that shows an asset shows these keys, `null` when unknown.
@Test func everyListingHasEveryKey() throws {
  let json = try #require(
    try JSONSerialization.jsonObject(with: streamed(randomListings(count: 20)).0) as? [[String: Any]])
  for entry in json {
    #expect(
      entry.keys.sorted() == [
        "clockShiftSeconds", "companion", "duplicates", "favorite", "id", "instant", "kind", "latitude",
        "longitude", "make", "model", "offsetSource", "path", "problem", "raw", "rejected", "reviewed",
        "root",
        "takenAt", "timeSource",
      ])
  }
}

@Test func aFailingSinkStopsTheListingAndItsErrorIsThrown() throws {
  struct Full: Error {}
  var calls = 0
  let writer = AssetListing.ArrayWriter(bufferSize: 64) { _ in
    calls += 1
    throw Full()
  }
  for listing in randomListings(count: 10) { try writer.write(listing) }
  #expect(throws: Full.self) { try writer.finish() }
  #expect(calls == 1)
}

@Test(arguments: [0, 7, 9, 10, 99, 100, -1, -10, 1_234_567, Int.max, Int.min])
func aNumberIsWrittenAsItsDescription(number: Int) throws {
  var data = Data()
  let json = PrettyJSON(bufferSize: 64) { data.append(contentsOf: $0) }
  for _ in 0..<5 { json.value(number) }
  try json.finishStreaming()
  #expect(String(decoding: data, as: UTF8.self) == String(repeating: number.description, count: 5))
}
