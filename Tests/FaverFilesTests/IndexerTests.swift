import FaverCore
import FaverMetadata
import FaverStore
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverFiles

#if canImport(Glibc)
  import Glibc
#endif

private func indexer(_ store: IndexStore) -> Indexer {
  Indexer(store: store, reader: MetadataReader(timeZone: TimeZone(secondsFromGMT: 0) ?? .current))
}

private func goodJPEG(second: Int, subSec: String? = nil) -> [UInt8] {
  var builder = ExifBuilder()
  builder.ifd0[0x010F] = .ascii("Canon")
  builder.original(
    String(format: "2024:05:12 14:%02d:%02d", second / 60 % 60, second % 60), subSec: subSec, offset: "+02:00"
  )
  builder.position(lat: (45, 45, 0), latRef: "N", lon: (4, 50, 0), lonRef: "E")
  return builder.jpeg(scanBytes: 200 + second % 50)
}

@Test func aMixedLibraryOfThousandsIsIndexedWithoutTouchingAFile() throws {
  let tree = try TemporaryTree()
  var generator = SeededGenerator(seed: 7)
  var expectedMedia = 0
  var expectedGood = 0
  for index in 0..<2_000 {
    let name = String(format: "%02d/IMG_%04d.jpg", index % 17, index)
    var bytes = goodJPEG(second: index)
    switch index % 5 {
    case 0:  // no EXIF at all
      bytes = [0xFF, 0xD8, 0xFF, 0xDA, 0, 2] + bytes.suffix(100)
    case 1:  // random damage anywhere after the signature
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        bytes[Int.random(in: 3..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
    case 2:  // truncated anywhere after the signature
      bytes = Array(bytes.prefix(Int.random(in: 3..<bytes.count, using: &generator)))
    default:
      expectedGood += 1
    }
    expectedMedia += 1
    try tree.write(name, bytes)
  }
  try tree.write("notes.txt", Array("not a photo".utf8))
  try tree.write("empty.jpg", [])
  let before = try tree.snapshot()

  let store = try TemporaryStore()
  let summary = try indexer(store.store).index(roots: [tree.path])

  #expect(summary.indexed == expectedMedia)
  #expect(summary.skipped[SkipReason.notMedia.rawValue] == 2)
  #expect(summary.failedRoots.isEmpty)
  let files = try store.store.files(inRoot: try store.store.rootID(for: tree.path)).values
  #expect(files.count == expectedMedia)
  #expect(files.filter { $0.timeSource == .exifOriginal }.count >= expectedGood)
  #expect(files.filter { $0.timeSource == .fileModified }.count >= 400)
  #expect(try tree.snapshot() == before)
}

@Test func aSecondRunReadsNothingAndNoticesChanges() throws {
  let tree = try TemporaryTree()
  for second in 0..<10 { try tree.write("IMG_\(second).jpg", goodJPEG(second: second)) }
  let store = try TemporaryStore()
  let first = try indexer(store.store).index(roots: [tree.path])
  #expect(first.added == 10)

  let again = try indexer(store.store).index(roots: [tree.path])
  #expect(again.unchanged == 10 && again.added == 0 && again.updated == 0 && again.removed == 0)

  try tree.write("IMG_3.jpg", goodJPEG(second: 33, subSec: "250"))
  try FileManager.default.removeItem(at: tree.root.appendingPathComponent("IMG_4.jpg"))
  try tree.write("new/IMG_10.jpg", goodJPEG(second: 40))
  let changed = try indexer(store.store).index(roots: [tree.path])
  #expect(changed.updated == 1 && changed.removed == 1 && changed.added == 1 && changed.unchanged == 8)
  let assets = try store.store.unpairedAssets()
  #expect(assets.count == 10)
  #expect(assets.first { $0.path == "IMG_3.jpg" }?.captureTime.iso8601 == "2024-05-12T14:00:33.250+02:00")
}

@Test func aMissingRootFailsAloneAndForgetsNothing() throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", goodJPEG(second: 1))
  let store = try TemporaryStore()
  _ = try indexer(store.store).index(roots: [tree.path])
  let moved = tree.root.path + "-unmounted"
  try FileManager.default.moveItem(atPath: tree.root.path, toPath: moved)
  defer { try? FileManager.default.moveItem(atPath: moved, toPath: tree.root.path) }

  let other = try TemporaryTree()
  try other.write("b.jpg", goodJPEG(second: 2))
  let summary = try indexer(store.store).index(roots: [tree.path, other.path])
  #expect(summary.failedRoots == [tree.path])
  #expect(summary.warnings.contains { $0.contains("does not exist") })
  #expect(try store.store.unpairedAssets().map(\.path).sorted() == ["a.jpg", "b.jpg"])
}

@Test func aStoreInsideTheLibraryIsNotIndexed() throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", goodJPEG(second: 1))
  let folder = URL(fileURLWithPath: tree.path + "/faver-store")
  let store = try IndexStore(folder: folder)
  let summary = try Indexer(store: store, storeFolder: folder).index(roots: [tree.path])
  #expect(summary.filesSeen == 1)
}

