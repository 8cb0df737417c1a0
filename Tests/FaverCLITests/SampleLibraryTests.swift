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
}

/// SampleLibrary indexed once into a temporary store, shared by the tests below.
final class IndexedSample: Sendable {
  static let shared = IndexedSample()
  let store: URL
  let indexRun: ProcessResult?
  let assets: [String: ListedAsset]

  private init() {
    store = FileManager.default.temporaryDirectory.appendingPathComponent("faver-sample-\(UUID().uuidString)")
    indexRun = try? faver(["index", Paths.sampleLibrary.path, "--store", store.path])
    let listing = try? faver(["assets", "--json", "--store", store.path])
    let decoded =
      (try? JSONDecoder().decode([ListedAsset].self, from: Data((listing?.stdout ?? "").utf8))) ?? []
    assets = Dictionary(decoded.map { ($0.path, $0) }) { first, _ in first }
  }
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
  let asset = IndexedSample.shared.assets[file.path]
  guard file.indexed else {
    #expect(asset == nil)
    return
  }
  let found = try #require(asset)
  #expect(found.kind == file.kind)
  #expect(found.timeSource == file.timeSource)
  if let takenAt = file.takenAt {
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
  #expect(found.root == Paths.sampleLibrary.resolvingSymlinksInPath().path)
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
