import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Each file and folder below `folder` (itself first) whose permissions let anyone but its owner
/// in: its path and mode; links are not followed.
private func openToOthers(_ folder: String) -> [String] {
  var found: [String] = []
  func visit(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return }
    if info.st_mode & 0o077 != 0 { found.append("\(path) \(String(info.st_mode & 0o777, radix: 8))") }
    guard info.st_mode & S_IFMT == S_IFDIR else { return }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      visit(path + "/" + name)
    }
  }
  visit(folder)
  return found
}

/// Every kind of file a store holds: the index (and SQLite's log), the manifest, a preview.
private func fillStore(_ store: String, library: String) throws {
  #expect(try faver(["index", library, "--store", store]).status == 0)
  #expect(try faver(["clusters", "--store", store]).status == 0)
  let listed = try faver(["assets", "--store", store, "--json"]).stdout
  let assets = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
  let id = try #require(assets.first?["id"] as? String)
  #expect(try faver(["preview", "--store", store, "--size", "64", id]).status == 0)
}

private func photoTree() throws -> TemporaryTree {
  let tree = try TemporaryTree()
  var builder = ExifBuilder()
  builder.original("2024:05:12 09:00:00", offset: "+02:00")
  try tree.write("day/IMG_0001.jpg", builder.jpeg())
  return tree
}

/// The store is its person's alone from the first write: the folder 0700, every file in it 0600
/// (the index, the manifest, the previews and their folders), whatever the umask.
@Test func aNewStoreIsItsPersonsAlone() throws {
  let tree = try photoTree()
  let store = tree.root.path + "-store/faver"
  defer { try? FileManager.default.removeItem(atPath: tree.root.path + "-store") }
  try fillStore(store, library: tree.path)
  #expect(FileManager.default.fileExists(atPath: store + "/index.sqlite"))
  #expect(FileManager.default.fileExists(atPath: store + "/manifest.json"))
  #expect(FileManager.default.fileExists(atPath: store + "/previews"))
  #expect(openToOthers(store) == [])
}

/// A store made open to others (before this rule, or by hand) is tightened the first time faver
/// opens it, by a command that only reads.
@Test func anExistingStoreIsTightenedWhenOpened() throws {
  let tree = try photoTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  try fillStore(store, library: tree.path)
  #expect(try run(URL(fileURLWithPath: "/bin/chmod"), ["-R", "go+rX", store]).status == 0)
  #expect(openToOthers(store).count > 4)
  #expect(try faver(["status", "--store", store]).status == 0)
  #expect(openToOthers(store) == [])
}
