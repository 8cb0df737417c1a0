import FaverTestSupport
import Foundation
import Testing

/// What `Tests/Fixtures/sample-library.json` says each SampleLibrary file must index as.
struct SampleFile: Decodable, Sendable, CustomTestStringConvertible {
  var path: String
  var indexed: Bool
  var kind: String?
  var takenAt: String?
  var timeSource: String?
  var latitude: Double?
  var longitude: Double?
  var make: String?
  var model: String?
  var hasProblem: Bool
  /// A Live Photo still's video, listed as its `companion`.
  var companion: String?
  /// On that video: the still it is listed under (it is never an asset of its own).
  var companionOf: String?
  var testDescription: String { path }

  static var all: [SampleFile] {
    struct Spec: Decodable { var files: [SampleFile] }
    guard let data = try? Data(contentsOf: Paths.sampleSpec) else { return [] }
    return (try? JSONDecoder().decode(Spec.self, from: data).files) ?? []
  }
}

/// One asset of `faver assets --json`.
struct ListedAsset: Decodable {
  var id: String
  var path: String
  var root: String
  var kind: String
  var takenAt: String
  var timeSource: String
  var latitude: Double?
  var longitude: Double?
  var make: String?
  var model: String?
  var problem: String?
  var companion: Companion?
  /// `path` below `root` (`path` itself is absolute).
  var relativePath: String { relative(path, to: root) ?? path }

  struct Companion: Decodable {
    var id: String
    var path: String
    var root: String
    var relativePath: String { relative(path, to: root) ?? path }
  }
}

/// SampleLibrary indexed once into a temporary store, shared by the tests below.
final class IndexedSample: Sendable {
  static let shared = IndexedSample()
  let store: URL
  let indexRun: ProcessResult?
  /// Every asset `faver assets --json` lists, by path.
  let assets: [String: ListedAsset]
  /// The Live Photo videos, which faver lists only as their still's companion, indexed on their
  /// own (copied at the same relative paths into a library without the stills), by path.
  let companions: [String: ListedAsset]

  private init() {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faver-sample-\(UUID().uuidString)")
    store = work.appendingPathComponent("store")
    indexRun = try? faver(["index", Paths.sampleLibrary.path, "--store", store.path])
    assets = Self.listing(store: store)
    let videos = work.appendingPathComponent("companions")
    for path in assets.values.compactMap(\.companion?.relativePath) {
      let copy = videos.appendingPathComponent(path)
      try? FileManager.default.createDirectory(
        at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? FileManager.default.copyItem(at: Paths.sampleLibrary.appendingPathComponent(path), to: copy)
    }
    let videoStore = work.appendingPathComponent("companions-store")
    _ = try? faver(["index", videos.path, "--store", videoStore.path])
    companions = Self.listing(store: videoStore)
  }

  private static func listing(store: URL) -> [String: ListedAsset] {
    let listing = try? faver(["assets", "--json", "--store", store.path])
    let decoded =
      (try? JSONDecoder().decode([ListedAsset].self, from: Data((listing?.stdout ?? "").utf8))) ?? []
    return Dictionary(decoded.map { ($0.relativePath, $0) }) { first, _ in first }
  }

  /// Every indexed file: the listed assets and their companion videos.
  var everyFile: [ListedAsset] { Array(assets.values) + Array(companions.values) }
}

/// `takenAt` as faver prints a UTC instant whose offset the file does not give (a video's
/// `mvhd` time): the wall clock in the indexing machine's zone, with that zone's offset then.
func inLocalZone(_ instant: Date, zone: TimeZone = .current) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.calendar = Calendar(identifier: .gregorian)
  formatter.timeZone = zone
  formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxxxx"
  return formatter.string(from: instant)
}

extension ProcessResult: @unchecked Sendable {}

@Test func indexingTheSampleLibrarySucceedsAndSummarises() throws {
  let run = try #require(IndexedSample.shared.indexRun)
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stdout.contains("Indexed \(SampleFile.all.filter(\.indexed).count) photos and videos"))
  #expect(run.stdout.contains("Skipped"))
}

