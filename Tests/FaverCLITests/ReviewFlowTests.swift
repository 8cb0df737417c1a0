import FaverTestSupport
import Foundation
import Testing

/// One generated photo: `taken` as EXIF writes it, all at +02:00.
private struct Shot {
  var name: String
  var taken: String
  var subSec: String? = nil
  /// Degrees, minutes and hundredths of seconds north and east.
  var position: ((UInt32, UInt32, UInt32), (UInt32, UInt32, UInt32))? = nil

  var jpeg: [UInt8] {
    var builder = ExifBuilder()
    builder.original(taken, subSec: subSec, offset: "+02:00")
    builder.ifd0[0x010F] = .ascii("Apple")
    builder.ifd0[0x0110] = .ascii("iPhone 15")
    if let position { builder.position(lat: position.0, latRef: "N", lon: position.1, lonRef: "E") }
    return builder.jpeg()
  }
}

private let zurich = ((47, 22, 3684), (8, 32, 3012)) as ((UInt32, UInt32, UInt32), (UInt32, UInt32, UInt32))
/// About 2.5 km north of `zurich`.
private let oerlikon = ((47, 23, 5700), (8, 32, 3012)) as ((UInt32, UInt32, UInt32), (UInt32, UInt32, UInt32))

/// Two days: a morning burst in Zurich, a move north, an afternoon 4 h 30 m later, a next day.
private let library: [Shot] = [
  Shot(name: "day1/IMG_0001.jpg", taken: "2024:05:12 09:00:00", subSec: "000", position: zurich),
  Shot(name: "day1/IMG_0002.jpg", taken: "2024:05:12 09:00:01", subSec: "500", position: zurich),
  Shot(name: "day1/IMG_0003.jpg", taken: "2024:05:12 09:00:03", subSec: "000", position: zurich),
  Shot(name: "day1/IMG_0004.jpg", taken: "2024:05:12 09:20:00", position: zurich),
  Shot(name: "day1/IMG_0005.jpg", taken: "2024:05:12 09:45:00", position: oerlikon),
  Shot(name: "day1/IMG_0006.jpg", taken: "2024:05:12 10:30:00", position: oerlikon),
  Shot(name: "day1/IMG_0007.jpg", taken: "2024:05:12 15:00:00"),
  Shot(name: "day1/IMG_0008.jpg", taken: "2024:05:12 15:10:00"),
  Shot(name: "day1/IMG_0009.jpg", taken: "2024:05:12 15:40:00"),
  Shot(name: "day2/IMG_0010.jpg", taken: "2024:05:13 10:00:00"),
  Shot(name: "day2/IMG_0011.jpg", taken: "2024:05:13 10:01:30"),
  Shot(name: "day2/IMG_0012.jpg", taken: "2024:05:13 11:00:00"),
]

/// A generated library and a store next to it, removed after the test.
private final class Workspace {
  let tree: TemporaryTree
  let store: String

  init(_ shots: [Shot]) throws {
    tree = try TemporaryTree()
    store = tree.root.path + "-store"
    try add(shots)
  }

  deinit { try? FileManager.default.removeItem(atPath: store) }

  func add(_ shots: [Shot]) throws {
    for shot in shots { try tree.write(shot.name, shot.jpeg) }
  }

  /// Runs faver on this store and requires it to succeed.
  @discardableResult
  func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try faver(arguments + ["--store", store])
    try #require(result.status == 0, "faver \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  func index() throws { try run(["index", tree.path]) }

  /// `faver next --json`: the asset's path relative to the library, and its burst's paths.
  func next(_ extra: [String] = []) throws -> (id: String, path: String, burst: [String])? {
    let output = try run(["next", "--json"] + extra)
    guard let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
      return nil
    }
    let asset = try #require(object["asset"] as? [String: Any])
    let burst = try #require(object["burst"] as? [[String: Any]])
    return (
      try #require(asset["id"] as? String), try #require(relativePath(asset)), burst.compactMap(relativePath)
    )
  }

  /// Asset ids by relative path.
  func ids() throws -> [String: String] {
    let listing = try #require(
      try JSONSerialization.jsonObject(with: Data(run(["assets", "--json"]).utf8)) as? [[String: Any]])
    return Dictionary(
      uniqueKeysWithValues: listing.compactMap { asset in
        relativePath(asset).flatMap { path in (asset["id"] as? String).map { (path, $0) } }
      })
  }
}

