import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Photos under `photos/` and an album folder (not made yet) under `albums/`, in one temporary tree.
private struct Library {
  let tree: TemporaryTree
  let album: URL

  init() throws {
    tree = try TemporaryTree()
    album = URL(fileURLWithPath: tree.path + "/albums/favorites")
  }

  /// A photo of its own bytes at `photos/relative`, modified long ago (with nanoseconds, which a
  /// copy keeps too); its id is its name unless given.
  func photo(_ relative: String, id: String? = nil) throws -> (id: AssetID, path: String) {
    try tree.write("photos/" + relative, Array("bytes of \(relative)".utf8) + [0, 0xFF])
    let path = tree.path + "/photos/" + relative
    try setModified(path, seconds: 1_715_500_000 + relative.utf8.count)
    return (AssetID(rawValue: id ?? relative), path)
  }

  func export(_ items: [(id: AssetID, path: String)], _ method: AlbumExport.Method = .link) throws
    -> AlbumExport.Summary
  {
    try AlbumExport(folder: album, method: method).export(items)
  }

  /// Each file of the album (the record aside): a link's target, or a file's bytes.
  func entries() throws -> [String: String] {
    var result: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: album.path)
    where name != AlbumRecord.fileName {
      let path = album.path + "/" + name
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        result[name] = "→ " + target
      } else {
        result[name] = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
      }
    }
    return result
  }

  /// The album folder and each entry in it, record included, as the disk has them: inode,
  /// modification and change times, link target. A write of any kind changes it.
  func diskState() throws -> [String: String] {
    var result: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: album.path) + ["."] {
      let path = album.path + "/" + name
      var info = stat()
      try #require(lstat(path, &info) == 0)
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "-"
      result[name] = "\(info.st_ino) \(nanoseconds(info.st_mtim)) \(nanoseconds(info.st_ctim)) \(target)"
    }
    return result
  }

  /// Every photo's bytes and modification time.
  func photos() throws -> [String: String] {
    var result: [String: String] = [:]
    for relative in try FileManager.default.subpathsOfDirectory(atPath: tree.path + "/photos") {
      let path = tree.path + "/photos/" + relative
      var info = stat()
      try #require(lstat(path, &info) == 0)
      guard info.st_mode & S_IFMT == S_IFREG else { continue }
      result[relative] =
        "\(nanoseconds(info.st_mtim)) "
        + (try Data(contentsOf: URL(fileURLWithPath: path))).base64EncodedString()
    }
    return result
  }
}

private func nanoseconds(_ time: timespec) -> Int { time.tv_sec * 1_000_000_000 + time.tv_nsec }

private func modified(_ path: String) throws -> Int {
  var info = stat()
  try #require(lstat(path, &info) == 0)
  return nanoseconds(info.st_mtim)
}

private func setModified(_ path: String, seconds: Int) throws {
  let times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 123_456_789)]
  try #require(utimensat(AT_FDCWD, path, times, 0) == 0)
}

@Test(arguments: [AlbumExport.Method.link, .copy])
func aNewAlbumHoldsExactlyTheItemsAsLinksToThemOrCopiesOfThem(method: AlbumExport.Method) throws {
  let library = try Library()
  let items = [try library.photo("2024/IMG_1.jpg"), try library.photo("2024/05/IMG_2.HEIC")]
  let summary = try library.export(items, method)

  #expect(summary == AlbumExport.Summary(added: 2))
  #expect(try library.entries().keys.sorted() == ["IMG_1.jpg", "IMG_2.HEIC"])
  for (name, item) in zip(["IMG_1.jpg", "IMG_2.HEIC"], items) {
    let path = library.album.path + "/" + name
    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    if method == .link {
      #expect(target == item.path)
    } else {
      #expect(target == nil)
      #expect(FileManager.default.contentsEqual(atPath: path, andPath: item.path))
      #expect(try modified(path) == modified(item.path))
    }
  }
  #expect(FileManager.default.fileExists(atPath: library.album.path + "/" + AlbumRecord.fileName))
}

