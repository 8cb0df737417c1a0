import FaverCore
import FaverKit
import FaverTestSupport
import Foundation
import Testing

/// "Running it again with nothing changed changes nothing": a refresh over a library, marks and
/// signals where nothing changed leaves the manifest files as they were, and writes them again
/// as soon as anything they say, or the files themselves, changed.
@Test func aRefreshWithNothingChangedLeavesTheManifestAsItWas() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-unchanged-\(UUID().uuidString)")
  let out = FileManager.default.temporaryDirectory.appendingPathComponent("faver-out-\(UUID().uuidString)")
  defer {
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.removeItem(at: out)
  }
  try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
  let tree = try TemporaryTree()
  for (name, time) in [("a.jpg", "2024:05:01 10:00:00"), ("b.jpg", "2024:05:01 15:00:00")] {
    var exif = ExifBuilder()
    exif.original(time, offset: "+01:00")
    try tree.write(name, exif.jpeg() + Array(name.utf8))
  }
  let library = Library.open(store: folder)
  _ = try library.index([tree.path])
  let manifest = folder.appendingPathComponent(Library.manifestFileName)
  let extra = out.appendingPathComponent(Library.manifestFileName)
  func generated(_ url: URL = manifest) throws -> String {
    try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url)).generatedAt
  }
  func inode(_ url: URL = manifest) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.intValue
      ?? -1
  }
  func refresh(at seconds: Double, out: URL? = nil) throws -> Library.Refresh {
    try library.refresh(extraFolder: out, now: Date(timeIntervalSince1970: seconds))
  }

  let first = try refresh(at: 0)
  let (bytes, file) = (try Data(contentsOf: manifest), try inode())
  #expect(try generated() == "1970-01-01T00:00:00Z")
  // Nothing changed: the same file, not rewritten, and the same answer.
  let second = try refresh(at: 100)
  #expect(try Data(contentsOf: manifest) == bytes && inode() == file)
  #expect(second.manifest.progress == first.manifest.progress)
  #expect(second.manifest.moments == first.manifest.moments)
  #expect(second.manifest.thresholdSeconds == first.manifest.thresholdSeconds)

  // A mark changes what it says: written again.
  let marked = first.manifest.moments[0]
  let id = try #require(try library.next()).asset.id
  try library.mark([id], as: .reviewed)
  let third = try refresh(at: 200)
  #expect(try generated() == "1970-01-01T00:03:20Z")
  #expect(third.manifest.progress.reviewed == 1)
  #expect(third.manifest.moments.first { $0.id == marked.id }?.reviewed == 1)
  // An undo too, though the counts end as they began.
  try library.mark([id], as: .unreviewed)
  _ = try refresh(at: 300)
  #expect(try generated() == "1970-01-01T00:05:00Z")
  _ = try refresh(at: 400)
  #expect(try generated() == "1970-01-01T00:05:00Z")

  // The file removed, or changed by someone: written again.
  try FileManager.default.removeItem(at: manifest)
  _ = try refresh(at: 500)
  #expect(try generated() == "1970-01-01T00:08:20Z")
  try Data("{}".utf8).write(to: manifest)
  _ = try refresh(at: 600)
  #expect(try generated() == "1970-01-01T00:10:00Z")

  // A copy asked for elsewhere is written, then kept while it is there.
  _ = try refresh(at: 700, out: out)
  #expect(try generated(extra) == "1970-01-01T00:11:40Z" && generated() == "1970-01-01T00:11:40Z")
  let extraFile = try inode(extra)
  _ = try refresh(at: 800, out: out)
  #expect(try inode(extra) == extraFile && generated() == "1970-01-01T00:11:40Z")
  try FileManager.default.removeItem(at: extra)
  _ = try refresh(at: 900, out: out)
  #expect(try generated(extra) == "1970-01-01T00:15:00Z")

  // A new photo: written again.
  var exif = ExifBuilder()
  exif.original("2024:05:02 09:00:00", offset: "+01:00")
  try tree.write("c.jpg", exif.jpeg() + Array("c".utf8))
  let fourth = try refresh(at: 1000)
  #expect(try generated() == "1970-01-01T00:16:40Z")
  #expect(fourth.manifest.progress.total == 3)
}

/// `clusters --json` with nothing changed prints the manifest file as it is, without writing it.
@Test func printingAnUnchangedManifestHandsOverTheFileAsItIs() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-unchanged-print-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let tree = try TemporaryTree()
  for (name, time) in [("a.jpg", "2024:05:01 10:00:00"), ("b.jpg", "2024:05:01 10:00:01")] {
    var exif = ExifBuilder()
    exif.original(time, offset: "+01:00")
    try tree.write(name, exif.jpeg() + Array(name.utf8))
  }
  let library = Library.open(store: folder)
  _ = try library.index([tree.path])
  let manifest = folder.appendingPathComponent(Library.manifestFileName)
  func printed(at seconds: Double) throws -> Data {
    var bytes = Data()
    try library.cluster(now: Date(timeIntervalSince1970: seconds)) { bytes.append(contentsOf: $0) }
    return bytes
  }
  let first = try printed(at: 0)
  let written =
    try FileManager.default.attributesOfItem(atPath: manifest.path)[.systemFileNumber] as? NSNumber
  #expect(try first == Data(contentsOf: manifest))
  // Printed again with nothing changed: the same bytes (the time it was made included), the file
  // not replaced.
  #expect(try printed(at: 100) == first)
  #expect(
    try FileManager.default.attributesOfItem(atPath: manifest.path)[.systemFileNumber] as? NSNumber == written
  )
  // A mark: made and printed anew.
  let id = try #require(try library.next()).asset.id
  try library.mark([id], as: .reviewed)
  let marked = try printed(at: 200)
  #expect(try marked == Data(contentsOf: manifest) && marked != first)
  #expect(try JSONDecoder().decode(Manifest.self, from: marked).generatedAt == "1970-01-01T00:03:20Z")
}