private func manifestSchema() throws -> [String: Any] {
  let url = Paths.package.appendingPathComponent("schemas/manifest.schema.json")
  return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
}

@Test func indexClusterMarkReindexSwitchModeAndFinish() throws {
  let work = try Workspace(library)
  try work.index()

  // The manifest on stdout: valid against the schema, totals that add up, bursts kept whole.
  let output = try work.run(["clusters", "--json"])
  let manifest = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
  #expect(JSONSchemaCheck.violations(of: manifest, against: try manifestSchema()) == [])
  #expect(manifest["mode"] as? String == "smart")
  #expect(manifest["progress"] as? [String: Int] == ["reviewed": 0, "total": library.count])
  let moments = try #require(manifest["moments"] as? [[String: Any]])
  #expect(moments.compactMap { $0["totalInWindow"] as? Int }.reduce(0, +) == library.count)
  let groups = moments.flatMap { $0["assetsToReview"] as? [[String: Any]] ?? [] }
  let listed = groups.flatMap { $0["assetIds"] as? [String] ?? [] }
  let idsByPath = try work.ids()
  #expect(listed == library.map { idsByPath[$0.name] ?? "" })
  #expect(groups.map { ($0["assetIds"] as? [Any])?.count ?? 0 }.prefix(2) == [3, 1])
  #expect(
    moments.compactMap { ($0["boundary"] as? [String: Any])?["reason"] as? String }
      == ["first", "distance", "timeGap"])
  #expect(Set(moments.compactMap { $0["id"] as? String }).count == moments.count)
  let written = try Data(contentsOf: URL(fileURLWithPath: work.store + "/manifest.json"))
  #expect(String(decoding: written, as: UTF8.self) + "\n" == output)

  // Walk the burst: mark as you go, `next` moves on.
  let ids = try work.ids()
  var next = try #require(try work.next())
  #expect(next.path == "day1/IMG_0001.jpg" && next.burst.count == 3)
  try work.run(["mark", next.id, "--favorite"])
  next = try #require(try work.next())
  #expect(next.path == "day1/IMG_0002.jpg" && next.burst == ["day1/IMG_0002.jpg", "day1/IMG_0003.jpg"])
  try work.run(["mark", next.id, "--reviewed"])
  next = try #require(try work.next())
  #expect(next.path == "day1/IMG_0003.jpg")
  #expect(try work.next()?.path == "day1/IMG_0003.jpg")  // not marked: shown again

  // New photos before the cursor, inside its morning and the day after; re-index.
  try work.add([
    Shot(name: "day0/IMG_0000.jpg", taken: "2024:05:11 18:00:00"),
    Shot(name: "day1/IMG_0003b.jpg", taken: "2024:05:12 09:10:00", position: zurich),
    Shot(name: "day3/IMG_0013.jpg", taken: "2024:05:14 08:00:00"),
  ])
  try work.index()
  #expect(try work.next()?.path == "day1/IMG_0003.jpg")  // exact resume
  try work.run(["mark", next.id, "--reviewed"])
  #expect(try work.next()?.path == "day1/IMG_0003b.jpg")  // the new photo just after it

  // Another mode: the place is kept, and `next` uses the mode `clusters` last used.
  let fixed = try work.run(["clusters", "--mode", "fixed", "--gap", "1h"])
  #expect(fixed.hasPrefix("mode fixed, threshold 1h 0m (3600 s)"))
  #expect(try work.next()?.path == "day1/IMG_0003b.jpg")
  #expect(try work.next(["--mode", "smart"])?.path == "day1/IMG_0003b.jpg")
  #expect(try work.run(["status"]).contains("5 of 5 moments still to review"))  // fixed 1h: 5 moments

  // Mark everything: the review is complete.
  let all = try work.ids()
  #expect(all.count == library.count + 3 && Set(ids.values).isSubset(of: Set(all.values)))
  try work.run(["mark", "--reviewed"] + all.values.sorted())
  #expect(try work.run(["next"]) == "Review complete: all \(all.count) assets reviewed.\n")
  #expect(try work.run(["next", "--json"]) == "null\n")
  let status = try work.run(["status"])
  #expect(status.hasPrefix("\(all.count)/\(all.count) reviewed (100%)\n"))
  let done = try work.run(["clusters", "--json"])
  let final = try #require(try JSONSerialization.jsonObject(with: Data(done.utf8)) as? [String: Any])
  #expect((final["moments"] as? [Any])?.isEmpty == true)  // fully reviewed moments left the queue
}

