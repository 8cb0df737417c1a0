import FaverCore
import FaverStore
import FaverTestSupport
import Foundation
import Testing

/// Review history through the command line, the way a person and cron use it: files are moved,
/// renamed, deleted, restored and copied between runs, and nothing the person did is lost.

/// `faver assets --json`, the fields these tests need.
private struct Listed: Decodable, Equatable {
  var id: String
  var path: String
  var root: String
  var duplicates: [String]
  var relativePath: String { relative(path, to: root) ?? path }
}

/// `faver next --json`, the fields these tests need.
private struct Shown: Decodable {
  struct Asset: Decodable {
    var id: String, path: String, root: String
    var relativePath: String { relative(path, to: root) ?? path }
  }
  var asset: Asset
}

/// One photo a minute apart per index, all distinct content, in one moment.
private func photo(_ index: Int) -> [UInt8] {
  var builder = ExifBuilder()
  builder.original(String(format: "2024:06:01 10:%02d:%02d", index * 4, index))
  return builder.jpeg(scanBytes: 300 + index)
}

/// Runs faver on a store and checks the photo tree is byte-identical afterwards.
private struct Session {
  let tree: TemporaryTree
  let store: String

  init(tree: TemporaryTree) {
    self.tree = tree
    store = tree.root.path + "-store"
  }

  @discardableResult
  func faver(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult
  {
    let before = try tree.snapshot()
    let result = try FaverCLITests.faver(arguments + ["--store", store])
    #expect(
      try tree.snapshot() == before, "faver \(arguments) changed the photos", sourceLocation: sourceLocation)
    return result
  }

  func assets() throws -> [String: Listed] {
    let output = try faver(["assets", "--json"])
    let listed = try JSONDecoder().decode([Listed].self, from: Data(output.stdout.utf8))
    return Dictionary(uniqueKeysWithValues: listed.map { ($0.relativePath, $0) })
  }

  func next() throws -> Shown.Asset? {
    let output = try faver(["next", "--json"])
    return try JSONDecoder().decode(Shown?.self, from: Data(output.stdout.utf8))?.asset
  }

  func index() throws -> IndexStore { try IndexStore(folder: URL(fileURLWithPath: store)) }

  func move(_ from: String, _ to: String) throws {
    let target = tree.root.appendingPathComponent(to)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: tree.root.appendingPathComponent(from), to: target)
  }
}

@Test func movedRenamedDeletedAndRestoredFilesKeepTheirHistory() throws {
  let tree = try TemporaryTree()
  for index in 0..<12 { try tree.write(String(format: "trip/IMG_%04d.jpg", index), photo(index)) }
  let session = Session(tree: tree)
  defer { try? FileManager.default.removeItem(atPath: session.store) }
  #expect(try session.faver(["index", tree.path]).status == 0)
  let first = try session.assets()
  let id = { (index: Int) in first[String(format: "trip/IMG_%04d.jpg", index)]?.id ?? "missing \(index)" }

  #expect(try session.faver(["mark", id(0), id(1), id(2), "--reviewed"]).status == 0)
  #expect(try session.faver(["mark", id(3), "--favorite"]).status == 0)
  #expect(try session.next()?.id == id(4))

  // Renamed folder, renamed file under the cursor, a reviewed photo moved elsewhere.
  try session.move("trip", "2024/trip-renamed")
  try session.move("2024/trip-renamed/IMG_0004.jpg", "2024/trip-renamed/cursor-photo.jpg")
  try session.move("2024/trip-renamed/IMG_0001.jpg", "2024/elsewhere/x.jpg")
  #expect(try session.faver(["refresh"]).status == 0)
  let moved = try session.assets()
  #expect(Set(moved.values.map(\.id)) == Set(first.values.map(\.id)))
  #expect(moved["2024/trip-renamed/cursor-photo.jpg"]?.id == id(4))
  #expect(moved["2024/elsewhere/x.jpg"]?.id == id(1))
  #expect(try session.index().reviewedIDs() == Set([0, 1, 2, 3].map { AssetID(rawValue: id($0)) }))
  #expect(try session.index().favoriteIDs() == [AssetID(rawValue: id(3))])
  let resumed = try session.next()
  #expect(resumed?.id == id(4) && resumed?.relativePath == "2024/trip-renamed/cursor-photo.jpg")

  // Deleted (taken off the disk, e.g. to an unplugged drive): they leave the queue.
  let holding = try TemporaryTree()
  try FileManager.default.moveItem(
    at: tree.root.appendingPathComponent("2024/trip-renamed/cursor-photo.jpg"),
    to: holding.root.appendingPathComponent("a.jpg"))
  try FileManager.default.moveItem(
    at: tree.root.appendingPathComponent("2024/elsewhere/x.jpg"),
    to: holding.root.appendingPathComponent("b.jpg"))
  #expect(try session.faver(["refresh"]).status == 0)
  #expect(try session.assets().count == 10)
  #expect(try session.faver(["status"]).stdout.hasPrefix("3/10 reviewed"))
  #expect(try session.next()?.id == id(5))

  // Restored under new names: the review mark comes back with the photo.
  try tree.folder("back")
  try FileManager.default.moveItem(
    at: holding.root.appendingPathComponent("a.jpg"), to: tree.root.appendingPathComponent("back/a.jpg"))
  try FileManager.default.moveItem(
    at: holding.root.appendingPathComponent("b.jpg"), to: tree.root.appendingPathComponent("back/b.jpg"))
  #expect(try session.faver(["refresh"]).status == 0)
  #expect(try session.faver(["status"]).stdout.hasPrefix("4/12 reviewed"))
  #expect(try session.next()?.id == id(5))
  // Once everything after it is reviewed, the queue comes round to the restored photo.
  #expect(try session.faver(["mark"] + (5..<12).map(id) + ["--reviewed"]).status == 0)
  #expect(try session.next()?.id == id(4))
}