@Test(arguments: SampleFile.all)
func everySampleFileIndexesAsSpecified(file: SampleFile) throws {
  let sample = IndexedSample.shared
  let asset = sample.assets[file.path]
  guard file.indexed else {
    #expect(asset == nil && sample.companions[file.path] == nil)
    return
  }
  let found: ListedAsset
  if let still = file.companionOf {
    #expect(asset == nil, "a Live Photo's video is no asset of its own")
    let companion = try #require(sample.assets[still]?.companion)
    #expect(companion.relativePath == file.path)
    #expect(companion.root == Paths.sampleLibrary.resolvingSymlinksInPath().path)
    found = try #require(sample.companions[file.path])
  } else {
    found = try #require(asset)
    #expect(found.companion?.relativePath == file.companion)
    #expect(found.root == Paths.sampleLibrary.resolvingSymlinksInPath().path)
    #expect(found.path == found.root + "/" + file.path)  // every path absolute
  }
  #expect(found.kind == file.kind)
  #expect(found.timeSource == file.timeSource)
  if let takenAt = file.takenAt, takenAt.hasSuffix("Z") {
    let instant = try #require(ISO8601DateFormatter().date(from: takenAt))
    #expect(found.takenAt == inLocalZone(instant))
  } else if let takenAt = file.takenAt {
    #expect(found.takenAt == takenAt)
  } else {
    let url = Paths.sampleLibrary.appendingPathComponent(file.path)
    let modified = try #require(
      try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    let formatter = ISO8601DateFormatter()
    #expect(formatter.date(from: found.takenAt).map { abs($0.timeIntervalSince(modified)) < 1 } == true)
  }
  #expect(found.latitude.map { abs($0 - (file.latitude ?? .nan)) < 1e-6 } ?? (file.latitude == nil))
  #expect(found.longitude.map { abs($0 - (file.longitude ?? .nan)) < 1e-6 } ?? (file.longitude == nil))
  #expect(found.make == file.make && found.model == file.model)
  #expect((found.problem != nil) == file.hasProblem, "problem: \(found.problem ?? "none")")
}

@Test func indexingLeavesTheLibraryByteIdentical() throws {
  let tree = try TemporaryTree()
  try FileManager.default.removeItem(at: tree.root)
  try FileManager.default.copyItem(at: Paths.sampleLibrary, to: tree.root)
  let before = try tree.snapshot()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  #expect(try tree.snapshot() == before)
  #expect(!FileManager.default.fileExists(atPath: tree.path + "/index.sqlite"))
}

/// A video's `mvhd` time is an instant without an offset: faver shows it in the zone of the
/// machine that indexes it, with that zone's offset at the time.
@Test(arguments: ["America/New_York", "Asia/Kolkata"])
func anMvhdTimeIsShownInTheIndexingMachinesZone(zone: String) throws {
  let videos = SampleFile.all.filter { $0.takenAt?.hasSuffix("Z") == true }
  try #require(!videos.isEmpty)
  let tree = try TemporaryTree()
  for video in videos {
    let bytes = try Data(contentsOf: Paths.sampleLibrary.appendingPathComponent(video.path))
    try tree.write(video.path, Array(bytes))
  }
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store], environment: ["TZ": zone]).status == 0)
  let listing = try faver(["assets", "--json", "--store", store])
  let assets = try JSONDecoder().decode([ListedAsset].self, from: Data(listing.stdout.utf8))
  let timeZone = try #require(TimeZone(identifier: zone))
  for video in videos {
    let instant = try #require(ISO8601DateFormatter().date(from: video.takenAt ?? ""))
    let shown = assets.first { $0.relativePath == video.path }?.takenAt
    #expect(shown == inLocalZone(instant, zone: timeZone))
    #expect(shown != inLocalZone(instant, zone: .gmt), "the zone must show in the wall clock")
  }
}