@Test func aDeletedCursorAssetResumesAtTheNextOneAndResetStartsOver() throws {
  let work = try Workspace(library)
  try work.index()
  let ids = try work.ids()
  try work.run(["mark", "--reviewed", ids["day1/IMG_0001.jpg"] ?? "", ids["day1/IMG_0002.jpg"] ?? ""])
  try work.run(["mark", "--favorite", ids["day1/IMG_0004.jpg"] ?? ""])
  #expect(try work.next()?.path == "day1/IMG_0003.jpg")
  try work.run(["mark", "--reviewed", ids["day1/IMG_0003.jpg"] ?? ""])
  #expect(try work.next()?.path == "day1/IMG_0005.jpg")  // IMG_0004 is reviewed (a favorite)
  #expect(try work.run(["cursor"]).hasPrefix("\(ids["day1/IMG_0005.jpg"] ?? "")  2024-05-12T09:45:00+02:00"))

  // The cursor's photo is deleted: resume at the next unreviewed one after its place.
  try FileManager.default.removeItem(at: work.tree.root.appendingPathComponent("day1/IMG_0005.jpg"))
  try work.index()
  #expect(try work.run(["cursor"]).contains("no longer indexed"))
  #expect(try work.next()?.path == "day1/IMG_0006.jpg")

  // Start over: the first unreviewed photo, every mark kept.
  #expect(try work.run(["cursor", "--reset"]).hasPrefix("Cursor reset"))
  #expect(try work.next()?.path == "day1/IMG_0006.jpg")  // 0001 to 0004 stay reviewed
  #expect(try work.run(["status"]).hasPrefix("4/11 reviewed (36%)"))
}

@Test func clustersExplainMatchesTheGoldenText() throws {
  let work = try Workspace(library)
  try work.index()
  let ids = try work.ids()
  // Day 2 fully reviewed: it left the queue, --explain still lists it.
  try work.run(["mark", "--reviewed"] + ["10", "11", "12"].map { ids["day2/IMG_00\($0).jpg"] ?? "" })
  try work.run(["mark", "--reviewed", ids["day1/IMG_0002.jpg"] ?? ""])
  let golden = Paths.package.appendingPathComponent("Tests/Fixtures/clusters-explain.txt")
  var text = ""
  for arguments in [["--explain"], ["--explain", "--mode", "fixed", "--gap", "1h"]] {
    text += "$ faver clusters " + arguments.joined(separator: " ") + "\n"
    text += try work.run(["clusters"] + arguments)
  }
  if ProcessInfo.processInfo.environment["FAVER_UPDATE_GOLDEN"] == "1" {
    try Data(text.utf8).write(to: golden)
  }
  #expect(text == (try String(contentsOf: golden, encoding: .utf8)))
  // Every boundary shows its reason with its numbers.
  let reasons = text.split(separator: "\n").filter { $0.hasPrefix("m-") }
  #expect(reasons.count == 6)
  #expect(
    reasons.allSatisfy {
      $0.hasSuffix("start of library") || ($0.contains(" s) >= threshold ") && $0.contains("gap "))
        || ($0.contains("km (> 1 km) in ") && $0.contains(" s >= 5m 0s)"))
    })
}

@Test func adaptiveModeIsGoneWithAClearMessage() throws {
  let work = try Workspace(library)
  try work.index()
  let result = try faver(["clusters", "--mode", "adaptive", "--store", work.store])
  #expect(result.status == 64)
  #expect(result.stderr.contains("smart") && result.stderr.contains("fixed"))
}
