import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Two photos a minute apart, indexed into a store beside them, and an empty `--out` folder.
private func library() throws -> (tree: TemporaryTree, store: String, out: URL) {
  let tree = try TemporaryTree()
  for index in 0..<2 {
    var builder = ExifBuilder()
    builder.original(String(format: "2024:06:01 10:%02d:00", index))
    try tree.write("photos/p\(index).jpg", builder.jpeg(scanBytes: 200 + index))
  }
  let store = tree.root.path + "-store"
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let out = tree.root.appendingPathComponent("out")
  try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
  return (tree, store, out)
}

/// What a person may keep as `manifest.json` in the folder they name: another program's JSON, a
/// text file, a link to their own file.
enum ForeignManifest: String, CaseIterable {
  case otherJSON, text, link

  /// Puts it in `out`; returns the path whose bytes must stay (the link's target for a link).
  func plant(in out: URL, tree: TemporaryTree) throws -> String {
    let path = out.appendingPathComponent("manifest.json").path
    switch self {
    case .otherJSON:
      try Data(#"{"generatedAt": "2024-06-01T10:00:00Z", "mode": "smart", "tool": "theirs"}"#.utf8)
        .write(to: URL(fileURLWithPath: path))
      return path
    case .text:
      try Data("my notes on the trip\n".utf8).write(to: URL(fileURLWithPath: path))
      return path
    case .link:
      try tree.write("elsewhere/manifest.json", Array(#"{"mine": true}"#.utf8))
      try FileManager.default.createSymbolicLink(
        atPath: path, withDestinationPath: tree.path + "/elsewhere/manifest.json")
      return tree.path + "/elsewhere/manifest.json"
    }
  }
}

@Test(arguments: ["clusters", "refresh"], ForeignManifest.allCases)
func outLeavesAManifestJSONFaverDidNotWrite(command: String, foreign: ForeignManifest) throws {
  let (tree, store, out) = try library()
  defer { try? FileManager.default.removeItem(atPath: store) }
  let kept = try foreign.plant(in: out, tree: tree)
  let before = try Data(contentsOf: URL(fileURLWithPath: kept))
  let path = out.appendingPathComponent("manifest.json").path
  var linkBefore = stat()
  #expect(lstat(path, &linkBefore) == 0)

  let result = try faver([command, "--out", out.path, "--store", store])
  #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
  #expect(result.stderr.contains(path), "\(result.stderr)")
  #expect(result.stderr.contains("faver replaces only a manifest it wrote"), "\(result.stderr)")
  #expect(result.stderr.contains("Move the file away, or give another --out folder"), "\(result.stderr)")
  #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before)
  var linkAfter = stat()
  #expect(lstat(path, &linkAfter) == 0)
  #expect(linkAfter.st_ino == linkBefore.st_ino && linkAfter.st_mode == linkBefore.st_mode)
  // Nothing else was written there, and the store's own manifest was.
  #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["manifest.json"])
  #expect(FileManager.default.fileExists(atPath: store + "/manifest.json"))
}

@Test(arguments: ["clusters", "refresh"])
func outReplacesAManifestFaverWrote(command: String) throws {
  let (tree, store, out) = try library()
  defer { withExtendedLifetime(tree) { try? FileManager.default.removeItem(atPath: store) } }
  let path = out.appendingPathComponent("manifest.json").path
  // Written by faver before, in the other mode.
  let first = try faver(["clusters", "--mode", "fixed", "--out", out.path, "--store", store])
  #expect(first.status == 0, "\(first.stderr)")
  #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""mode" : "fixed""#))
  let result = try faver([command, "--mode", "smart", "--out", out.path, "--store", store])
  #expect(result.status == 0, "\(result.stderr)")
  #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""mode" : "smart""#))
  // A copy of a manifest faver wrote, put there by hand, is faver's too.
  try FileManager.default.removeItem(atPath: path)
  try FileManager.default.copyItem(atPath: store + "/manifest.json", toPath: path)
  #expect(try faver([command, "--mode", "fixed", "--out", out.path, "--store", store]).status == 0)
  #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""mode" : "fixed""#))
}
