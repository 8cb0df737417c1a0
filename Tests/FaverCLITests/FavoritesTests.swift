import FaverTestSupport
import Foundation
import Testing

/// Photos a minute apart, each with its own content.
private func photo(_ index: Int) -> [UInt8] {
  var builder = ExifBuilder()
  builder.original(String(format: "2024:06:01 10:%02d:00", index))
  return builder.jpeg(scanBytes: 200 + index)
}

/// A library of `count` photos `p0.jpg`… in `photos/`, indexed into a store beside it.
private struct Library {
  let tree: TemporaryTree
  let store: String

  init(_ count: Int) throws {
    tree = try TemporaryTree()
    for index in 0..<count { try tree.write("photos/p\(index).jpg", photo(index)) }
    store = tree.root.path + "-store"
    #expect(try faver(["index", tree.path]).status == 0)
  }

  /// Runs faver on this store (in `folder`, if given) and requires it to succeed.
  @discardableResult
  func faver(_ arguments: [String], in folder: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> ProcessResult
  {
    let result = try FaverCLITests.faver(arguments + ["--store", store], in: folder)
    #expect(result.status == 0, "faver \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  func json(_ arguments: [String]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(faver(arguments).stdout.utf8))
  }

  /// The relative paths of the assets `arguments` lists as JSON objects.
  func listed(_ arguments: [String]) throws -> [String] {
    try #require(try json(arguments) as? [[String: Any]]).compactMap(relativePath)
  }
}

@Test func aFavoriteMarkedByPathIsListedWithItsStateAndCountedOnce() throws {
  let library = try Library(4)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  // Relative to the current folder, and absolute.
  let marked = try library.faver(
    ["mark", "p1.jpg", library.tree.path + "/photos/p2.jpg", "--favorite"],
    in: library.tree.root.appendingPathComponent("photos"))
  #expect(marked.stdout == "2 marked favorite.\n")
  #expect(
    try library.faver(["mark", library.tree.path + "/photos/p1.jpg", "--favorite"]).stdout
      == "0 marked favorite, 1 was already.\n")
  #expect(try library.listed(["favorites", "--json"]) == ["photos/p1.jpg", "photos/p2.jpg"])
  let assets = try #require(try library.json(["assets", "--json"]) as? [[String: Any]])
  #expect(assets.map { $0["favorite"] as? Bool } == [false, true, true, false])
  #expect(assets.map { $0["reviewed"] as? Bool } == [false, true, true, false])
  #expect(assets.allSatisfy { $0["rejected"] as? Bool == false })
  let paths = try library.faver(["favorites", "-0"]).stdout
  #expect(paths == [1, 2].map { library.tree.path + "/photos/p\($0).jpg\0" }.joined())

  // A reject is reviewed, is no favorite, and is listed apart.
  #expect(
    try library.faver(["mark", "photos/p2.jpg", "--reject"], in: library.tree.root).stdout
      == "1 marked rejected.\n")
  #expect(try library.listed(["favorites", "--json"]) == ["photos/p1.jpg"])
  #expect(try library.listed(["favorites", "--rejected", "--json"]) == ["photos/p2.jpg"])
  #expect(try library.faver(["status"]).stdout.hasPrefix("2/4 reviewed"))

  // A path that is not indexed marks nothing.
  let wrong = try faver([
    "mark", "/nowhere/p9.jpg", library.tree.path + "/photos/p3.jpg", "--reviewed", "--store", library.store,
  ])
  #expect(wrong.status == 1 && wrong.stderr.contains("/nowhere/p9.jpg"))
  #expect(try library.faver(["status"]).stdout.hasPrefix("2/4 reviewed"))
}

