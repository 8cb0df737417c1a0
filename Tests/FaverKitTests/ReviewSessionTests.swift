import FaverCore
import FaverStore
import Foundation
import Testing

@testable import FaverKit

private func temporaryFolder() -> URL {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("faver-kit-tests-\(UUID().uuidString)", isDirectory: true)
}

/// Indexes photos named `p<seconds>.jpg` with id `id<seconds>`.
private func add(_ seconds: [Double], to store: IndexStore) throws {
  let root = try store.rootID(for: "/lib")
  let records = seconds.map { s in
    FileRecord(
      rootId: root, path: "p\(Int(s)).jpg", assetId: AssetID(rawValue: "id\(Int(s))"), format: "jpeg",
      kind: .photo, stamp: FileStamp(size: 1, mtimeNs: 1, device: 1, inode: 1),
      captureTime: CaptureTime(
        instant: Date(timeIntervalSince1970: 1_700_000_000 + s), utcOffset: 0, source: .exifOriginal),
      coordinate: nil, make: nil, model: nil, problem: nil)
  }
  var changes = IndexChanges(rootId: root)
  changes.media = records
  try store.apply(changes)
}

private func id(_ seconds: Int) -> AssetID { AssetID(rawValue: "id\(seconds)") }

@Test func nextWalksTheQueueAsPhotosAreMarked() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = ReviewSession(store: try IndexStore(folder: folder))
  try add([0, 1, 100, 20_000], to: session.store)
  var seen: [String] = []
  while let next = try session.next() {
    #expect(try session.next()?.asset.id == next.asset.id)  // not marked yet: same asset again
    seen.append(next.asset.path)
    try session.mark([next.asset.id], as: .reviewed)
  }
  #expect(seen == ["p0.jpg", "p1.jpg", "p100.jpg", "p20000.jpg"])
  #expect(try session.queue().queue.progress == ReviewProgress(reviewed: 4, total: 4))
}

@Test func resumeAfterReindexingWithNewPhotosLandsAfterTheCursor() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = ReviewSession(store: try IndexStore(folder: folder))
  try add([0, 100, 200, 300], to: session.store)
  try session.mark([id(0)], as: .reviewed)
  #expect(try session.next()?.asset.id == id(100))
  try session.mark([id(100)], as: .favorite)
  try add([50, 150, 10_000], to: session.store)  // new photos before and after the cursor
  #expect(try session.next()?.asset.id == id(150))
  let smart = ReviewSession(store: session.store, clusterer: MomentClusterer(mode: .smart))
  #expect(try smart.next()?.asset.id == id(150))  // switching mode keeps the place
}

@Test func markingAnUnknownIDMarksNothing() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = ReviewSession(store: try IndexStore(folder: folder))
  try add([0], to: session.store)
  #expect(throws: ReviewError.unknownAssets([AssetID(rawValue: "nope")])) {
    try session.mark([id(0), AssetID(rawValue: "nope")], as: .reviewed)
  }
  #expect(try session.store.reviewedIDs().isEmpty)
}

/// Runs `body` with a session on a new store and an empty folder to write the manifest into too;
/// both are removed afterwards.
private func withSessionAndOutFolder(_ body: (ReviewSession, URL) throws -> Void) throws {
  let folder = temporaryFolder()
  let out = temporaryFolder()
  defer {
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.removeItem(at: out)
  }
  try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
  try body(ReviewSession(store: try IndexStore(folder: folder)), out)
}

@Test func manifestIsWrittenToTheStoreAndTheOutFolder() throws {
  try withSessionAndOutFolder { session, out in
    let folder = session.store.folder
    try add([0, 20_000], to: session.store)
    let manifest = try session.writeManifest(now: Date(timeIntervalSince1970: 0), extraFolder: out)
    #expect(manifest.moments.count == 2)
    for written in [folder, out] {
      let data = try Data(contentsOf: written.appendingPathComponent(ReviewSession.manifestFileName))
      #expect(try JSONDecoder().decode(Manifest.self, from: data) == manifest)
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(leftovers == [ReviewSession.manifestFileName])
  }
}

@Test func temporariesOfKilledWritersAreRemovedAndLiveOnesKept() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = ReviewSession(store: try IndexStore(folder: folder))
  // A process that has exited: its pid names a writer that was killed mid-write.
  let finished = Process()
  finished.executableURL = URL(fileURLWithPath: "/bin/true")
  try finished.run()
  finished.waitUntilExit()
  let abandoned = ".manifest.json.\(finished.processIdentifier).A.tmp"
  let live = ".manifest.json.1.B.tmp"  // pid 1 is always running
  let unrelated = ".manifest.json.notes.tmp"
  for name in [abandoned, live, unrelated] {
    try Data("{".utf8).write(to: folder.appendingPathComponent(name))
  }
  try session.writeManifest()
  let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  #expect(!names.contains(abandoned))
  #expect(names.isSuperset(of: [live, unrelated, ReviewSession.manifestFileName]))
}

@Test func resettingTheCursorStartsAgainAtTheFirstUnreviewedAndKeepsMarks() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = ReviewSession(store: try IndexStore(folder: folder))
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
  let store = try IndexStore(folder: folder)
  try add([0, 20_000], to: store)
  #expect(try store.clusteringMode() == nil)
  try ReviewSession(store: store, clusterer: MomentClusterer(mode: .fixed(gap: 3600))).cluster()
  #expect(try IndexStore(folder: folder).clusteringMode() == .fixed(gap: 3600))
  try ReviewSession(store: store, clusterer: MomentClusterer(mode: .smart)).cluster()
  #expect(try store.clusteringMode() == .smart)
}

@Test func aLivePhotoIsOneItemInTheQueueAndTheManifest() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let session = ReviewSession(store: try IndexStore(folder: folder))
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
  let manifest = try session.writeManifest(now: Date(timeIntervalSince1970: 0))
  let entries = manifest.moments.flatMap(\.assetsToReview).flatMap(\.assets)
  #expect(entries.map(\.assetId) == ["still"])
  #expect(entries.first?.companion?.assetId == "video")
  #expect(entries.first?.companion?.path == "/lib/IMG_1.MOV")
  try session.mark([next.asset.id], as: .favorite)
  #expect(try session.next()?.asset == nil)
  #expect(try session.queue().queue.progress == ReviewProgress(reviewed: 1, total: 1))
}

@Test func theManifestPrintedIsTheOneWrittenAndAFailedPrintLeavesTheFilesInPlace() throws {
  try withSessionAndOutFolder { session, out in
    let folder = session.store.folder
    try add((0..<300).map { Double($0) * 4000 }, to: session.store)
    var printed = Data()
    let manifest = try session.cluster(extraFolder: out) { printed.append(contentsOf: $0) }.manifest
    #expect(printed.count > 50_000)
    for written in [folder, out] {
      #expect(try Data(contentsOf: written.appendingPathComponent(ReviewSession.manifestFileName)) == printed)
    }
    #expect(try JSONDecoder().decode(Manifest.self, from: printed) == manifest)

    struct BrokenPipe: Error {}
    try FileManager.default.removeItem(at: out.appendingPathComponent(ReviewSession.manifestFileName))
    #expect(throws: BrokenPipe.self) {
      try session.cluster(now: Date(timeIntervalSince1970: 0), extraFolder: out) { _ in throw BrokenPipe() }
    }
    for written in [folder, out] {
      let data = try Data(contentsOf: written.appendingPathComponent(ReviewSession.manifestFileName))
      #expect(try JSONDecoder().decode(Manifest.self, from: data).generatedAt == "1970-01-01T00:00:00Z")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [ReviewSession.manifestFileName])
  }
}
