import FaverTestSupport
import Foundation
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
