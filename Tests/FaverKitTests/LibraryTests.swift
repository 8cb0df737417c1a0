import FaverCore
import FaverFiles
import FaverStore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverKit

/// A new empty folder (for the manifest and the lock); the caller removes it.
private func temporaryFolder() -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("faver-kit-tests-\(UUID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A library on an in-memory store that writes its manifest and takes its lock in `folder`.
private func library(in folder: URL) throws -> Library { Library(store: try IndexStore(), folder: folder) }

/// Indexes photos named `p<seconds>.jpg` with id `id<seconds>`.
private func add(_ seconds: [Double], to store: IndexStore) throws { try store.addPhotos(at: seconds) }

private func id(_ seconds: Int) -> AssetID { AssetID(rawValue: "id\(seconds)") }

@Test func nextWalksTheQueueAsPhotosAreMarked() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = try library(in: folder)
  try add([0, 1, 100, 20_000], to: session.store)
  var seen: [String] = []
  while let next = try session.next() {
    #expect(try session.next()?.asset.id == next.asset.id)  // not marked yet: same asset again
    seen.append(next.asset.path)
    try session.mark([next.asset.id], as: .reviewed, movingOn: true)
  }
  #expect(seen == ["p0.jpg", "p1.jpg", "p100.jpg", "p20000.jpg"])
  #expect(try session.queue().queue.progress == ReviewProgress(reviewed: 4, total: 4))
}

@Test func resumeAfterReindexingWithNewPhotosLandsAfterTheCursor() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = try library(in: folder)
  try add([0, 100, 200, 300], to: session.store)
  try session.mark([id(0)], as: .reviewed)
  #expect(try session.next()?.asset.id == id(100))
  try session.mark([id(100)], as: .favorite, movingOn: true)
  try add([50, 150, 10_000], to: session.store)  // new photos before and after the cursor
  #expect(try session.next()?.asset.id == id(150))
  #expect(try session.next(mode: .smart)?.asset.id == id(150))  // switching mode keeps the place
}

@Test func markingAnUnknownIDMarksNothing() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = try library(in: folder)
  try add([0], to: session.store)
  #expect(throws: LibraryError.unknownAssets([AssetID(rawValue: "nope")])) {
    try session.mark([id(0), AssetID(rawValue: "nope")], as: .reviewed)
  }
  #expect(try session.store.reviewedIDs().isEmpty)
}

/// Runs `body` with a session on a new store and an empty folder to write the manifest into too;
/// both are removed afterwards.
private func withSessionAndOutFolder(_ body: (Library, URL) throws -> Void) throws {
  let folder = temporaryFolder()
  let out = temporaryFolder()
  defer {
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.removeItem(at: out)
  }
  try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
  try body(try library(in: folder), out)
}

@Test func manifestIsWrittenToTheStoreAndTheOutFolder() throws {
  try withSessionAndOutFolder { session, out in
    let folder = session.folder
    try add([0, 20_000], to: session.store)
    let result = try session.cluster(extraFolder: out, now: Date(timeIntervalSince1970: 0))
    #expect(result.momentsToReview.count == 2)
    for written in [folder, out] {
      let data = try Data(contentsOf: written.appendingPathComponent(Library.manifestFileName))
      let manifest = try JSONDecoder().decode(Manifest.self, from: data)
      #expect(manifest.moments.map(\.id) == result.momentsToReview.map(\.summary.id))
      #expect(manifest.progress == result.progress && manifest.generatedAt == "1970-01-01T00:00:00Z")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(leftovers == [Library.manifestFileName])
  }
}

@Test func writingTheManifestRemovesNoFileItDidNotMakeAndLeavesNoTemporary() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = try library(in: folder)
  // A process that has exited: its pid is what a writer killed mid-write would leave in a name.
  let finished = Process()
  finished.executableURL = URL(fileURLWithPath: "/bin/true")
  try finished.run()
  finished.waitUntilExit()
  let lookAlikes = [
    ".manifest.json.\(finished.processIdentifier).\(UUID().uuidString).tmp",
    ".IMG_1.jpg.xmp.\(finished.processIdentifier).\(UUID().uuidString).tmp",
    ".faver-\(UUID().uuidString).tmp",
    ".manifest.json.notes.tmp",
  ]
  for name in lookAlikes {
    try Data("{".utf8).write(to: folder.appendingPathComponent(name))
  }
  let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  try session.cluster()
  let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  #expect(after.isSuperset(of: lookAlikes))
  #expect(after.subtracting(before).filter { $0.hasSuffix(".tmp") }.isEmpty)
  #expect(after.contains(Library.manifestFileName))
}

@Test func resettingTheCursorStartsAgainAtTheFirstUnreviewedAndKeepsMarks() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = try library(in: folder)
  try add([0, 100, 200, 300], to: session.store)
  try session.mark([id(100)], as: .favorite)
  try session.store.setCursor(Cursor(assetID: id(200), instant: Date(timeIntervalSince1970: 1_700_000_200)))
  #expect(try session.next()?.asset.id == id(200))
  #expect(try session.cursor()?.asset?.id == id(200))
  try session.resetCursor()
  #expect(try session.cursor() == nil)
  #expect(try session.next()?.asset.id == id(0))
  #expect(try session.store.favoriteIDs() == [id(100)])
  #expect(try session.store.reviewedIDs() == [id(100)])
}