@Test(arguments: [AlbumExport.Method.link, .copy])
func aSecondRunWithTheSameItemsWritesNothing(method: AlbumExport.Method) throws {
  let library = try Library()
  let items = [
    try library.photo("a/IMG_1.jpg"), try library.photo("b/IMG_1.jpg"), try library.photo("c.png"),
  ]
  _ = try library.export(items, method)
  let before = try library.diskState()

  let summary = try library.export(items, method)

  #expect(summary == AlbumExport.Summary(unchanged: 3))
  #expect(try library.diskState() == before)
}

@Test func aRunRemovesOnlyFaversDroppedEntriesAndAddsTheNewOnes() throws {
  let library = try Library()
  let (a, b, c) = (try library.photo("a.jpg"), try library.photo("b.jpg"), try library.photo("c.jpg"))
  _ = try library.export([a, b])
  try library.tree.write("albums/favorites/notes.txt", Array("mine".utf8))
  try library.tree.link("albums/favorites/elsewhere.jpg", to: c.path)
  let before = try library.diskState()

  let summary = try library.export([a, c])

  #expect(summary == AlbumExport.Summary(added: 1, removed: 1, unchanged: 1))
  #expect(
    try library.entries() == [
      "a.jpg": "→ " + a.path, "c.jpg": "→ " + c.path, "notes.txt": "mine",
      "elsewhere.jpg": "→ " + c.path,
    ])
  #expect(try library.diskState()["a.jpg"] == before["a.jpg"])
  #expect(FileManager.default.fileExists(atPath: b.path))
}

@Test func sameNamesAreNumberedAndKeepTheirNumbersWhileTheyStay() throws {
  let library = try Library()
  let first = try library.photo("x/IMG_1.jpg")
  let second = try library.photo("y/IMG_1.jpg")
  let third = try library.photo("z/IMG_2.jpg")
  try library.tree.write("albums/favorites/IMG_2.jpg", Array("the person's".utf8))

  _ = try library.export([first, second, third])
  let numbered = [
    "IMG_1.jpg": "→ " + first.path, "IMG_1 (2).jpg": "→ " + second.path, "IMG_2.jpg": "the person's",
    "IMG_2 (2).jpg": "→ " + third.path,
  ]
  #expect(try library.entries() == numbered)

  #expect(try library.export([third, second, first]) == AlbumExport.Summary(unchanged: 3))
  #expect(try library.entries() == numbered)

  _ = try library.export([second, third])
  #expect(try library.entries()["IMG_1 (2).jpg"] == "→ " + second.path)
  #expect(try library.entries()["IMG_1.jpg"] == nil)
  let fourth = try library.photo("w/IMG_1.jpg")
  _ = try library.export([second, third, fourth])
  #expect(try library.entries()["IMG_1.jpg"] == "→ " + fourth.path)
}

@Test(
  arguments: [
    "\u{4E00}.jpg", "IMG_1.jpg", "README", ".profile", "archive.tar.gz",
  ], [2, 3])
func aNumberGoesBeforeTheExtension(name: String, number: Int) {
  let expected: [String: String] = [
    "\u{4E00}.jpg": "\u{4E00} (\(number)).jpg", "IMG_1.jpg": "IMG_1 (\(number)).jpg",
    "README": "README (\(number))", ".profile": ".profile (\(number))",
    "archive.tar.gz": "archive.tar (\(number)).gz",
  ]
  #expect(AlbumExport.numbered(name, number) == expected[name])
}

@Test(arguments: [AlbumExport.Method.link, .copy])
func anEntryWhoseSourceMovedIsMadeAgainUnderItsName(method: AlbumExport.Method) throws {
  let library = try Library()
  let before = try library.photo("2024/IMG_1.jpg", id: "one")
  _ = try library.export([before], method)
  try FileManager.default.createDirectory(
    atPath: library.tree.path + "/photos/moved", withIntermediateDirectories: true)
  let after = (id: before.id, path: library.tree.path + "/photos/moved/IMG_1.jpg")
  try FileManager.default.moveItem(atPath: before.path, toPath: after.path)

  #expect(try library.export([after], method) == AlbumExport.Summary(updated: 1))
  let path = library.album.path + "/IMG_1.jpg"
  if method == .link {
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == after.path)
  } else {
    #expect(FileManager.default.contentsEqual(atPath: path, andPath: after.path))
  }
  #expect(try library.export([after], method) == AlbumExport.Summary(unchanged: 1))
}

