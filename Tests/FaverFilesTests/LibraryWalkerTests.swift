import FaverStore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverFiles

#if canImport(Glibc)
  import Glibc
#endif

private struct Walk {
  var files: [String] = []
  var ignored: [String] = []
  var symlinks: [String] = []
  var special: [String] = []
  var issues: [WalkIssue] = []
  var unreadableFolders: [String] = []
}

private func walk(_ tree: TemporaryTree, follow: Bool = false, stats: Bool = true) -> Walk {
  var result = Walk()
  var walker = LibraryWalker(followSymlinks: follow)
  walker.statsFiles = stats
  walker.walk(root: tree.path) { event in
    switch event {
    case .file(let file):
      result.files.append(file.relativePath)
      if (file.stamp != nil) != stats {
        result.issues.append(.vanished(path: "stamp of " + file.relativePath))
      }
    case .ignored(let path): result.ignored.append(path)
    case .symlinkSkipped(let path): result.symlinks.append(path)
    case .notRegularFile(let path): result.special.append(path)
    case .issue(let issue, let folder):
      result.issues.append(issue)
      if let folder { result.unreadableFolders.append(folder) }
    }
  }
  return result
}

@Test func filesComeInAStableDepthFirstByteOrder() throws {
  let tree = try TemporaryTree()
  for name in ["b.jpg", "a.jpg", "2024/05/z.jpg", "2024/05/a b.jpg", "2024/06/é.jpg", "2023/x.jpg", "B.jpg"] {
    try tree.write(name, [1])
  }
  #expect(
    walk(tree).files == [
      "B.jpg", "a.jpg", "b.jpg", "2023/x.jpg", "2024/05/a b.jpg", "2024/05/z.jpg", "2024/06/é.jpg",
    ])
}

@Test func hiddenAndSystemEntriesAreIgnored() throws {
  let tree = try TemporaryTree()
  let junk = [
    ".git/HEAD", "@eaDir/a.jpg/SYNOPHOTO_THUMB_M.jpg", ".thumbnails/x.jpg", ".Trash-1000/files/y.jpg",
    "Thumbs.db", ".DS_Store", "._IMG_0001.jpg", "2024/.hidden.jpg",
  ]
  for name in junk + ["2024/IMG_0001.jpg"] { try tree.write(name, [1]) }
  let result = walk(tree)
  #expect(result.files == ["2024/IMG_0001.jpg"])
  #expect(
    Set(result.ignored) == [
      ".git", "@eaDir", ".thumbnails", ".Trash-1000", "Thumbs.db", ".DS_Store", "._IMG_0001.jpg",
      "2024/.hidden.jpg",
    ])
}

@Test func symlinksAreNotFollowedByDefault() throws {
  let tree = try TemporaryTree()
  let outside = try TemporaryTree()
  try outside.write("elsewhere.jpg", [1])
  try tree.write("real.jpg", [1])
  try tree.link("linked", to: outside.path)
  try tree.link("alias.jpg", to: tree.path + "/real.jpg")
  let result = walk(tree)
  #expect(result.files == ["real.jpg"])
  #expect(result.symlinks.sorted() == ["alias.jpg", "linked"])
}

@Test func followedSymlinksNeverLoopOrRepeat() throws {
  let tree = try TemporaryTree()
  let outside = try TemporaryTree()
  try outside.write("elsewhere.jpg", [1])
  try tree.write("a/real.jpg", [1])
  try tree.link("a/loop", to: tree.path)  // back to the root
  try tree.link("a/self", to: tree.path + "/a")
  try tree.link("outside", to: outside.path)
  try tree.link("again.jpg", to: tree.path + "/a/real.jpg")
  try tree.link("dangling.jpg", to: tree.path + "/nothing-here")
  let result = walk(tree, follow: true)
  #expect(result.files.sorted() == ["a/real.jpg", "outside/elsewhere.jpg"])
  #expect(result.issues.contains(.symlinkLoop(path: tree.path + "/a/loop")))
  #expect(result.issues.contains(.brokenSymlink(path: tree.path + "/dangling.jpg")))
}

@Test func namesThatAreNotUTF8AreReportedAndSkipped() throws {
  let tree = try TemporaryTree()
  try tree.write("good.jpg", [1])
  let bad: [CChar] =
    Array((tree.path + "/bad-").utf8CString.dropLast()) + [
      CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE), 0x2E, 0x6A, 0,
    ]
  let fd = open(bad, O_CREAT | O_WRONLY, 0o644)
  #expect(fd >= 0)
  close(fd)
  let result = walk(tree)
  #expect(result.files == ["good.jpg"])
  #expect(result.issues.count == 1)
  if case .nonUTF8Name(let folder, let escaped) = result.issues.first {
    #expect(folder == tree.path)
    #expect(escaped == #"bad-\xFF\xFE.j"#)  // the bytes themselves, not replacement characters
  } else {
    Issue.record("expected a non-UTF-8 issue")
  }
}

@Test(.enabled(if: geteuid() != 0, "root reads every folder"))
func unreadableFoldersAreReportedAndTheWalkGoesOn() throws {
  let tree = try TemporaryTree()
  try tree.write("locked/a.jpg", [1])
  try tree.write("open/b.jpg", [1])
  chmod(tree.path + "/locked", 0)
  let result = walk(tree)
  #expect(result.files == ["open/b.jpg"])
  #expect(result.unreadableFolders == ["locked"])
}

@Test func theStoreFolderIsNeverWalked() throws {
  let tree = try TemporaryTree()
  try tree.write("store/index.sqlite", [1])
  try tree.write("a.jpg", [1])
  var files: [String] = []
  LibraryWalker(excludedFolders: [tree.path + "/store"]).walk(root: tree.path) { event in
    if case .file(let file) = event { files.append(file.relativePath) }
  }
  #expect(files == ["a.jpg"])
}

@Test func withoutStatsTheFolderListingSaysWhatEachEntryIs() throws {
  let tree = try TemporaryTree()
  for name in ["b.jpg", "2024/05/z.jpg", "2024/a.jpg", ".hidden.jpg"] { try tree.write(name, [1]) }
  try tree.link("alias.jpg", to: tree.path + "/b.jpg")
  try tree.link("elsewhere", to: tree.path + "/2024")
  let listed = walk(tree, stats: false)
  let statted = walk(tree)
  #expect(listed.files == ["b.jpg", "2024/a.jpg", "2024/05/z.jpg"])
  #expect(listed.files == statted.files && listed.ignored == statted.ignored)
  #expect(listed.symlinks.sorted() == ["alias.jpg", "elsewhere"] && listed.issues.isEmpty)
}

@Test(arguments: [(false, true), (false, false), (true, true)])
func pipesSocketsAndDevicesAreReportedNotListedAsFiles(follow: Bool, stats: Bool) throws {
  let tree = try TemporaryTree()
  try tree.write("a.jpg", [1])
  try tree.fifo("pipe.jpg")
  try tree.socket("socket.jpg")
  try tree.link("null.jpg", to: "/dev/null")
  let result = walk(tree, follow: follow, stats: stats)
  #expect(result.files == ["a.jpg"])
  let special = ["pipe.jpg", "socket.jpg"]
  #expect(result.special.sorted() == (follow ? ["null.jpg"] + special : special))
  #expect(result.issues.isEmpty)
}
