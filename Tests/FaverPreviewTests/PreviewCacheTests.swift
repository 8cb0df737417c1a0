import FaverPreview
import FaverTestSupport
import Foundation
import Testing

/// Bytes that end as a JPEG ends, `count` long.
private func jpegLike(_ count: Int, filler: UInt8 = 7) -> [UInt8] {
  [0xFF, 0xD8] + [UInt8](repeating: filler, count: count - 4) + [0xFF, 0xD9]
}

struct PreviewCacheTests {
  let tree: TemporaryTree
  let cache: PreviewCache
  init() throws {
    tree = try TemporaryTree()
    cache = PreviewCache(folder: tree.root.appendingPathComponent("previews"), byteLimit: 2500)
  }

  @Test func aStoredPreviewIsFoundByIdAndSize() throws {
    #expect(cache.entry(id: "0123456789abcdef", size: 256) == nil)
    let stored = try cache.store(jpegLike(10), failure: nil, id: "0123456789abcdef", size: 256)
    #expect(stored.file.path.hasSuffix("previews/01/0123456789abcdef-256.jpg"))
    #expect(cache.entry(id: "0123456789abcdef", size: 256) == stored)
    #expect(cache.entry(id: "0123456789abcdef", size: 1440) == nil)
    #expect(try Data(contentsOf: stored.file) == Data(jpegLike(10)))
  }

  /// The cache does not wait for the disk: a file a power cut left short (or empty) is not served.
  @Test(arguments: [0, 1, 6])
  func aPreviewCutShortIsNotServed(keep: Int) throws {
    let stored = try cache.store(jpegLike(10), failure: nil, id: "0123456789abcdef", size: 256)
    try Data(jpegLike(10).prefix(keep)).write(to: stored.file)
    #expect(cache.entry(id: "0123456789abcdef", size: 256) == nil)
  }

  @Test func aFailureIsRememberedUntilForgotten() throws {
    _ = try cache.store(jpegLike(9), failure: "damaged", id: "fedcba9876543210", size: 64)
    #expect(cache.entry(id: "fedcba9876543210", size: 64)?.failure == "damaged")
    // A later success replaces it, reason and all.
    _ = try cache.store(jpegLike(8), failure: nil, id: "fedcba9876543210", size: 64)
    #expect(cache.entry(id: "fedcba9876543210", size: 64)?.failure == nil)
    cache.forget(id: "fedcba9876543210", size: 64)
    #expect(cache.entry(id: "fedcba9876543210", size: 64) == nil)
  }

  @Test func trimRemovesTheLeastRecentlyUsedFirst() throws {
    let ids = (0..<4).map { String(format: "%016x", $0) }
    for (index, id) in ids.enumerated() {
      let entry = try cache.store(jpegLike(1000), failure: nil, id: id, size: 64)
      // Used in order, a minute apart.
      let used = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)
      try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: entry.file.path)
    }
    // Using the oldest makes it the newest.
    _ = cache.entry(id: ids[0], size: 64)
    #expect(cache.trim() == 2)
    #expect(cache.entry(id: ids[1], size: 64) == nil)
    #expect(cache.entry(id: ids[2], size: 64) == nil)
    #expect(cache.entry(id: ids[0], size: 64) != nil)
    #expect(cache.entry(id: ids[3], size: 64) != nil)
    #expect(cache.trim() == 0)
  }

  /// Writers replacing one preview while readers read it: every read is one whole version.
  @Test func readersNeverSeeAPartialPreview() async throws {
    let versions = (0..<4).map { jpegLike(200_000, filler: UInt8($0)) }
    let cache = self.cache
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for round in 0..<20 {
            _ = try cache.store(
              versions[(writer + round) % 4], failure: nil, id: "00000000000000aa", size: 64)
          }
        }
      }
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<50 {
            guard let entry = cache.entry(id: "00000000000000aa", size: 64) else { continue }
            let bytes = try [UInt8](Data(contentsOf: entry.file))
            #expect(versions.contains(bytes))
          }
        }
      }
      try await group.waitForAll()
    }
  }
}

/// Trimming after writes lists the cache the first time, then only once another 1/64 of the
/// limit has been written.
@Test func trimIfDueTrimsFirstThenEveryFewWrites() throws {
  let tree = try TemporaryTree()
  let cache = PreviewCache(folder: tree.root.appendingPathComponent("previews"), byteLimit: 64 * 100)
  #expect(cache.trimIfDue() == 0)  // nothing written yet: not due
  let files = try (0..<70).map { index in
    try cache.store(
      [0xFF, 0xD8] + [UInt8](repeating: 1, count: 96) + [0xFF, 0xD9], failure: nil,
      id: String(format: "%016x", index), size: 8
    ).file
  }
  // 7,000 bytes against a 6,400-byte limit: the first trim is due, and removes six.
  #expect(cache.trimIfDue() == 6)
  // Over the limit again, but only 50 bytes written since: not due.
  _ = try cache.store(
    [0xFF, 0xD8] + [UInt8](repeating: 1, count: 46) + [0xFF, 0xD9], failure: nil, id: "ff00000000000000",
    size: 8)
  #expect(cache.trimIfDue() == 0)
  #expect(files.filter { FileManager.default.fileExists(atPath: $0.path) }.count == 64)
}
