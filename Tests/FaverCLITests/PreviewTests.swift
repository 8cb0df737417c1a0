import FaverKit
import FaverPreview
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A photo of noise, `width`×`height`, as a camera-sized JPEG would take work to decode.
private func noisePhoto(width: Int, height: Int, seed: UInt64) throws -> [UInt8] {
  var generator = SeededGenerator(seed: seed)
  let pixels = (0..<width * height * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }
  return try JPEGCodec.encode(RGBImage(width: width, height: height, pixels: pixels))
}

/// Whether `bytes` are a whole JPEG (ending with its end-of-image marker) of `width`×`height`.
private func isWholeJPEG(_ bytes: [UInt8], width: Int? = nil, height: Int? = nil) -> Bool {
  guard bytes.suffix(2) == [0xFF, 0xD9], let size = JPEGCodec.size(of: bytes) else { return false }
  return (width ?? size.width, height ?? size.height) == (size.width, size.height)
}

/// A library of `count` noise photos and one raw file that holds no preview, indexed.
private struct PreviewLibrary {
  let tree: TemporaryTree
  let store: String
  let ids: [String]
  let fakeRawID: String

  init(photos count: Int, width: Int = 640, height: Int = 480) throws {
    tree = try TemporaryTree()
    for index in 0..<count {
      try tree.write("photos/p\(index).jpg", noisePhoto(width: width, height: height, seed: UInt64(index)))
    }
    try tree.write(
      "photos/fake.nef", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0xAB, count: 4000))
    store = tree.root.path + "-store"
    #expect(try faver(["index", tree.path, "--store", store]).status == 0)
    let listed = try faver(["assets", "--store", store, "--json"]).stdout
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
    var byName: [String: String] = [:]
    for object in objects {
      guard let id = object["id"] as? String, let path = object["path"] as? String else { continue }
      byName[(path as NSString).lastPathComponent] = id
    }
    ids = (0..<count).compactMap { byName["p\($0).jpg"] }
    fakeRawID = byName["fake.nef"] ?? ""
    #expect(ids.count == count && !fakeRawID.isEmpty)
  }

  var cache: URL { URL(fileURLWithPath: store).appendingPathComponent("previews") }

  /// Every preview file in the cache.
  func cachedFiles() throws -> [URL] {
    guard FileManager.default.fileExists(atPath: cache.path) else { return [] }
    let all = try FileManager.default.subpathsOfDirectory(atPath: cache.path)
    return all.filter { $0.hasSuffix(".jpg") }.map { cache.appendingPathComponent($0) }
  }
}

@Test func previewWritesEveryIdAskedForPreviewOrPlaceholder() throws {
  let library = try PreviewLibrary(photos: 3)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let out = library.tree.root.appendingPathComponent("out")
  let ids = library.ids + [library.fakeRawID]
  let result = try faver(["preview", "--store", library.store, "--size", "200", "--out", out.path] + ids)
  #expect(result.status == 0, "\(result.stderr)")
  for id in library.ids {
    let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent("\(id).jpg")))
    #expect(isWholeJPEG(bytes, width: 200, height: 150))
  }
  // The raw file's placeholder, of the size asked, and the reason on stderr.
  let placeholder = try [UInt8](Data(contentsOf: out.appendingPathComponent("\(library.fakeRawID).jpg")))
  #expect(isWholeJPEG(placeholder, width: 200, height: 150))
  #expect(result.stderr.contains("faver: \(library.fakeRawID): "))
  #expect(result.stdout.split(separator: "\n").count == 4)
  // Nothing is written beside the photos.
  #expect(
    try FileManager.default.contentsOfDirectory(
      atPath: library.tree.root.appendingPathComponent("photos").path
    ).count == 4)

  // Again: from the cache, the failure remembered and reported, the same bytes.
  let again = try faver(["preview", "--store", library.store, "--size", "200"] + ids)
  #expect(again.status == 0)
  #expect(again.stderr == result.stderr)
  let cached = try #require(again.stdout.split(separator: "\n").first?.split(separator: " ").last)
  // The copy is the cached preview with faver's comment after its JFIF segment.
  var copy = try [UInt8](Data(contentsOf: out.appendingPathComponent("\(library.ids[0]).jpg")))
  let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x0F] + Array("faver preview".utf8)
  let at = 4 + Int(copy[4]) << 8 + Int(copy[5])
  #expect(Array(copy[at..<at + comment.count]) == comment)
  copy.removeSubrange(at..<at + comment.count)
  #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: String(cached)))) == copy)
}

