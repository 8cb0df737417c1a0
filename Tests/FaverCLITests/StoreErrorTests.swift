import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A store indexed from three photos, its folder and files writable by everyone (so `nobody` can
/// use it), removed when the test ends.
private final class Store {
  let tree: TemporaryTree
  let path: String
  var index: String { path + "/index.sqlite" }

  init() throws {
    tree = try TemporaryTree()
    for day in 1...3 {
      var builder = ExifBuilder()
      builder.original("2024:05:0\(day) 10:00:00")
      try tree.write("IMG_\(day).jpg", builder.jpeg(scanBytes: 64 + day))
    }
    path = tree.root.path + "-store"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for folder in [tree.root.path, path] { chmod(folder, 0o777) }
    for day in 1...3 { chmod(tree.root.path + "/IMG_\(day).jpg", 0o644) }
    let indexed = try asNobody(["refresh", tree.path])
    try #require(indexed.status == 0, "\(indexed.stderr)")
  }

  deinit {
    chmod(path, 0o777)
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Runs faver on this store as `nobody` when the tests run as root (who may write any file).
  func asNobody(_ arguments: [String]) throws -> ProcessResult {
    let arguments = arguments + ["--store", path]
    guard geteuid() == 0, let setpriv = Paths.which("setpriv") else { return try faver(arguments) }
    return try run(
      setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", Paths.faver.path] + arguments)
  }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }
}

/// A message about a healthy store: it names the cause and never calls the store damaged or
/// invites moving it aside.
private func blamesOnly(_ result: ProcessResult, _ cause: String) -> Bool {
  result.status != 0 && result.stderr.contains(cause) && !result.stderr.contains("damaged")
    && !result.stderr.contains("move it aside")
}

private let asAnotherUser = Paths.which("setpriv") != nil || geteuid() != 0

@Test(.enabled(if: asAnotherUser))
func aReadOnlyIndexIsReadAndNamedAsTheCauseOfAFailedWrite() throws {
  let store = try Store()
  chmod(store.index, 0o444)
  let status = try store.asNobody(["status"])
  #expect(status.status == 0, "\(status.stderr)")
  #expect(status.stdout.contains("0/3 reviewed"))
  #expect(try store.asNobody(["assets", "--json"]).stdout.contains("IMG_2.jpg"))
  let next = try store.asNobody(["next"])
  #expect(blamesOnly(next, "\(store.index) cannot be written"), "\(next.stderr)")
  #expect(next.stderr.contains("chmod u+w"))
  // Writable again: the read-only -shm the reads left behind is no obstacle.
  chmod(store.index, 0o644)
  let again = try store.asNobody(["next"])
  #expect(again.status == 0, "\(again.stderr)")
  #expect(!store.exists("index.sqlite-shm"))
}

@Test(.enabled(if: asAnotherUser))
func aReadOnlyStoreFolderIsReadAndItsLockFileNamed() throws {
  let store = try Store()
  try FileManager.default.removeItem(atPath: store.path + "/lock")
  chmod(store.path, 0o755)
  let status = try store.asNobody(["status"])
  #expect(status.status == 0, "\(status.stderr)")
  #expect(try store.asNobody(["assets"]).status == 0)
  #expect(!store.exists("index.sqlite-shm") && !store.exists("index.sqlite-wal"))
  let index = try store.asNobody(["index", store.tree.path])
  #expect(blamesOnly(index, "Cannot create the lock file \(store.path)/lock"), "\(index.stderr)")
  #expect(!index.stderr.contains("index at \(store.path)/lock"))
  let reset = try store.asNobody(["cursor", "--reset"])
  #expect(blamesOnly(reset, "store folder \(store.path) is not writable"), "\(reset.stderr)")
}

@Test func aDamagedIndexIsKeptAsideAndTheMarksCanBeRecovered() throws {
  let store = try Store()
  let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.index))
  try handle.seek(toOffset: 4096)
  try handle.write(contentsOf: Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
  try handle.close()
  let status = try faver(["status", "--store", store.path])
  #expect(status.status == 1)
  #expect(status.stderr.contains("is damaged: SQLite's integrity check fails"), "\(status.stderr)")
  #expect(store.exists("index.sqlite"))
  let index = try faver(["index", store.tree.path, "--store", store.path])
  #expect(index.status == 1)
  #expect(
    index.stderr.contains("was kept as \(store.index).damaged-") && index.stderr.contains(".dump review"))
  let kept = try FileManager.default.contentsOfDirectory(atPath: store.path).filter {
    $0.contains(".damaged-")
  }
  #expect(
    kept.contains { $0.hasPrefix("index.sqlite.damaged-") && !$0.hasSuffix("-shm") && !$0.hasSuffix("-wal") })
  #expect(try faver(["index", store.tree.path, "--store", store.path]).status == 0)
}

@Test func anEmptyIndexIsRefusedAndTheManifestKept() throws {
  let store = try Store()
  let manifest = try Data(contentsOf: URL(fileURLWithPath: store.path + "/manifest.json"))
  #expect(truncate(store.index, 0) == 0)
  for arguments in [["clusters"], ["status"], ["index", store.tree.path], ["refresh"]] {
    let result = try faver(arguments + ["--store", store.path])
    #expect(result.status != 0)
    #expect(result.stderr.contains("\(store.index) is empty (0 bytes)"), "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains("Restore it from a backup"))
  }
  #expect(try Data(contentsOf: URL(fileURLWithPath: store.path + "/manifest.json")) == manifest)
  #expect(FileManager.default.fileExists(atPath: store.index))
  #expect(try FileManager.default.attributesOfItem(atPath: store.index)[.size] as? Int == 0)
}

/// A tmpfs of 1 MiB, filled up; nil when this system does not let the tests mount one.
private func fullDisk() -> String? {
  guard geteuid() == 0, let mount = Paths.which("mount") else { return nil }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-full-\(UUID().uuidString)"
  ).path
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  guard let mounted = try? run(mount, ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder]), mounted.status == 0
  else {
    try? FileManager.default.removeItem(atPath: folder)
    return nil
  }
  return folder
}

@Test func aFullDiskIsNamedAndReadsStillWork() throws {
  let store = try Store()
  guard let disk = fullDisk() else { return }  // no tmpfs here: `cause(of:)` is tested in FaverStoreTests
  defer {
    if let umount = Paths.which("umount") { _ = try? run(umount, [disk]) }
    try? FileManager.default.removeItem(atPath: disk)
  }
  let copy = disk + "/store"
  try FileManager.default.copyItem(atPath: store.path, toPath: copy)
  let filler =
    FileHandle(forWritingAtPath: disk + "/filler")
    ?? {
      FileManager.default.createFile(atPath: disk + "/filler", contents: nil)
      return FileHandle(forWritingAtPath: disk + "/filler")
    }()
  let block = Data(count: 4096)
  while (try? filler?.write(contentsOf: block)) != nil {}
  try? filler?.close()
  let status = try faver(["status", "--store", copy])
  #expect(status.status == 0, "\(status.stderr)")
  #expect(try faver(["assets", "--store", copy]).stdout.contains("3 assets"))
  let next = try faver(["next", "--store", copy])
  #expect(blamesOnly(next, "is full"), "\(next.stderr)")
  #expect(next.stderr.contains("nothing was lost"))
}