@Test func aPathAsAssetsAndNextPrintItCanBeMarkedFromAnyFolder() throws {
  let library = try Library(3)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  // Each line ends in the path below its root (a summary line may follow).
  let printed = try library.faver(["assets"]).stdout.split(separator: "\n").compactMap {
    $0.split(separator: " ").last.flatMap { $0.hasPrefix("photos/p") ? $0 : nil }
  }
  #expect(printed.count == 3)
  // From a folder that holds no such path: found below the root it was printed relative to.
  let elsewhere = FileManager.default.temporaryDirectory
  #expect(
    try library.faver(["mark", String(printed[1]), "--favorite"], in: elsewhere).stdout
      == "1 marked favorite.\n")
  #expect(try library.listed(["favorites", "--json"]) == ["photos/p1.jpg"])
  // A path below no root is still refused, by name.
  let wrong = try faver(["mark", "photos/p9.jpg", "--reviewed", "--store", library.store], in: elsewhere)
  #expect(wrong.status == 1 && wrong.stderr.contains("photos/p9.jpg"))
}

@Test func unreviewedPutsThePhotoBackAtItsPlaceAndNextShowsIt() throws {
  let library = try Library(4)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  func next() throws -> String? {
    let shown = try #require(try library.json(["next", "--json"]) as? [String: Any])
    return (shown["asset"] as? [String: Any]).flatMap(relativePath)
  }
  #expect(try next() == "photos/p0.jpg")
  try library.faver(["mark", library.tree.path + "/photos/p0.jpg", "--favorite"])
  #expect(try next() == "photos/p1.jpg")
  try library.faver(["mark", library.tree.path + "/photos/p1.jpg", "--reviewed"])
  #expect(try next() == "photos/p2.jpg")
  // Undo the favorite: back in the queue, neither favorite nor reviewed, and shown next.
  #expect(
    try library.faver(["mark", library.tree.path + "/photos/p0.jpg", "--unreviewed"]).stdout
      == "1 marked unreviewed.\n")
  #expect(try next() == "photos/p0.jpg")
  #expect(try library.listed(["favorites", "--json"]).isEmpty)
  let status = try #require(try library.json(["status", "--json"]) as? [String: Int])
  #expect(status["reviewed"] == 1 && status["total"] == 4)
  let cursor = try #require(try library.json(["cursor", "--json"]) as? [String: Any])
  #expect((cursor["asset"] as? [String: Any]).flatMap(relativePath) == "photos/p0.jpg")
}

@Test func aForgottenRootLeavesTheQueueAndItsMarksComeBackWithThePhotos() throws {
  let library = try Library(2)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  try library.faver(["mark", library.tree.path + "/photos/p0.jpg", "--favorite"])
  let roots = try #require(try library.json(["roots", "--json"]) as? [[String: Any]])
  #expect(roots.count == 1 && roots[0]["files"] as? Int == 2 && roots[0]["state"] as? String == "present")
  #expect(try library.faver(["roots", "--forget", library.tree.path]).stdout.hasPrefix("Forgot"))
  #expect(try library.faver(["status"]).stdout.hasPrefix("0/0 reviewed"))
  #expect(try library.json(["roots", "--json"]) as? [Any] != nil)
  #expect((try library.json(["roots", "--json"]) as? [Any])?.isEmpty == true)
  // A refresh no longer visits it; indexing it again brings the favorite back.
  #expect(try faver(["refresh", "--store", library.store]).status == 64)
  try library.faver(["index", library.tree.path])
  #expect(try library.listed(["favorites", "--json"]) == ["photos/p0.jpg"])
  let unknown = try faver(["roots", "--forget", "/not/a/root", "--store", library.store])
  #expect(unknown.status == 1 && unknown.stderr.contains("is not a root"))
}

@Test func readingCommandsOnAStoreThatDoesNotExistFailAndCreateNothing() throws {
  let store = FileManager.default.temporaryDirectory.appendingPathComponent("faver-typo-\(UUID().uuidString)")
    .path
  for command in [["status"], ["assets"], ["next"], ["favorites"], ["cursor"], ["roots"], ["clusters"]] {
    let result = try faver(command + ["--store", store])
    #expect(result.status == 1, "\(command)")
    #expect(result.stderr.contains("No faver store at \(store)"), "\(command)")
  }
  #expect(!FileManager.default.fileExists(atPath: store))
}