@Test func idsFollowContentNotNames() throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", goodJPEG(second: 1))
  try tree.write("copy of a.jpg", goodJPEG(second: 1))
  try tree.write("b.jpg", goodJPEG(second: 2))
  let store = try TemporaryStore()
  _ = try indexer(store.store).index(roots: [tree.path])
  let files = try store.store.files(inRoot: try store.store.rootID(for: tree.path))
  #expect(files["a.jpg"]?.assetId == files["copy of a.jpg"]?.assetId)
  #expect(files["a.jpg"]?.assetId != files["b.jpg"]?.assetId)
  // The copy is one asset, reviewed once, found at its first path.
  #expect(try store.store.unpairedAssets().map(\.path) == ["a.jpg", "b.jpg"])
  #expect(try store.store.unpairedAssets().map(\.duplicates) == [[tree.path + "/copy of a.jpg"], []])
  #expect(try indexer(store.store).index(roots: [tree.path]).duplicates == 1)
}

/// Overwrites a file's bytes in place and puts its modification time back, so a stat sees no
/// change: if the indexer read it again, the index would show the new content.
private func rewriteKeepingStamp(_ path: String, with bytes: [UInt8]) throws {
  var info = stat()
  try #require(stat(path, &info) == 0)
  let handle = try #require(FileHandle(forWritingAtPath: path))
  try handle.write(contentsOf: Data(bytes))
  try handle.close()
  var times = [info.st_atim, info.st_mtim]
  try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
}

@Test func anUnchangedTreeIsNotReadAgain() throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", goodJPEG(second: 1))
  try tree.write("notes.txt", [UInt8](repeating: 0x41, count: goodJPEG(second: 2).count))
  let store = try TemporaryStore()
  _ = try indexer(store.store).index(roots: [tree.path])
  let before = try store.store.unpairedAssets()

  try rewriteKeepingStamp(tree.path + "/a.jpg", with: goodJPEG(second: 51))  // same size
  try rewriteKeepingStamp(tree.path + "/notes.txt", with: goodJPEG(second: 2))
  let summary = try indexer(store.store).index(roots: [tree.path])

  #expect(summary.unchanged == 1 && summary.added == 0 && summary.updated == 0)
  #expect(summary.skipped[SkipReason.notMedia.rawValue] == 1)
  #expect(try store.store.unpairedAssets() == before)
}

@Test func progressIsReportedUpToTheTotal() throws {
  let tree = try TemporaryTree()
  for second in 0..<30 { try tree.write("IMG_\(second).jpg", goodJPEG(second: second)) }
  let store = try TemporaryStore()
  var indexer = indexer(store.store)
  indexer.chunkSize = 8
  var reports: [IndexProgress] = []
  indexer.progress = { reports.append($0) }
  _ = try indexer.index(roots: [tree.path])
  // The walk runs ahead on its own thread: while it goes on, reports say how far it got; once
  // it is over, how many of the files it found are read, chunk by chunk, up to all of them.
  let reading = reports.compactMap { report -> (done: Int, total: Int)? in
    guard case .reading(let done, let total) = report else { return nil }
    return (done, total)
  }
  #expect(reading.last.map { $0 == (30, 30) } == true)
  #expect(reading.allSatisfy { $0.total == 30 && $0.done % 8 == 0 || $0.done == 30 })
  #expect(zip(reading, reading.dropFirst()).allSatisfy { $0.done < $1.done })
  #expect(
    reports.allSatisfy {
      if case .scanning(let seen, let read) = $0 { read <= seen && seen <= 30 } else { true }
    })
}

@Test func aRootEmptiedLikeAnUnmountedDriveForgetsNothing() throws {
  let tree = try TemporaryTree()
  for second in 0..<5 { try tree.write("IMG_\(second).jpg", goodJPEG(second: second)) }
  let store = try TemporaryStore()
  _ = try indexer(store.store).index(roots: [tree.path])
  let before = try store.store.unpairedAssets()
  #expect(before.count == 5)
  // The drive is not mounted: its mount point is an empty folder.
  let aside = tree.root.path + "-aside"
  try FileManager.default.moveItem(atPath: tree.path, toPath: aside)
  defer { try? FileManager.default.removeItem(atPath: aside) }
  try FileManager.default.createDirectory(atPath: tree.path, withIntermediateDirectories: true)
  let summary = try indexer(store.store).index(roots: [tree.path])
  #expect(summary.failedRoots == [tree.path] && summary.removed == 0)
  #expect(summary.warnings.contains { $0.contains("is empty, but 5 photos and videos were indexed") })
  #expect(try store.store.unpairedAssets() == before)
  // Mounted again: nothing to read, nothing lost.
  try FileManager.default.removeItem(atPath: tree.path)
  try FileManager.default.moveItem(atPath: aside, toPath: tree.path)
  let again = try indexer(store.store).index(roots: [tree.path])
  #expect(again.failedRoots.isEmpty && again.unchanged == 5)
}
