import FaverTestSupport
import Testing

@testable import FaverMetadata

#if canImport(Glibc)
  import Glibc
#endif

@Test func aFileOpenedUnstattedIsStattedThroughItsDescriptor() throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", Array(0..<200))
  let source = try FileByteSource(regularFileAt: tree.path + "/a.jpg")
  #expect(source.size == 200 && source.status?.st_size == 200)
  #expect(try source.read(at: 190, count: 64) == Array(190..<200))
}

@Test func whatReplacedAListedFileIsNeitherFollowedNorWaitedOn() throws {
  let tree = try TemporaryTree()
  try tree.write("real.jpg", [1, 2, 3])
  try tree.link("link.jpg", to: tree.path + "/real.jpg")
  try tree.folder("folder.jpg")
  #expect(mkfifo(tree.path + "/pipe.jpg", 0o600) == 0)
  for name in ["link.jpg", "folder.jpg", "pipe.jpg", "missing.jpg"] {
    let path = tree.path + "/" + name
    #expect(throws: MetadataError.cannotOpen(path: path, errno: ENOENT)) {
      try FileByteSource(regularFileAt: path)
    }
  }
  #expect(try FileByteSource(path: tree.path + "/link.jpg").size == 3)  // a path given is followed
}

@Test func aFileOpenedByNameInItsOpenFolderIsTheSameAndRefusedTheSameWays() throws {
  let tree = try TemporaryTree()
  try tree.folder("sub")
  try tree.write("sub/a.jpg", Array(0..<200))
  try tree.link("sub/link.jpg", to: tree.path + "/sub/a.jpg")
  try tree.folder("sub/folder.jpg")
  let folder = open(tree.path + "/sub", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  try #require(folder >= 0)
  defer { close(folder) }
  let source = try FileByteSource(regularFileNamed: "a.jpg", inFolder: folder, path: tree.path + "/sub/a.jpg")
  #expect(source.size == 200 && source.status?.st_size == 200)
  #expect(try source.read(at: 190, count: 64) == Array(190..<200))
  let sized = try FileByteSource(named: "a.jpg", inFolder: folder, path: "shown", size: 100)
  #expect(try sized.read(at: 0, count: 1000) == Array(0..<100))
  for name in ["link.jpg", "folder.jpg", "missing.jpg"] {
    let path = tree.path + "/sub/" + name
    #expect(throws: MetadataError.cannotOpen(path: path, errno: ENOENT)) {
      try FileByteSource(regularFileNamed: name, inFolder: folder, path: path)
    }
  }
}

@Test func aPipeInPlaceOfAWalkedFileIsNotWaitedOn() throws {
  let tree = try TemporaryTree()
  #expect(mkfifo(tree.path + "/was-a-photo.jpg", 0o600) == 0)
  let folder = open(tree.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  try #require(folder >= 0)
  defer { close(folder) }
  // The walk saw a 3-byte file here; opening what replaced it returns at once, and reads nothing.
  let source = try FileByteSource(named: "was-a-photo.jpg", inFolder: folder, path: "shown", size: 3)
  #expect((try? source.read(at: 0, count: 3)) ?? [] == [])
}

@Test(
  arguments: [
    (EACCES, "fix its permissions"), (ENAMETOOLONG, "name is too long"), (EIO, "Cannot open /p: "),
    (ENOENT, "vanished"),
  ] as [(Int32, String)])
func anOpenFailureGivesAdviceOnlyWhereItFits(code: Int32, says: String) {
  let text = MetadataError.cannotOpen(path: "/p", errno: code).description
  #expect(text.contains(says))
  #expect(text.contains("permissions") == (code == EACCES))
}
