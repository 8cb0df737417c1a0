import Foundation
import Testing

@testable import FaverCore

/// An asset with every field that few files have set.
private func fullAsset() -> Asset {
  var asset = Asset.fixture(1, at: 0, make: "Apple", model: "iPhone 12", burstID: "B")
  asset.serial = "S1"
  asset.problem = "odd"
  asset.contentIdentifier = "C"
  asset.duration = 2.5
  asset.companion = Asset.Companion(id: AssetID(rawValue: "v"), root: "/lib", path: "v.mov")
  asset.raw = Asset.Companion(id: AssetID(rawValue: "r"), root: "/lib", path: "r.dng")
  asset.duplicates = ["/lib/copy.jpg"]
  return asset
}

private func jsonKeys(_ asset: Asset) throws -> Set<String> {
  let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(asset))
  return Set((object as? [String: Any] ?? [:]).keys)
}

@Test func everyFieldFewFilesHaveIsKeptAndSurvivesJSON() throws {
  let asset = fullAsset()
  #expect(asset.serial == "S1" && asset.problem == "odd" && asset.burstID == "B")
  #expect(asset.contentIdentifier == "C" && asset.duration == 2.5 && asset.duplicates == ["/lib/copy.jpg"])
  #expect(asset.companion?.path == "v.mov" && asset.raw?.path == "r.dng")
  #expect(try JSONDecoder().decode(Asset.self, from: try JSONEncoder().encode(asset)) == asset)
}

@Test func anAssetWithThoseFieldsClearedEqualsOneThatNeverHadThem() throws {
  var cleared = fullAsset()
  (cleared.serial, cleared.problem, cleared.burstID, cleared.contentIdentifier) = (nil, nil, nil, nil)
  (cleared.duration, cleared.companion, cleared.raw, cleared.duplicates) = (nil, nil, nil, [])
  let plain = Asset.fixture(1, at: 0, make: "Apple", model: "iPhone 12")
  #expect(cleared == plain)
  #expect(cleared.hashValue == plain.hashValue)
  #expect(cleared != fullAsset())
}

@Test func aCopyChangedLeavesTheOriginalAsItWas() {
  let original = fullAsset()
  var copy = original
  copy.problem = nil
  copy.duplicates.append("/lib/other.jpg")
  #expect(original.problem == "odd" && original.duplicates == ["/lib/copy.jpg"])
  #expect(copy.problem == nil && copy.duplicates == ["/lib/copy.jpg", "/lib/other.jpg"])
}

@Test func theJSONLeavesOutWhatIsNilAndKeepsDuplicatesAndReview() throws {
  #expect(
    try jsonKeys(Asset.fixture(1, at: 0))
      == ["id", "root", "path", "kind", "captureTime", "duplicates", "review"])
  #expect(
    try jsonKeys(fullAsset())
      == [
        "id", "root", "path", "kind", "captureTime", "make", "model", "serial", "problem", "burstID",
        "contentIdentifier", "companion", "duration", "raw", "duplicates", "review",
      ])
}

@Test func anAssetIsAtMost176Bytes() {
  #expect(MemoryLayout<Asset>.stride <= 176)
}

@Test(arguments: [
  "", "a.jpg", "/a.jpg", "2010/2010-01/IMG_000000.JPG", "a/", "a//b", "été/€/x.heic", "x/y/z",
])
func aPathIsKeptAsItsFolderAndNameAndGivenBackAsItWas(path: String) throws {
  var asset = Asset.fixture(1, at: 0)
  asset.path = path
  #expect(asset.path == path)
  #expect(asset.path.utf8.elementsEqual(path.utf8))
  let name = String(decoding: path.utf8.dropFirst(asset.folder.utf8.count), as: UTF8.self)
  #expect(asset.folder + name == path)
  #expect(!name.contains("/"))
  let decoded = try JSONDecoder().decode(Asset.self, from: JSONEncoder().encode(asset))
  #expect(decoded == asset && decoded.path == path)
}

@Test func assetsMadeOfAFolderAndANameEqualThoseMadeOfTheirPath() {
  let folder = "a long folder name/2024-05-12/"
  let fixture = Asset.fixture(1, at: 0)
  func made(_ name: String) -> Asset {
    Asset(
      id: fixture.id, root: fixture.root, folder: folder, name: name, kind: fixture.kind,
      captureTime: fixture.captureTime)
  }
  var (a, b) = (made("IMG_0001.JPG"), made("IMG_0001.JPG"))
  var byPath = fixture
  byPath.path = "a long folder name/2024-05-12/IMG_0001.JPG"
  #expect(a == b && a.hashValue == b.hashValue && a == byPath)
  #expect((a.path, a.folder, a.fileName) == (byPath.path, folder, "IMG_0001.JPG"))
  b.path = "a long folder name/2024-05-13/IMG_0001.JPG"
  #expect(a != b)
  a = made("IMG_0002.JPG")
  #expect(a != byPath && a.path == folder + "IMG_0002.JPG")
}