@Test func switchingToCopiesReplacesTheLinks() throws {
  let library = try Library()
  let items = [try library.photo("a.jpg"), try library.photo("b.jpg")]
  _ = try library.export(items, .link)

  #expect(try library.export(items, .copy) == AlbumExport.Summary(updated: 2))
  for item in items {
    let path = library.album.path + "/" + AlbumExport.fileName(of: item.path)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil)
    #expect(FileManager.default.contentsEqual(atPath: path, andPath: item.path))
  }
}

@Test func entriesThePersonChangedAreLeftAloneAndReported() throws {
  let library = try Library()
  let (a, b, c) = (try library.photo("a.jpg"), try library.photo("b.jpg"), try library.photo("c.jpg"))
  _ = try library.export([a, b, c])
  try FileManager.default.removeItem(atPath: library.album.path + "/a.jpg")
  try library.tree.write("albums/favorites/a.jpg", Array("edited".utf8))
  try FileManager.default.removeItem(atPath: library.album.path + "/b.jpg")
  try library.tree.link("albums/favorites/b.jpg", to: c.path)

  #expect(try library.export([a, b, c]) == AlbumExport.Summary(unchanged: 1, leftAlone: ["a.jpg", "b.jpg"]))
  #expect(try library.export([c]) == AlbumExport.Summary(unchanged: 1, leftAlone: ["a.jpg", "b.jpg"]))
  // No longer faver's: forgotten, and kept.
  #expect(try library.export([c]) == AlbumExport.Summary(unchanged: 1))
  #expect(try library.entries() == ["a.jpg": "edited", "b.jpg": "→ " + c.path, "c.jpg": "→ " + c.path])
}

@Test func whatARunCutShortLeftIsFinishedByTheNext() throws {
  let library = try Library()
  let (a, b) = (try library.photo("a.jpg"), try library.photo("b.jpg"))
  _ = try library.export([a, b])
  // Cut short after relinking a moved source, before the record was written again…
  let moved = (id: a.id, path: library.tree.path + "/photos/moved.jpg")
  try FileManager.default.moveItem(atPath: a.path, toPath: moved.path)
  try FileManager.default.removeItem(atPath: library.album.path + "/a.jpg")
  try library.tree.link("albums/favorites/a.jpg", to: moved.path)
  // … and after recording a new entry, before making it.
  try FileManager.default.removeItem(atPath: library.album.path + "/b.jpg")

  #expect(try library.export([moved, b]) == AlbumExport.Summary(added: 1, updated: 1))
  #expect(try library.entries() == ["a.jpg": "→ " + moved.path, "b.jpg": "→ " + b.path])
  #expect(try library.export([moved, b]) == AlbumExport.Summary(unchanged: 2))
}

@Test func aVanishedSourceIsSkippedWithItsReasonAndItsEntryKept() throws {
  let library = try Library()
  let (a, b) = (try library.photo("a.jpg"), try library.photo("b.jpg"))
  let gone = (id: AssetID(rawValue: "gone"), path: library.tree.path + "/photos/gone.jpg")
  var summary = try library.export([gone, a, b])
  #expect(summary == AlbumExport.Summary(added: 2, skipped: [.init(path: gone.path, reason: .sourceMissing)]))

  try FileManager.default.removeItem(atPath: b.path)  // an unmounted drive looks the same
  summary = try library.export([a, b])
  #expect(
    summary == AlbumExport.Summary(unchanged: 1, skipped: [.init(path: b.path, reason: .sourceMissing)]))
  #expect(try library.entries() == ["a.jpg": "→ " + a.path, "b.jpg": "→ " + b.path])
}

