import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Test func indexWithoutAFolderIsAUsageError() throws {
  let result = try faver(["index"])
  #expect(result.status == 64)
  #expect(
    result.stderr.contains("Missing expected argument") || result.stderr.contains("at least one folder"))
}

@Test func aMissingFolderIsAClearFailure() throws {
  let store = FileManager.default.temporaryDirectory.appendingPathComponent("faver-\(UUID().uuidString)").path
  defer { try? FileManager.default.removeItem(atPath: store) }
  let result = try faver(["index", "/nonexistent/photos", "--store", store])
  #expect(result.status == 1)
  #expect(result.stderr.contains("/nonexistent/photos does not exist"))
}

@Test func theStoreFollowsFAVERSTOREThenXDGDataHome() throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
  let data = tree.root.path + "-data"
  defer { try? FileManager.default.removeItem(atPath: data) }
  #expect(
    try faver(["index", tree.path], environment: ["XDG_DATA_HOME": data, "FAVER_STORE": ""]).status == 0)
  #expect(FileManager.default.fileExists(atPath: data + "/faver/index.sqlite"))
  let explicit = tree.root.path + "-explicit"
  defer { try? FileManager.default.removeItem(atPath: explicit) }
  #expect(
    try faver(["index", tree.path], environment: ["XDG_DATA_HOME": data, "FAVER_STORE": explicit]).status == 0
  )
  #expect(FileManager.default.fileExists(atPath: explicit + "/index.sqlite"))
}

@Test func jsonListsEveryKeyEvenWhenNull() throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  _ = try faver(["index", tree.path, "--store", store])
  let listing = try faver(["assets", "--json", "--store", store])
  let objects = try #require(
    try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
  #expect(objects.count == 1)
  #expect(
    Set(objects[0].keys) == [
      "id", "path", "root", "kind", "takenAt", "timeSource", "instant", "offsetSource", "clockShiftSeconds",
      "latitude", "longitude", "make", "model",
      "problem", "duplicates", "companion", "raw", "reviewed", "favorite", "rejected",
    ])
  #expect(objects[0]["latitude"] is NSNull && objects[0]["companion"] is NSNull)
}

/// As root every folder is readable, so this runs faver as `nobody` through setpriv.
@Test(.enabled(if: Paths.which("setpriv") != nil || geteuid() != 0))
func anUnreadableFolderIsReportedAndItsFilesAreKept() throws {
  let tree = try TemporaryTree()
  try tree.write("locked/a.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
  try tree.write("open/b.jpg", [0xFF, 0xD8, 0xFF, 0xD9, 0])
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  for path in [tree.root.path, tree.root.path + "/locked", tree.root.path + "/open"] { chmod(path, 0o777) }
  for path in [tree.root.path + "/locked/a.jpg", tree.root.path + "/open/b.jpg"] { chmod(path, 0o644) }
  func index() throws -> ProcessResult {
    let arguments = ["index", tree.path, "--store", store]
    guard geteuid() == 0, let setpriv = Paths.which("setpriv") else { return try faver(arguments) }
    // nobody must be able to reach the binary and the folders on the way to it.
    return try run(
      setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", Paths.faver.path] + arguments)
  }
  try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
  chmod(store, 0o777)
  let first = try index()
  try #require(first.status == 0, "\(first.stderr)")
  #expect(first.stdout.contains("Indexed 2 "))
  chmod(tree.root.path + "/locked", 0)
  let second = try index()
  #expect(second.status == 0)
  #expect(second.stderr.contains("Skipped folder") && second.stderr.contains("locked"))
  #expect(second.stdout.contains("0 removed"))
  #expect(try faver(["assets", "--json", "--store", store]).stdout.contains("locked/a.jpg"))
}

/// `count` JPEGs a minute apart, each its own content (so its own asset).
private func minuteApartLibrary(_ count: Int) throws -> TemporaryTree {
  let tree = try TemporaryTree()
  for minute in 0..<count {
    var builder = ExifBuilder()
    builder.original(
      String(format: "2024:05:%02d %02d:%02d:00", 1 + minute / 1440, minute / 60 % 24, minute % 60))
    try tree.write("IMG_\(minute).jpg", builder.jpeg(scanBytes: 64 + minute % 97))
  }
  return tree
}

@Test func aReaderThatStopsEarlyStillLeavesTheManifestInPlace() throws {
  // 1,500 assets make a manifest far larger than a pipe holds: `head` is gone before it is written.
  let tree = try minuteApartLibrary(1500)
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let shell = "'\(Paths.faver.path)' clusters --json --store '\(store)' | head -c 1 > /dev/null"
  _ = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", shell])
  let manifest = try Data(contentsOf: URL(fileURLWithPath: store + "/manifest.json"))
  #expect(manifest.count > 100_000)
  #expect(try JSONSerialization.jsonObject(with: manifest) is [String: Any])
  #expect(try FileManager.default.contentsOfDirectory(atPath: store).allSatisfy { !$0.hasSuffix(".tmp") })
}

@Test func nextInJSONListsTheCopiesOfWhatItShows() throws {
  let tree = try TemporaryTree()
  var builder = ExifBuilder()
  builder.original("2024:05:12 14:30:12")
  try tree.write("a.jpg", builder.jpeg())
  try tree.write("b.jpg", builder.jpeg())
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let next = try faver(["next", "--json", "--store", store])
  let shown = try #require(try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any])
  let asset = try #require(shown["asset"] as? [String: Any])
  #expect(asset["duplicates"] as? [String] == [tree.path + "/b.jpg"])
}

/// The CLI goes through the one door: of faver's own modules it imports FaverKit, and FaverServe,
/// the web front end `faver serve` starts (itself a client of FaverKit's `Library` only, like the
/// CLI: the store, the files and the metadata stay behind the door).
@Test func theCLIImportsNothingOfFaversButFaverKitAndItsWebFrontEnd() throws {
  let folder = Paths.package.appendingPathComponent("Sources/faver")
  let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
    .filter { $0.hasSuffix(".swift") }
  #expect(files.count > 5)
  for file in files {
    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    let imports = text.split(separator: "\n").filter { $0.contains("import Faver") }
    #expect(
      imports.allSatisfy { $0.hasSuffix("import FaverKit") || $0.hasSuffix("import FaverServe") },
      "\(file): \(imports)")
  }
}
