import FaverMetadata
import FaverTestSupport
import Foundation
import Testing

@testable import FaverFiles

#if canImport(Glibc)
  import Glibc
#endif

@Test func filesOfSeveralFoldersInAnyOrderAreEachOpenedAtTheirOwnPlace() throws {
  let tree = try TemporaryTree()
  for folder in ["x", "x/y", "z"] { try tree.folder(folder) }
  let paths = ["x/1.jpg", "x/y/2.jpg", "x/3.jpg", "top.jpg", "z/4.jpg", "x/y/5.jpg"]
  for (index, path) in paths.enumerated() { try tree.write(path, [UInt8(index), 7, 7]) }
  let cursor = FolderCursor()
  for (index, path) in (paths + paths.reversed()).enumerated() {
    let found = FoundFile(root: tree.path, relativePath: path)
    let source = try cursor.open(found, named: found.name)
    #expect(try source.read(at: 0, count: 1) == [UInt8(paths.firstIndex(of: path)!)], "\(index): \(path)")
  }
}

@Test func aFileWhoseFolderWentAwayIsReportedByItsWholePath() throws {
  let tree = try TemporaryTree()
  try tree.folder("gone")
  try tree.write("gone/a.jpg", [1])
  try tree.write("b.jpg", [2])
  let cursor = FolderCursor()
  #expect(try cursor.open(FoundFile(root: tree.path, relativePath: "b.jpg"), named: "b.jpg").size == 1)
  try FileManager.default.removeItem(atPath: tree.path + "/gone")
  let path = tree.path + "/gone/a.jpg"
  #expect(throws: MetadataError.cannotOpen(path: path, errno: ENOENT)) {
    try cursor.open(FoundFile(root: tree.path, relativePath: "gone/a.jpg"), named: "a.jpg")
  }
}