/// A person's own JPEG of the name a preview would have is not replaced, however much it looks
/// like one; a preview faver wrote there before is.
@Test func previewOutReplacesOnlyAPreviewFaverWrote() throws {
  let library = try PreviewLibrary(photos: 1)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let id = library.ids[0]
  let out = library.tree.root.appendingPathComponent("out")
  try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
  let preview = out.appendingPathComponent("\(id).jpg")
  for photo in [
    Paths.sampleLibrary.appendingPathComponent("2023/12/IMG_2002.jpg"),
    library.tree.root.appendingPathComponent("photos/p0.jpg"),
  ] {
    try? FileManager.default.removeItem(at: preview)
    try FileManager.default.copyItem(at: photo, to: preview)
    let before = try Data(contentsOf: preview)
    let refused = try faver(["preview", "--store", library.store, "--size", "200", "--out", out.path, id])
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("is there and is not a JPEG faver wrote; faver does not replace it"))
    #expect(try Data(contentsOf: preview) == before)
  }
  try FileManager.default.removeItem(at: preview)
  #expect(
    try faver(["preview", "--store", library.store, "--size", "100", "--out", out.path, id]).status == 0)
  #expect(isWholeJPEG(try [UInt8](Data(contentsOf: preview)), width: 100, height: 75))
  let again = try faver(["preview", "--store", library.store, "--size", "200", "--out", out.path, id])
  #expect(again.status == 0, "\(again.stderr)")
  #expect(isWholeJPEG(try [UInt8](Data(contentsOf: preview)), width: 200, height: 150))
}

@Test func previewRefusesUnknownIdsAndBadSizes() throws {
  let library = try PreviewLibrary(photos: 1)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let unknown = try faver(["preview", "--store", library.store, "0123456789abcdef"])
  #expect(unknown.status != 0 && unknown.stderr.contains("0123456789abcdef"))
  let notIndexed = try faver(["preview", "--store", library.store, "/nowhere/photo.jpg"])
  #expect(notIndexed.status == 1 && notIndexed.stderr.contains("no preview was made"))
  let zero = try faver(["preview", "--store", library.store, "--size", "0", library.ids[0]])
  #expect(zero.status == 64 && zero.stderr.contains("--size"))
  let none = try faver(["preview", "--store", library.store])
  #expect(none.status == 64)
}

@Test func prefetchWarmsTheNextAssetsOfTheQueue() throws {
  let library = try PreviewLibrary(photos: 4)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  #expect(try faver(["clusters", "--store", library.store]).status == 0)
  let warmed = try faver(["preview", "--store", library.store, "--size", "64", "--prefetch", "2"])
  #expect(warmed.status == 0, "\(warmed.stderr)")
  #expect(warmed.stdout.split(separator: "\n").count == 2)
  #expect(try library.cachedFiles().count == 2)
}

/// Runs killed at random points and runs at the same time on the same previews: the cache only
/// ever holds whole JPEGs, and a run afterwards completes them all.
@Test func theCacheSurvivesKillsAndConcurrentRuns() throws {
  let library = try PreviewLibrary(photos: 6, width: 1600, height: 1200)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  var generator = SeededGenerator(seed: 14)
  for _ in 0..<2 {
    let process = Process()
    process.executableURL = Paths.faver
    process.arguments = ["preview", "--store", library.store, "--size", "1024"] + library.ids
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // A random kill point: somewhere from start-up to the last preview.
    usleep(UInt32.random(in: 0..<400_000, using: &generator))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    for file in try library.cachedFiles() {
      #expect(isWholeJPEG(try [UInt8](Data(contentsOf: file))), "\(file.lastPathComponent)")
    }
  }
  // Two runs at once, then every preview is whole and of the size asked.
  let runs = (0..<2).map { _ in
    let process = Process()
    process.executableURL = Paths.faver
    process.arguments = ["preview", "--store", library.store, "--size", "512"] + library.ids
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
  }
  for run in runs { try run.run() }
  for run in runs {
    run.waitUntilExit()
    #expect(run.terminationStatus == 0)
  }
  let final = try faver(["preview", "--store", library.store, "--size", "1024"] + library.ids)
  #expect(final.status == 0)
  let files = try library.cachedFiles()
  #expect(files.count == 12)
  for file in files {
    let bytes = try [UInt8](Data(contentsOf: file))
    let size = file.lastPathComponent.hasSuffix("-512.jpg") ? (512, 384) : (1024, 768)
    #expect(isWholeJPEG(bytes, width: size.0, height: size.1), "\(file.lastPathComponent)")
  }
}