@Test func copiesAreOneAssetReviewedOnce() throws {
  let tree = try TemporaryTree()
  for index in 0..<3 { try tree.write("IMG_\(index).jpg", photo(index)) }
  try tree.write("backup/copy of IMG_1.jpg", photo(1))
  let session = Session(tree: tree)
  defer { try? FileManager.default.removeItem(atPath: session.store) }
  #expect(try session.faver(["index", tree.path]).status == 0)
  let assets = try session.assets()
  #expect(assets.count == 3)
  #expect(assets["IMG_1.jpg"]?.duplicates == [tree.path + "/backup/copy of IMG_1.jpg"])
  #expect(try session.faver(["mark", assets["IMG_1.jpg"]?.id ?? "", "--reviewed"]).status == 0)
  #expect(try session.faver(["status"]).stdout.hasPrefix("1/3 reviewed"))

  // The original goes; the copy carries the asset and its mark on.
  try FileManager.default.removeItem(at: tree.root.appendingPathComponent("IMG_1.jpg"))
  #expect(try session.faver(["refresh"]).status == 0)
  let after = try session.assets()
  #expect(after["backup/copy of IMG_1.jpg"]?.id == assets["IMG_1.jpg"]?.id)
  #expect(try session.faver(["status"]).stdout.hasPrefix("1/3 reviewed"))
}

@Test func refreshRewritesTheManifestInTheModeChosenLast() throws {
  let tree = try TemporaryTree()
  for index in 0..<4 { try tree.write("IMG_\(index).jpg", photo(index)) }
  let session = Session(tree: tree)
  defer { try? FileManager.default.removeItem(atPath: session.store) }
  let manifestURL = URL(fileURLWithPath: session.store).appendingPathComponent("manifest.json")
  func manifest() throws -> Manifest {
    try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
  }
  #expect(try session.faver(["index", tree.path]).status == 0)
  #expect(!FileManager.default.fileExists(atPath: manifestURL.path))

  let plain = try session.faver(["refresh"])
  #expect(plain.status == 0)
  #expect(plain.stdout.hasSuffix("; manifest: 1 moment to review, 0/4 reviewed (smart mode)\n"))
  #expect(try manifest().mode == "smart" && manifest().progress.total == 4)

  #expect(try session.faver(["clusters", "--gap", "1h"]).status == 0)
  try tree.write("IMG_9.jpg", photo(9))
  #expect(try session.faver(["mark", session.assets()["IMG_0.jpg"]?.id ?? "", "--favorite"]).status == 0)
  #expect(try session.faver(["refresh"]).status == 0)
  let rewritten = try manifest()
  #expect(rewritten.mode == "fixed" && rewritten.thresholdSeconds == 3600)
  #expect(rewritten.progress == ReviewProgress(reviewed: 1, total: 5))

  let json = try session.faver(["refresh", "--json", "--mode", "smart"])
  let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [String: Any]]
  #expect(report?["manifest"]?["mode"] as? String == "smart")
  #expect(report?["index"]?["unchanged"] as? Int == 5)
  #expect(try manifest().mode == "smart")
  let leftovers = try FileManager.default.contentsOfDirectory(atPath: session.store).filter {
    $0.hasSuffix(".tmp")
  }
  #expect(leftovers.isEmpty)
}

@Test func aPhotoEditedInPlaceKeepsItsMarkAndANewPhotoUnderAnOldNameDoesNot() throws {
  let tree = try TemporaryTree()
  try tree.write("IMG_1.jpg", photo(1))
  try tree.write("IMG_2.jpg", photo(2))
  let session = Session(tree: tree)
  defer { try? FileManager.default.removeItem(atPath: session.store) }
  #expect(try session.faver(["index", tree.path]).status == 0)
  let before = try session.assets()
  let ids = [before["IMG_1.jpg"]?.id ?? "", before["IMG_2.jpg"]?.id ?? ""]
  #expect(try session.faver(["mark"] + ids + ["--favorite"]).status == 0)

  // IMG_1 edited by another tool: same capture time, other bytes. IMG_2 overwritten by a new
  // photo that happens to have the same name (a camera's counter starting again).
  var edited = ExifBuilder()
  edited.original(String(format: "2024:06:01 10:%02d:%02d", 4, 1))
  edited.ifd0[0x0131] = .ascii("an editor")
  try tree.write("IMG_1.jpg", edited.jpeg(scanBytes: 301))
  try tree.write("IMG_2.jpg", photo(7))
  #expect(try session.faver(["refresh"]).status == 0)
  let after = try session.assets()
  let editedID = AssetID(rawValue: after["IMG_1.jpg"]?.id ?? "")
  let replacedID = AssetID(rawValue: after["IMG_2.jpg"]?.id ?? "")
  #expect(editedID.rawValue != ids[0] && replacedID.rawValue != ids[1])
  let favorites = try session.index().favoriteIDs()
  #expect(favorites.contains(editedID))
  #expect(!favorites.contains(replacedID))
  #expect(try session.faver(["status"]).stdout.hasPrefix("1/2 reviewed"))
}
