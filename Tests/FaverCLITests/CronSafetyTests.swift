import FaverCore
import FaverFiles
import FaverStore
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A tree of `count` small JPEGs with EXIF, for runs long enough to interrupt.
private func library(_ count: Int) throws -> TemporaryTree {
  let tree = try TemporaryTree()
  for index in 0..<count {
    var builder = ExifBuilder()
    builder.original(
      String(
        format: "2024:%02d:%02d 10:%02d:%02d", index / 600 % 12 + 1, index / 20 % 28 + 1, index % 60,
        index % 59))
    try tree.write(String(format: "%03d/IMG_%05d.jpg", index / 100, index), builder.jpeg(scanBytes: 2000))
  }
  return tree
}

@Test func aSecondRunExitsWith75WhileTheStoreIsBusy() throws {
  let tree = try library(3)
  let store = URL(fileURLWithPath: tree.root.path + "-store")
  defer { try? FileManager.default.removeItem(at: store) }
  let lock = try StoreLock(folder: store, wait: false)
  let busy = try faver(["index", tree.path, "--store", store.path])
  #expect(busy.status == 75)
  #expect(busy.stderr.contains("Another faver run is updating the index"))
  withExtendedLifetime(lock) {}
}

@Test func overlappingRunsNeverCorruptTheIndex() throws {
  let tree = try library(400)
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  let processes = ["index", "refresh", "index", "refresh"].map { command in
    let process = Process()
    process.executableURL = Paths.faver
    process.arguments = [command, tree.path, "--store", store, "--wait"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
  }
  for process in processes { try process.run() }
  for process in processes { process.waitUntilExit() }
  #expect(processes.map(\.terminationStatus) == [0, 0, 0, 0])
  let index = try IndexStore(folder: URL(fileURLWithPath: store))
  #expect(try index.integrityCheck() == ["ok"])
  #expect(try index.unpairedAssets().count == 400)
  let manifest = try JSONDecoder().decode(
    Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: store).appendingPathComponent("manifest.json"))
  )
  #expect(manifest.progress.total == 400)
}

/// Adds `count` photos from `start` on (distinct content), in their own folder.
private func addPhotos(to tree: TemporaryTree, from start: Int, count: Int) throws {
  for index in start..<start + count {
    var builder = ExifBuilder()
    builder.original(
      String(format: "2025:%02d:%02d 09:%02d:00", index / 600 % 12 + 1, index / 20 % 28 + 1, index % 60))
    try tree.write(String(format: "new-%03d/IMG_%05d.jpg", index / 100, index), builder.jpeg(scanBytes: 2000))
  }
}

@Test func killingRefreshAtRandomPointsLosesNoMarkAndNoManifest() throws {
  let tree = try library(1200)
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  let storeURL = URL(fileURLWithPath: store)
  let manifestURL = storeURL.appendingPathComponent("manifest.json")
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let ids = try IndexStore(folder: storeURL).unpairedAssets().map(\.id.rawValue)
  var acknowledged: Set<AssetID> = []
  var generator = SeededGenerator(seed: 2024)
  for round in 0..<6 {
    // New photos, so each refresh has reading, writing and a new manifest to do.
    try addPhotos(to: tree, from: 10_000 + round * 400, count: 400)
    let process = Process()
    process.executableURL = Paths.faver
    process.arguments = ["refresh", "--store", store]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Marks made while it runs: once `mark` has said so, they must survive anything.
    let batch = Array(ids[round * 25..<(round + 1) * 25])
    let marked = try faver(["mark"] + batch + ["--favorite", "--store", store])
    #expect(marked.status == 0)
    if marked.status == 0 { acknowledged.formUnion(batch.map(AssetID.init(rawValue:))) }
    // A random kill point: somewhere from start-up to the manifest being written.
    usleep(UInt32.random(in: 0..<400_000, using: &generator))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()

    let index = try IndexStore(folder: storeURL)
    #expect(try index.integrityCheck() == ["ok"])
    #expect(try acknowledged.isSubset(of: index.favoriteIDs()))
    if FileManager.default.fileExists(atPath: manifestURL.path) {
      let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
      #expect(manifest.schemaVersion == Manifest.currentSchemaVersion)
    }
  }
  let final = try faver(["refresh", "--store", store])
  #expect(final.status == 0)
  let index = try IndexStore(folder: storeURL)
  #expect(try index.unpairedAssets().count == 1200 + 6 * 400)
  #expect(try index.favoriteIDs() == acknowledged)
  let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
  #expect(manifest.progress == ReviewProgress(reviewed: acknowledged.count, total: 1200 + 6 * 400))
  #expect(try FileManager.default.contentsOfDirectory(atPath: store).filter { $0.hasSuffix(".tmp") }.isEmpty)
}

@Test func refreshIsQuietIdempotentAndSaysWhatFailed() throws {
  let tree = try library(5)
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  let none = try faver(["refresh", "--store", store])
  #expect(none.status == 64 && none.stderr.contains("faver index DIR"))

  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let quiet = try faver(["refresh", "--store", store])
  #expect(quiet.status == 0)
  #expect(
    quiet.stdout.replacing(#/ \d+\.\d\d s;/#, with: " T s;")
      == "faver refresh: 5 indexed (0 new, 0 changed, 5 unchanged, 0 removed), 0 with problems, "
      + "0 warnings, T s; manifest: 1 moment to review, 0/5 reviewed (smart mode)\n")
  #expect(quiet.stdout.split(separator: "\n").count == 1 && quiet.stderr.isEmpty)

  let partial = try faver(["refresh", tree.path, "/nonexistent/drive", "--store", store])
  #expect(partial.status == 2)
  #expect(
    partial.stderr == "faver: warning: /nonexistent/drive does not exist (an unmounted drive?); "
      + "nothing under it was changed in the index.\n")
  #expect(try IndexStore(folder: URL(fileURLWithPath: store)).unpairedAssets().count == 5)
}

/// The nightly refresh counts what `status` counts once per change (the similar groups), so the
/// morning's first `status` reads it instead of a pass over the queue.
@Test func refreshLeavesTheDecisionsCountedForStatus() throws {
  let tree = try library(5)
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  func kept() throws -> IndexStore.DecisionCount? {
    try IndexStore(folder: URL(fileURLWithPath: store)).readingQueue { snapshot in
      try snapshot.decisionKey(version: SignalAnalyzer.version).flatMap {
        try snapshot.keptDecisionCount(key: $0)
      }
    }
  }
  #expect(try kept() == nil)
  #expect(try faver(["refresh", "--store", store]).status == 0)
  #expect(try kept()?.items == 5)
}
