import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files and folders a person may keep in a photo or album folder that look like faver's
/// temporaries (old and new naming, a pid that is not running, a link): faver removes none.
private struct LookAlikes {
  let folder: URL
  let names: [String]

  init(in folder: URL, deadPID: Int32) throws {
    self.folder = folder
    let uuid = { UUID().uuidString }
    let file = ".holiday.jpg.\(deadPID).\(uuid()).tmp"
    let sidecar = ".p0.jpg.xmp.\(deadPID).\(uuid()).tmp"
    let newStyle = ".faver-\(uuid()).tmp"
    let folderName = ".trip.\(deadPID).\(uuid()).tmp"
    let link = ".p1.jpg.\(deadPID).\(uuid()).tmp"
    for name in [file, sidecar, newStyle] {
      try Data("a person's bytes: \(name)".utf8).write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(folderName), withIntermediateDirectories: false)
    try Data("kept".utf8).write(
      to: folder.appendingPathComponent(folderName).appendingPathComponent("note.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(link).path, withDestinationPath: "p1.jpg")
    names = [file, sidecar, newStyle, folderName, link]
  }

  /// Whether each is still there, as planted.
  func allKept() -> Bool {
    names.allSatisfy { name in
      var info = stat()
      guard lstat(folder.appendingPathComponent(name).path, &info) == 0 else { return false }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + "/note.txt").path)
      case S_IFLNK: return true
      default:
        return (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
          == "a person's bytes: \(name)"
      }
    }
  }
}

/// The pid of a process that has exited: what a writer killed mid-write leaves in a name.
private func deadPID() throws -> Int32 {
  let finished = Process()
  finished.executableURL = URL(fileURLWithPath: "/bin/true")
  try finished.run()
  finished.waitUntilExit()
  return finished.processIdentifier
}

/// Runs faver with the test hook that makes it stop itself just before it renames a temporary
/// into place, kills it there with SIGKILL, and says whether it had stopped (not exited).
private func faverKilledBeforeRename(_ arguments: [String]) throws -> Bool {
  let argv = ([Paths.faver.path] + arguments).map { strdup($0) } + [nil]
  let environment =
    ProcessInfo.processInfo.environment.merging(["FAVER_TEST_STOP_BEFORE_RENAME": "1"]) { $1 }
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var pid: pid_t = 0
  guard posix_spawn(&pid, Paths.faver.path, &actions, nil, argv, envp) == 0 else { return false }
  var status: Int32 = 0
  _ = waitpid(pid, &status, WUNTRACED)
  let stopped = status & 0xFF == 0x7F
  kill(pid, SIGKILL)
  if stopped { _ = waitpid(pid, &status, 0) }
  return stopped
}

/// A library of three photos a minute apart, two favorites and a reject, indexed into a store.
private func markedLibrary() throws -> (tree: TemporaryTree, store: String) {
  let tree = try TemporaryTree()
  for index in 0..<3 {
    var builder = ExifBuilder()
    builder.original(String(format: "2024:06:01 10:%02d:00", index))
    try tree.write("photos/p\(index).jpg", builder.jpeg(scanBytes: 300 + index))
  }
  let store = tree.root.path + "-store"
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let photos = tree.path + "/photos/"
  #expect(
    try faver(["mark", photos + "p0.jpg", photos + "p1.jpg", "--favorite", "--store", store]).status == 0)
  #expect(try faver(["mark", photos + "p2.jpg", "--reject", "--store", store]).status == 0)
  return (tree, store)
}

/// The photos' bytes, by name.
private func photoBytes(in folder: URL) throws -> [String: Data] {
  var result: [String: Data] = [:]
  for index in 0..<3 {
    result["p\(index).jpg"] = try Data(contentsOf: folder.appendingPathComponent("p\(index).jpg"))
  }
  return result
}

@Test func sidecarsWriteKeepsLookAlikesAndLinksThroughAKillAndARun() throws {
  let (tree, store) = try markedLibrary()
  defer { try? FileManager.default.removeItem(atPath: store) }
  let photos = tree.root.appendingPathComponent("photos")
  let planted = try LookAlikes(in: photos, deadPID: try deadPID())
  // p2's sidecar is a link to a file elsewhere: faver neither replaces the link nor writes through it.
  try tree.write("elsewhere/p2.xmp", Array("not faver's".utf8))
  try tree.link("photos/p2.jpg.xmp", to: tree.path + "/elsewhere/p2.xmp")
  let before = try photoBytes(in: photos)

  #expect(try faverKilledBeforeRename(["sidecars", "write", "--store", store]))
  #expect(planted.allKept())
  #expect(try photoBytes(in: photos) == before)

  let run = try faver(["sidecars", "write", "--store", store])
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stderr.contains("p2.jpg.xmp") && run.stderr.contains("symbolic link"))
  #expect(planted.allKept())
  #expect(try photoBytes(in: photos) == before)
  for name in ["p0.jpg.xmp", "p1.jpg.xmp"] {
    let sidecar = try String(contentsOf: photos.appendingPathComponent(name), encoding: .utf8)
    #expect(sidecar.contains("xmp:Rating=\"5\""))
  }
  let link = try FileManager.default.destinationOfSymbolicLink(
    atPath: photos.appendingPathComponent("p2.jpg.xmp").path)
  #expect(link == tree.path + "/elsewhere/p2.xmp")
  #expect(try String(contentsOfFile: tree.path + "/elsewhere/p2.xmp", encoding: .utf8) == "not faver's")
}

@Test func exportCopyKeepsLookAlikesInTheAlbumThroughAKillAndARun() throws {
  let (tree, store) = try markedLibrary()
  defer { try? FileManager.default.removeItem(atPath: store) }
  let photos = tree.root.appendingPathComponent("photos")
  let album = tree.root.appendingPathComponent("album")
  try FileManager.default.createDirectory(at: album, withIntermediateDirectories: false)
  let planted = try LookAlikes(in: album, deadPID: try deadPID())
  let before = try photoBytes(in: photos)

  #expect(try faverKilledBeforeRename(["export", album.path, "--copy", "--store", store]))
  #expect(planted.allKept())
  #expect(try photoBytes(in: photos) == before)

  let run = try faver(["export", album.path, "--copy", "--store", store])
  #expect(run.status == 0, "\(run.stderr)")
  #expect(planted.allKept())
  #expect(try photoBytes(in: photos) == before)
  for name in ["p0.jpg", "p1.jpg"] {
    #expect(try Data(contentsOf: album.appendingPathComponent(name)) == before[name])
  }
  // A second run, with the album up to date, still leaves them.
  #expect(try faver(["export", album.path, "--copy", "--store", store]).status == 0)
  #expect(planted.allKept())
}
