import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverFiles

#if canImport(Glibc)
  import Glibc
#endif

// What the walk says when it cannot go somewhere: the system's reason, and advice only where it fits.

@Test(arguments: [EACCES, EPERM])
func onlyAPermissionErrorAsksForPermissions(code: Int32) {
  let folder = WalkIssue.unreadableFolder(path: "/lib/locked", errno: code).description
  #expect(folder.contains("Fix its permissions to include it; its indexed files are kept."))
  let entry = WalkIssue.unreadableEntry(path: "/lib/locked/a.jpg", errno: code).description
  #expect(entry.contains("Fix its folder's permissions to include it."))
}

@Test(arguments: [ENAMETOOLONG, EIO, ELOOP, EMFILE, ENOTDIR, ENOENT])
func otherErrorsGiveTheSystemsReasonWithoutPermissionAdvice(code: Int32) {
  for issue in [
    WalkIssue.unreadableFolder(path: "/lib/x", errno: code), .unreadableEntry(path: "/lib/x", errno: code),
  ] {
    #expect(!issue.description.contains("permission"))
    if code != ENOENT { #expect(issue.description.contains(String(cString: strerror(code)))) }
  }
}

@Test func aNameTooLongSaysSo() {
  let issue = WalkIssue.unreadableFolder(path: "/lib/deep", errno: ENAMETOOLONG)
  #expect(issue.description.contains("too long for the file system"))
}

@Test func aFolderThatVanishesDuringTheWalkIsSaidToHaveVanished() throws {
  let tree = try TemporaryTree()
  try tree.write("sub/a.jpg", [1])
  try tree.write("z.jpg", [1])
  var issues: [WalkIssue] = []
  var unreadable: [String] = []
  // The root's files are visited before its subfolders are opened: remove one in between.
  LibraryWalker().walk(root: tree.path) { event in
    switch event {
    case .file(let file) where file.relativePath == "z.jpg":
      try? FileManager.default.removeItem(atPath: tree.path + "/sub")
    case .issue(let issue, let folder):
      issues.append(issue)
      if let folder { unreadable.append(folder) }
    default: break
    }
  }
  #expect(issues == [.unreadableFolder(path: tree.path + "/sub", errno: ENOENT)])
  #expect(unreadable == ["sub"])  // its indexed files are kept until a run sees it gone
  let message = try #require(issues.first).description
  #expect(message.contains("vanished") && message.contains("the next run will see it if it comes back"))
  #expect(!message.contains("permission"))
}

@Test func aFolderDeeperThanAPathCanReachIsSaidToBeTooLong() throws {
  let tree = try TemporaryTree()
  let name = String(repeating: "d", count: 250)
  // Made one level at a time from the open parent: its whole path is past PATH_MAX (4096).
  var descriptors = [open(tree.path, O_RDONLY | O_DIRECTORY)]
  defer {
    for (depth, fd) in descriptors.enumerated().reversed() {
      if depth + 1 < descriptors.count { unlinkat(fd, name, AT_REMOVEDIR) }
      close(fd)
    }
  }
  for _ in 0..<20 {
    let parent = try #require(descriptors.last)
    try #require(mkdirat(parent, name, 0o755) == 0)
    descriptors.append(openat(parent, name, O_RDONLY | O_DIRECTORY))
  }
  var issues: [WalkIssue] = []
  LibraryWalker().walk(root: tree.path) { event in
    if case .issue(let issue, _) = event { issues.append(issue) }
  }
  let issue = try #require(issues.first)
  guard case .unreadableFolder(_, ENAMETOOLONG) = issue else {
    Issue.record("expected a folder whose path is too long, got \(issue)")
    return
  }
  #expect(issue.description.contains("too long for the file system"))
  #expect(!issue.description.contains("permission"))
}

@Test(arguments: [
  ([0x62, 0x61, 0x64, 0x2D, 0xFF, 0xFE, 0x2E, 0x6A], #"bad-\xFF\xFE.j"#),
  ([0xC3, 0xA9, 0xC3], #"é\xC3"#),  // a valid letter, then a sequence cut short
  ([0x0A, 0x80, 0x01, 0x7F], #"\n\x80\x01\x7F"#),
  ([0x69, 0x74, 0x27, 0x73, 0x5C, 0xFF], #"it\'s\\\xFF"#),
  ([0xC2, 0x85, 0xED, 0xA0, 0x80], #"\u0085\xED\xA0\x80"#),  // a C1 control, a UTF-16 surrogate
])
func aNameThatIsNotUTF8IsShownEscaped(bytes: [UInt8], shown: String) {
  #expect(LibraryWalker.shellEscaped(bytes) == shown)
}

@Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash reads the escapes back"))
func bashReadsAnEscapedNameBackToItsBytes() throws {
  var generator = SeededGenerator(seed: 3)
  let names = (0..<40).map { _ in
    (0..<Int.random(in: 1...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) }
  }
  let script = names.map { "printf '%s\\0' $'\(LibraryWalker.shellEscaped($0))'" }.joined(separator: "\n")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-c", script]
  process.environment = ["LC_ALL": "C.UTF-8"]
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init) == names)
}