/// `--out` names a folder: a file there, a folder faver cannot write to, or a file of a name it
/// would write that is not a JPEG is refused with a sentence, untouched, and nothing is made; a
/// JPEG written before is replaced.
@Test func previewOutRefusesWhatFaverDidNotMake() throws {
  let library = try PreviewLibrary(photos: 1)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let id = library.ids[0]
  let file = library.tree.root.appendingPathComponent("notes.txt")
  try Data("mine".utf8).write(to: file)
  let onFile = try faver(["preview", "--store", library.store, "--out", file.path, id])
  #expect(onFile.status == 1)
  #expect(onFile.stderr.contains("that is a file, not a folder"))
  #expect(!onFile.stderr.contains("NSCocoaErrorDomain"))
  #expect(try Data(contentsOf: file) == Data("mine".utf8))

  let below = try faver(["preview", "--store", library.store, "--out", file.path + "/thumbs", id])
  #expect(below.status == 1 && below.stderr.contains("cannot create the folder"))

  let out = library.tree.root.appendingPathComponent("out")
  try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
  let mine = out.appendingPathComponent("\(id).jpg")
  try Data("a person's notes".utf8).write(to: mine)
  let occupied = try faver(["preview", "--store", library.store, "--out", out.path, id])
  #expect(occupied.status == 1 && occupied.stderr.contains("faver does not replace it"))
  #expect(try Data(contentsOf: mine) == Data("a person's notes".utf8))
  #expect(try library.cachedFiles().isEmpty)

  try FileManager.default.removeItem(at: mine)
  #expect(try faver(["preview", "--store", library.store, "--out", out.path, id]).status == 0)
  let again = try faver(["preview", "--store", library.store, "--out", out.path, id])
  #expect(again.status == 0)
  #expect(isWholeJPEG(try [UInt8](Data(contentsOf: mine))))
}

/// `faver preview` decodes in `faver decode-worker`, itself: a decoder that crashes gives a
/// placeholder with its signal (exit 0), remembered; with `--retry` and a decoder that works, the
/// preview.
@Test func aCrashingDecoderGivesAPlaceholderNotACrash() throws {
  let library = try PreviewLibrary(photos: 1)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let id = library.ids[0]
  let crashed = try faver(
    ["preview", "--store", library.store, "--size", "64", id], environment: ["FAVER_TEST_DECODER": "crash"])
  #expect(crashed.status == 0)
  #expect(crashed.stderr.contains("The decoder crashed (signal 11)"))
  let remembered = try faver(["preview", "--store", library.store, "--size", "64", id])
  #expect(remembered.stderr.contains("The decoder crashed (signal 11)"))
  let retried = try faver(["preview", "--store", library.store, "--size", "64", "--retry", id])
  #expect(retried.status == 0 && retried.stderr.isEmpty)
  let file = try #require(retried.stdout.split(separator: " ").last.map { String($0.dropLast()) })
  #expect(isWholeJPEG(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))), width: 64))
}

/// `refresh` makes the first photos of the next review at the sizes the page last used, the
/// photo where the review stands first; nothing before a page has shown a photo, and nothing
/// with `--previews-for 0`; a second run finds them made.
@Test func refreshMakesTheNextSessionsFirstPhotosAtTheSizesThePageUsed() throws {
  let library = try PreviewLibrary(photos: 5)
  defer { try? FileManager.default.removeItem(atPath: library.store) }
  let none = try faver(["refresh", "--store", library.store, "--json"])
  #expect(none.status == 0, "\(none.stderr)")
  #expect(try library.cachedFiles().isEmpty)

  let opened = Library.open(store: URL(fileURLWithPath: library.store))
  try opened.noteReviewSize(64)
  try opened.noteReviewSize(96)
  let skipped = try faver(["refresh", "--store", library.store, "--previews-for", "0"])
  #expect(skipped.status == 0 && !skipped.stdout.contains("first photos"), "\(skipped.stdout)")
  #expect(try library.cachedFiles().isEmpty)

  let made = try faver(["refresh", "--store", library.store])
  #expect(made.status == 0, "\(made.stderr)")
  #expect(
    made.stdout.contains("first photos ready: 12 previews at 96, 64 px (12 made now)"), "\(made.stdout)")
  #expect(try library.cachedFiles().count == 12)
  let position = try #require(try opened.reviewPosition())
  let first = try opened.preview(of: position.asset.id, size: 96)
  #expect(try library.cachedFiles().contains { $0.path == first.file.path })

  let again = try faver(["refresh", "--store", library.store, "--json"])
  let report = try #require(
    try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
  let previews = try #require(report["previews"] as? [String: Any])
  #expect(previews["made"] as? Int == 0 && previews["found"] as? Int == 12)
  #expect(previews["sizes"] as? [Int] == [96, 64])
}
