import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// Files a library should not hold but sometimes does, run through the built binary: each is
// indexed or skipped with a reason, and no run traps, hangs or stops.

/// Sets the access and modification times of `path` to `seconds` since 1970; false when the file
/// system keeps another time (ext4 holds 1901-12-13 to 2446-05-10 only).
private func setModified(_ path: String, seconds: Int) -> Bool {
  let times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
  var info = stat()
  return utimensat(AT_FDCWD, path, times, 0) == 0 && stat(path, &info) == 0 && info.st_mtim.tv_sec == seconds
}

/// The summary `faver index --json` printed.
private func indexSummary(_ root: String, store: String) throws -> [String: Any] {
  let result = try faver(["index", root, "--store", store, "--json"])
  #expect(result.status == 0, "\(result.stderr)")
  return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
}

/// A folder for a tree on tmpfs, which keeps any time (ext4 does not hold years before 1901).
private func tmpfsFolder() -> URL? {
  let folder = URL(fileURLWithPath: "/dev/shm/faver-tree-\(UUID().uuidString)")
  guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)) != nil
  else { return nil }
  return folder
}

@Test func filesDatedPast2262AreIndexedAndThenFoundUnchanged() throws {
  let tree = try TemporaryTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  try tree.write("notes.txt", Array("notes".utf8))
  try tree.write("IMG_0001.jpg", ExifBuilder().jpeg())  // no EXIF date: the file's time is used
  for name in ["notes.txt", "IMG_0001.jpg"] {
    // 2262-04-12T00:00:00Z, past the last time whose nanoseconds an Int64 holds.
    try #require(setModified(tree.path + "/" + name, seconds: 9_223_372_800), "the file system refused 2262")
  }
  let first = try indexSummary(tree.path, store: store)
  #expect(first["added"] as? Int == 1)
  #expect((first["skipped"] as? [String: Int])?["not a photo or video"] == 1)
  let second = try indexSummary(tree.path, store: store)
  #expect(second["unchanged"] as? Int == 1)
  #expect(second["added"] as? Int == 0 && second["updated"] as? Int == 0)
  let assets = try faver(["assets", "--json", "--store", store])
  #expect(assets.stdout.contains("2262-04-12"))
  #expect(try faver(["refresh", "--store", store]).status == 0)

  // A time changed to another out of range is seen as a change.
  #expect(setModified(tree.path + "/IMG_0001.jpg", seconds: 9_223_372_801))
  #expect(try indexSummary(tree.path, store: store)["updated"] as? Int == 1)
}

@Test func filesDatedBefore1677AreIndexedAndThenFoundUnchanged() throws {
  let folder = try #require(tmpfsFolder(), "/dev/shm is not there to hold a tree dated 1600")
  defer { try? FileManager.default.removeItem(at: folder) }
  let root = folder.appendingPathComponent("library").path
  let store = folder.appendingPathComponent("store").path
  try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  try Data("notes".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
  try Data(ExifBuilder().jpeg()).write(to: URL(fileURLWithPath: root + "/IMG_0001.jpg"))
  for name in ["notes.txt", "IMG_0001.jpg"] {
    // 1600-01-01T00:00:00Z, before the first time whose nanoseconds an Int64 holds.
    try #require(setModified(root + "/" + name, seconds: -11_676_096_000), "/dev/shm refused 1600")
  }
  let first = try indexSummary(root, store: store)
  #expect(first["added"] as? Int == 1)
  #expect(try indexSummary(root, store: store)["unchanged"] as? Int == 1)
  #expect(try faver(["assets", "--json", "--store", store]).stdout.contains("1600-01-01"))
  #expect(try faver(["refresh", "--store", store]).status == 0)
}

@Test func pipesAndSocketsAreSkippedWithAReasonNeverOpened() throws {
  let tree = try TemporaryTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  try tree.write("IMG_0001.jpg", ExifBuilder().jpeg())
  try tree.fifo("IMG_0002.jpg")  // opening it for reading would wait for a writer forever
  try tree.socket("s.jpg")
  for _ in 0..<2 {  // the first run lists the folder, the second stats every entry
    let summary = try indexSummary(tree.path, store: store)
    #expect(summary["filesSeen"] as? Int == 1)
    #expect((summary["skipped"] as? [String: Int])?["not a regular file (a pipe, socket or device)"] == 2)
    #expect((summary["warnings"] as? [String])?.isEmpty == true)
  }
}

@Test func namesThatDifferOnlyInTheirUnicodeFormAreTwoFiles() throws {
  let tree = try TemporaryTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  // "café.jpg" twice: é as one code point (NFC) and as e plus a combining accent (NFD). Swift's
  // String calls them equal; Linux keeps them as two names, so they are two photos.
  let composed: [UInt8] = Array("caf".utf8) + [0xC3, 0xA9] + Array(".jpg".utf8)
  let decomposed: [UInt8] = Array("cafe".utf8) + [0xCC, 0x81] + Array(".jpg".utf8)
  for (name, scanBytes) in [(composed, 64), (decomposed, 80)] {
    let path = Array(tree.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let bytes = ExifBuilder().jpeg(scanBytes: scanBytes)
    let written = path.withUnsafeBufferPointer { pathBytes in
      pathBytes.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: pathBytes.count) { cPath -> Bool in
          let descriptor = open(cPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
          guard descriptor >= 0 else { return false }
          defer { close(descriptor) }
          return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
        }
      } ?? false
    }
    try #require(written, "the file system refused a name")
  }
  let first = try indexSummary(tree.path, store: store)
  #expect(first["added"] as? Int == 2)
  let second = try indexSummary(tree.path, store: store)
  #expect(second["unchanged"] as? Int == 2)
  #expect(second["added"] as? Int == 0 && second["updated"] as? Int == 0 && second["removed"] as? Int == 0)
  let assets = try faver(["assets", "--json", "--store", store])
  let listed = try #require(JSONSerialization.jsonObject(with: Data(assets.stdout.utf8)) as? [Any])
  #expect(listed.count == 2)
}
