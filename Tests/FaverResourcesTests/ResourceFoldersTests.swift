import Foundation
import Testing

@testable import FaverResources

@Test(arguments: [
  // The Debian package.
  (
    "/usr/bin/faver", "/usr/bin/faver_FaverPlaces.resources/places.bin",
    "/usr/share/faver/places.bin"
  ),
  // scripts/install's default prefix.
  (
    "/home/ana/.local/bin/faver", "/home/ana/.local/bin/faver_FaverPlaces.resources/places.bin",
    "/home/ana/.local/share/faver/places.bin"
  ),
  // `swift build`: the bundle beside the binary is looked at first.
  (
    "/src/faver/.build/x86_64-unknown-linux-gnu/debug/faver",
    "/src/faver/.build/x86_64-unknown-linux-gnu/debug/faver_FaverPlaces.resources/places.bin",
    "/src/faver/.build/x86_64-unknown-linux-gnu/share/faver/places.bin"
  ),
])
func aFileIsLookedForBesideTheExecutableThenInShareFaver(
  executable: String, bundled: String, installed: String
) {
  let folders = ResourceFolders(executable: URL(fileURLWithPath: executable))
  let candidates = folders.candidates(for: "places.bin", inBundle: "faver_FaverPlaces.resources")
  #expect(candidates.map(\.path) == [bundled, installed])
}

@Test func aPageFileKeepsItsFolderInBothLayouts() {
  let folders = ResourceFolders(executable: URL(fileURLWithPath: "/usr/bin/faver"))
  let candidates = folders.candidates(for: "Page/app.js", inBundle: "faver_FaverServe.resources")
  #expect(
    candidates.map(\.path) == [
      "/usr/bin/faver_FaverServe.resources/Page/app.js", "/usr/share/faver/Page/app.js",
    ])
}

@Test func theInstallLayoutIsFoundAndNothingElse() throws {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("faver-resources-\(UUID())")
  defer { try? FileManager.default.removeItem(at: root) }
  let share = root.appendingPathComponent("prefix/share/faver")
  try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
  try FileManager.default.createDirectory(
    at: root.appendingPathComponent("prefix/bin"), withIntermediateDirectories: true)
  try Data("table".utf8).write(to: share.appendingPathComponent("places.bin"))
  let folders = ResourceFolders(executable: root.appendingPathComponent("prefix/bin/faver"))
  #expect(
    folders.url(of: "places.bin", inBundle: "faver_FaverPlaces.resources")?.path
      == share.appendingPathComponent("places.bin").path)
  // Nothing else is looked at (neither the current directory nor a folder beside the prefix).
  let elsewhere = ResourceFolders(executable: root.appendingPathComponent("bin/faver"))
  #expect(elsewhere.url(of: "places.bin", inBundle: "faver_FaverPlaces.resources") == nil)
}

@Test func theRunningTestsFindTheBundlesSwiftPMBuiltBesideThem() {
  // The test runner lies in the build folder, beside every target's resource bundle.
  let folders = ResourceFolders.running()
  #expect(folders.url(of: "places.bin", inBundle: "faver_FaverPlaces.resources") != nil)
  #expect(folders.url(of: "Page/index.html", inBundle: "faver_FaverServe.resources") != nil)
}