@Test func anAlbumOfTheFavoritesHoldsExactlyThemAndASecondRunChangesNothing() throws {
  let library = try Library(3)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let album = library.tree.root.path + "-album"
  defer { try? FileManager.default.removeItem(atPath: album) }
  let before = try library.tree.snapshot()
  try library.faver([
    "mark", library.tree.path + "/photos/p0.jpg", library.tree.path + "/photos/p2.jpg", "--favorite",
  ])
  #expect(try library.faver(["export", album, "--favorites"]).stdout.contains("2 added"))
  /// The album's symbolic links and where they point.
  func entries() throws -> [String: String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: album).filter {
      (try? FileManager.default.attributesOfItem(atPath: album + "/" + $0)[.type] as? FileAttributeType)
        == .typeSymbolicLink
    }
    return try Dictionary(
      uniqueKeysWithValues: names.map {
        ($0, try FileManager.default.destinationOfSymbolicLink(atPath: album + "/" + $0))
      })
  }
  #expect(
    try entries() == [
      "p0.jpg": library.tree.path + "/photos/p0.jpg", "p2.jpg": library.tree.path + "/photos/p2.jpg",
    ])
  let record =
    try FileManager.default.attributesOfItem(atPath: album + "/.faver-album.json")[.modificationDate] as? Date
  let again = try #require(try library.json(["export", album, "--json"]) as? [String: Any])
  #expect(again["added"] as? Int == 0 && again["removed"] as? Int == 0 && again["unchanged"] as? Int == 2)
  #expect(
    try FileManager.default.attributesOfItem(atPath: album + "/.faver-album.json")[.modificationDate] as? Date
      == record)
  // No longer a favorite: its link goes, a file the person put there stays.
  try Data("mine".utf8).write(to: URL(fileURLWithPath: album + "/notes.txt"))
  try library.faver(["mark", library.tree.path + "/photos/p2.jpg", "--unfavorite"])
  #expect(try library.faver(["export", album]).stdout.contains("1 removed"))
  #expect(try entries().keys.sorted() == ["p0.jpg"])
  #expect(FileManager.default.fileExists(atPath: album + "/notes.txt"))
  #expect(try library.tree.snapshot() == before)  // the photos are only read
}

@Test func aRawAndItsJPEGAreOneReviewItemMarkedTogether() throws {
  let tree = try TemporaryTree()
  let dng = try Data(contentsOf: Paths.sampleLibrary.appendingPathComponent("2024/08/IMG_0303.DNG"))
  try tree.write("shoot/IMG_0303.DNG", Array(dng))
  var builder = ExifBuilder()  // the camera's JPEG of the same shot
  builder.original("2024:08:03 14:05:09", subSec: "330", offset: "-04:00")
  try tree.write("shoot/IMG_0303.JPG", builder.jpeg())
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let assets = try #require(
    try JSONSerialization.jsonObject(with: Data(faver(["assets", "--json", "--store", store]).stdout.utf8))
      as? [[String: Any]])
  #expect(assets.compactMap(relativePath) == ["shoot/IMG_0303.JPG"])
  let raw = try #require(assets.first?["raw"] as? [String: String])
  #expect(raw["path"] == tree.path + "/shoot/IMG_0303.DNG")
  // Marking the raw file marks the pair; both files are the favorite's.
  #expect(try faver(["mark", raw["path"] ?? "", "--favorite", "--store", store]).status == 0)
  #expect(try faver(["status", "--store", store]).stdout.hasPrefix("1/1 reviewed"))
  #expect(
    try faver(["favorites", "--paths", "--store", store]).stdout
      == "\(tree.path)/shoot/IMG_0303.JPG\n\(tree.path)/shoot/IMG_0303.DNG\n")
  // The album takes the raw file along.
  let album = tree.root.path + "-album"
  defer { try? FileManager.default.removeItem(atPath: album) }
  #expect(try faver(["export", album, "--store", store]).status == 0)
  #expect(
    Set(try FileManager.default.contentsOfDirectory(atPath: album).filter { !$0.hasPrefix(".") })
      == ["IMG_0303.JPG", "IMG_0303.DNG"])
}