@Test func clusteringRemembersTheModeForTheNextRun() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let library = Library.open(store: folder)
  try add([0, 20_000], to: library.store(creating: true))
  #expect(try library.clusteringMode() == .smart)
  #expect(try library.store.clusteringMode() == nil)
  try library.cluster(mode: .fixed(gap: 3600))
  #expect(try Library.open(store: folder).clusteringMode() == .fixed(gap: 3600))
  #expect(try library.status().moments == 2)  // the mode remembered: a 20,000 s gap cuts at 1 h
  #expect(try library.status(mode: .fixed(gap: 8 * 3600)).moments == 1)  // named: this call only
  #expect(try library.clusteringMode() == .fixed(gap: 3600))
  try library.cluster(mode: .smart)
  #expect(try library.store.clusteringMode() == .smart)
}

@Test func aLivePhotoIsOneItemInTheQueueAndTheManifest() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = try library(in: folder)
  let root = try session.store.rootID(for: "/lib")
  func record(_ path: String, _ kind: MediaKind, _ id: String, at seconds: Double) -> FileRecord {
    FileRecord(
      rootId: root, path: path, assetId: AssetID(rawValue: id), format: kind == .photo ? "heif" : "quicktime",
      kind: kind, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: 1_700_000_000 + seconds), utcOffset: 0, source: .exifOriginal),
      coordinate: nil, make: nil, model: nil, problem: nil, contentIdentifier: "LIVE")
  }
  var changes = IndexChanges(rootId: root)
  changes.media = [
    record("IMG_1.HEIC", .photo, "still", at: 0), record("IMG_1.MOV", .video, "video", at: -1),
  ]
  try session.store.apply(changes)
  let queue = try session.queue().queue
  #expect(queue.pending.map(\.asset.id) == [AssetID(rawValue: "still")])
  #expect(queue.progress == ReviewProgress(reviewed: 0, total: 1))
  let next = try #require(try session.next())
  #expect(next.asset.companion?.id == AssetID(rawValue: "video"))
  #expect(next.burst.assets.count == 1)
  try session.cluster(now: Date(timeIntervalSince1970: 0))
  let manifest = try JSONDecoder().decode(
    Manifest.self, from: Data(contentsOf: session.folder.appendingPathComponent(Library.manifestFileName)))
  #expect(manifest.moments.flatMap(\.assetsToReview).flatMap(\.assetIds) == ["still"])
  var listed: [Asset] = []
  try session.forEachAsset { listed.append($0) }
  #expect(listed.map(\.id) == [AssetID(rawValue: "still")])
  #expect(listed.first?.companion?.id == AssetID(rawValue: "video"))
  #expect(listed.first?.companion?.absolutePath == "/lib/IMG_1.MOV")
  try session.mark([next.asset.id], as: .favorite, movingOn: true)
  #expect(try session.next()?.asset == nil)
  #expect(try session.queue().queue.progress == ReviewProgress(reviewed: 1, total: 1))
}

@Test func theManifestPrintedIsTheOneWrittenAndAFailedPrintLeavesTheFilesInPlace() throws {
  try withSessionAndOutFolder { session, out in
    let folder = session.folder
    try add((0..<300).map { Double($0) * 4000 }, to: session.store)
    var printed = Data()
    let result = try session.cluster(extraFolder: out) { printed.append(contentsOf: $0) }
    #expect(printed.count > 50_000)
    for written in [folder, out] {
      #expect(try Data(contentsOf: written.appendingPathComponent(Library.manifestFileName)) == printed)
    }
    let manifest = try JSONDecoder().decode(Manifest.self, from: printed)
    #expect(manifest.moments.map(\.id) == result.momentsToReview.map(\.summary.id))
    #expect(manifest.moments.flatMap(\.assetsToReview).flatMap(\.assetIds).count == 300)

    struct BrokenPipe: Error {}
    try FileManager.default.removeItem(at: out.appendingPathComponent(Library.manifestFileName))
    #expect(throws: BrokenPipe.self) {
      try session.cluster(extraFolder: out, now: Date(timeIntervalSince1970: 0)) { _ in throw BrokenPipe() }
    }
    for written in [folder, out] {
      let data = try Data(contentsOf: written.appendingPathComponent(Library.manifestFileName))
      #expect(try JSONDecoder().decode(Manifest.self, from: data).generatedAt == "1970-01-01T00:00:00Z")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [Library.manifestFileName])
  }
}

@Test func indexAndRefreshTakeTheWriterLockAndABusyStoreIsLeftAlone() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let tree = try TemporaryTree()
  let lock = try StoreLock(folder: folder, wait: false)
  let library = Library.open(store: folder)
  #expect(throws: LibraryError.busy(store: folder.path)) { try library.index([tree.path]) }
  #expect(throws: LibraryError.busy(store: folder.path)) { try library.refresh() }
  // Nothing was created: the store opens only once the lock is held.
  #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(IndexStore.fileName).path))
  withExtendedLifetime(lock) {}
}

@Test func refreshMeansEveryKnownRootThenTheManifest() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let library = Library.open(store: folder)
  #expect(throws: LibraryError.noRoots(store: folder.path)) { try library.refresh() }
  let (first, second) = (try TemporaryTree(), try TemporaryTree())
  _ = try library.index([first.path])
  _ = try library.index([second.path])
  let refresh = try library.refresh(mode: .fixed(gap: 3600), now: Date(timeIntervalSince1970: 0))
  #expect(
    refresh.roots
      == [first.path, second.path].map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
  #expect(refresh.manifest.mode == .fixed(gap: 3600))
  let written = try Data(contentsOf: folder.appendingPathComponent(Library.manifestFileName))
  let manifest = try JSONDecoder().decode(Manifest.self, from: written)
  #expect(manifest.mode == "fixed" && manifest.progress == refresh.manifest.progress)
  #expect(manifest.moments.map(\.id) == refresh.manifest.momentsToReview.map(\.summary.id))
  #expect(try library.clusteringMode() == .fixed(gap: 3600))  // remembered for the next run
}