@Test(.enabled(if: FileManager.default.isReadableFile(atPath: "/proc/self/mem")))
func aCopyThatFailsHalfwayLeavesNothingBehind() throws {
  let library = try Library()
  let a = try library.photo("a.jpg")
  // A regular file whose first read fails (EIO): the copy's temporary file is made by then.
  let unreadable = (id: AssetID(rawValue: "mem"), path: "/proc/self/mem")

  let summary = try library.export([unreadable, a], .copy)

  #expect(summary.added == 1)
  #expect(
    summary.skipped == [
      .init(path: unreadable.path, reason: .cannotRead(reason: String(cString: strerror(EIO))))
    ])
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: library.album.path).sorted() == [
      AlbumRecord.fileName, "a.jpg",
    ])
  #expect(try library.export([a], .copy) == AlbumExport.Summary(unchanged: 1))
}

@Test(.enabled(if: canFreezeFolders))
func aFolderThatRefusesWritesIsReportedAndLeftWhole() throws {
  let library = try Library()
  let (a, b) = (try library.photo("a.jpg"), try library.photo("b.jpg"))
  _ = try library.export([a], .copy)
  try setModified(a.path, seconds: 1_800_000_000)  // the source changed: the copy is to be made again
  try freeze(library.album.path, true)
  defer { try? freeze(library.album.path, false) }
  let before = try library.diskState()

  let summary = try library.export([a], .copy)
  #expect(summary.updated == 0)
  #expect(summary.skipped.map(\.path) == [a.path])
  #expect(throws: AlbumError.self) { try library.export([a, b], .copy) }
  #expect(try library.diskState() == before)

  try freeze(library.album.path, false)
  #expect(try library.export([a, b], .copy) == AlbumExport.Summary(added: 1, updated: 1))
}

@Test func sourcesAreNeverChanged() throws {
  let library = try Library()
  let items = try ["a.jpg", "b/c.jpg", "b/d.jpg", "e.MOV"].map { try library.photo($0) }
  let before = try library.photos()
  _ = try library.export(items, .link)
  _ = try library.export(Array(items.prefix(2)), .copy)
  _ = try library.export(Array(items.suffix(2)), .link)
  _ = try library.export([], .copy)
  #expect(try library.entries() == [:])
  #expect(try library.photos() == before)
}

@Test func aFileWhereTheAlbumShouldBeIsRefused() throws {
  let library = try Library()
  try library.tree.write("albums/favorites", [1])
  #expect(throws: AlbumError.notAFolder(path: library.album.path)) { try library.export([]) }
}

@Test(arguments: [
  "not json",
  #"{"version": 2, "entries": []}"#,
  #"{"version": 1, "entries": [{"name": "../a.jpg", "id": "a.jpg", "source": "/x", "method": "link"}]}"#,
  #"{"version": 1, "entries": [{"name": "a.jpg", "id": "a", "source": "/x", "method": "link"}, "#
    + #"{"name": "a.jpg", "id": "b", "source": "/x", "method": "link"}]}"#,
])
func aRecordFaverCannotTrustStopsTheRunBeforeAnyChange(record: String) throws {
  let library = try Library()
  let a = try library.photo("a.jpg")
  _ = try library.export([a])
  try library.tree.write("albums/favorites/" + AlbumRecord.fileName, Array(record.utf8))
  let before = try library.diskState()

  let error = #expect(throws: AlbumError.self) { try library.export([]) }
  guard case .unreadableRecord = error else {
    Issue.record("\(String(describing: error))")
    return
  }
  #expect(try library.diskState() == before)
}

/// Whether a test can make a folder refuse new files: by its mode, or, for root (whom modes do
/// not stop), by `chattr +i` where the file system has it.
private let canFreezeFolders: Bool = {
  guard geteuid() == 0 else { return true }
  guard let tree = try? TemporaryTree(), (try? freeze(tree.path, true)) != nil else { return false }
  try? freeze(tree.path, false)
  return true
}()

private func freeze(_ folder: String, _ frozen: Bool) throws {
  guard geteuid() == 0 else {
    try #require(chmod(folder, frozen ? 0o555 : 0o755) == 0)
    return
  }
  let chattr = Process()
  chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
  chattr.arguments = [frozen ? "+i" : "-i", folder]
  chattr.standardError = FileHandle.nullDevice
  try chattr.run()
  chattr.waitUntilExit()
  guard chattr.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
}