@Test(.enabled(if: Exiftool.shouldRun, "exiftool is not installed"))
func sidecarsCarryTheFavoritesToOtherToolsAndKeepWhatTheyHold() throws {
  let library = try Library(3)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let photos = library.tree.path + "/photos"
  // darktable already keeps an edit history for p1.
  let darktable = """
    <?xml version="1.0" encoding="UTF-8"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about=""
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:darktable="http://darktable.sf.net/"
       xmp:Rating="1"
       darktable:xmp_version="5"
       darktable:history_end="1">
       <darktable:history>
        <rdf:Seq>
         <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1"/>
        </rdf:Seq>
       </darktable:history>
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>

    """
  try Data(darktable.utf8).write(to: URL(fileURLWithPath: photos + "/p1.jpg.xmp"))
  let before = try library.tree.snapshot().filter { !$0.key.hasSuffix(".xmp") }
  try library.faver(["mark", photos + "/p0.jpg", photos + "/p1.jpg", "--favorite"])
  try library.faver(["mark", photos + "/p2.jpg", "--reject"])
  #expect(try library.faver(["sidecars", "write", "--dry-run"]).stdout.contains("3 sidecars to write"))
  #expect(!FileManager.default.fileExists(atPath: photos + "/p0.jpg.xmp"))
  try library.faver(["sidecars", "write"])
  #expect(try Exiftool.value("XMP:Rating", ofFile: photos + "/p0.jpg.xmp") == "5")
  #expect(try Exiftool.value("XMP-digiKam:PickLabel", ofFile: photos + "/p0.jpg.xmp") == "3")
  #expect(try Exiftool.value("XMP:Rating", ofFile: photos + "/p2.jpg.xmp") == "-1")
  #expect(try Exiftool.value("XMP:Rating", ofFile: photos + "/p1.jpg.xmp") == "5")
  let merged = try String(contentsOfFile: photos + "/p1.jpg.xmp", encoding: .utf8)
  #expect(
    merged.contains("<rdf:li darktable:num=\"0\" darktable:operation=\"exposure\" darktable:enabled=\"1\"/>"))
  #expect(merged.contains("darktable:history_end=\"1\""))
  #expect(try Exiftool.value("XMP-darktable:History_end", ofFile: photos + "/p1.jpg.xmp") == "1")
  #expect(try library.faver(["sidecars", "write"]).stdout.contains("0 sidecars written, 3 unchanged"))
  // No longer a favorite: faver's rating goes, darktable's history stays.
  try library.faver(["mark", photos + "/p1.jpg", "--unfavorite"])
  try library.faver(["sidecars", "write"])
  #expect(try Exiftool.value("XMP:Rating", ofFile: photos + "/p1.jpg.xmp") == "")
  #expect(try Exiftool.value("XMP-darktable:History_end", ofFile: photos + "/p1.jpg.xmp") == "1")
  // The photos themselves never changed.
  #expect(try library.tree.snapshot().filter { !$0.key.hasSuffix(".xmp") } == before)

  // A library rated elsewhere imports into the same favorites; faver's own marks are kept.
  let fresh = library.tree.root.path + "-fresh-store"
  defer { try? FileManager.default.removeItem(atPath: fresh) }
  #expect(try faver(["index", library.tree.path, "--store", fresh]).status == 0)
  #expect(try faver(["mark", photos + "/p2.jpg", "--reviewed", "--store", fresh]).status == 0)
  let imported = try faver(["sidecars", "import", "--json", "--store", fresh]).stdout
  let counts = try #require(try JSONSerialization.jsonObject(with: Data(imported.utf8)) as? [String: Any])
  #expect(counts.count == 4)
  #expect(counts["favorites"] as? Int == 1 && counts["rejected"] as? Int == 0 && counts["kept"] as? Int == 1)
  #expect(counts["skipped"] as? [String] == [])
  let favorites = try faver(["favorites", "--paths", "--store", fresh]).stdout
  #expect(favorites == photos + "/p0.jpg\n")
  #expect(try faver(["sidecars", "import", "--overwrite", "--store", fresh]).status == 0)
  #expect(try faver(["favorites", "--rejected", "--paths", "--store", fresh]).stdout == photos + "/p2.jpg\n")
}
