import FaverPreview
import FaverTestSupport
import Foundation
import Testing

/// A 400×300 picture: rings around (`cx`, 150) and bars, `brightness` times as bright.
private func picture(cx: Int, brightness: Double = 1) throws -> [UInt8] {
  var pixels = [UInt8](repeating: 0, count: 400 * 300 * 3)
  for y in 0..<300 {
    for x in 0..<400 {
      let distance = Double((x - cx) * (x - cx) + (y - 150) * (y - 150)).squareRoot()
      let value = (110 + sin(distance / 7) * 60 + ((x / 10 + y / 50) % 2 == 0 ? 30 : -30)) * brightness
      for channel in 0..<3 { pixels[(y * 400 + x) * 3 + channel] = UInt8(max(0, min(255, value))) }
    }
  }
  return try JPEGCodec.encode(RGBImage(width: 400, height: 300, pixels: pixels), quality: 90)
}

/// `faver analyze`, `similar`, and what `status` and `next` say of the groups, on photos dated by
/// their modification time a minute apart (so none is a burst): a picture, the same brighter, and
/// another picture.
@Test func analyzeReadsOnceAndSimilarGroupsTheRetake() throws {
  let tree = try TemporaryTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  let start = Date(timeIntervalSince1970: 1_717_236_000)
  for (index, bytes) in [try picture(cx: 120), try picture(cx: 120, brightness: 1.2), try picture(cx: 330)]
    .enumerated()
  {
    try tree.write("shots/s\(index).jpg", bytes)
    try FileManager.default.setAttributes(
      [.modificationDate: start.addingTimeInterval(Double(index) * 60)],
      ofItemAtPath: tree.root.appendingPathComponent("shots/s\(index).jpg").path)
  }
  func faver(_ arguments: [String]) throws -> ProcessResult {
    let result = try FaverCLITests.faver(arguments + ["--store", store])
    #expect(result.status == 0, "faver \(arguments): \(result.stderr)")
    return result
  }
  #expect(try faver(["index", tree.path]).status == 0)
  // Before any signals: no group, as many decisions as photos.
  #expect(
    try faver(["similar", "--json"]).stdout == "[\n\n]\n" || faver(["similar", "--json"]).stdout == "[]\n")
  #expect(try faver(["analyze"]).stdout == "analyze: 3 photos analyzed, 0 analyzed before\n")
  // A second run reads nothing.
  #expect(try faver(["analyze"]).stdout == "analyze: 0 photos analyzed, 3 analyzed before\n")
  let groups = try #require(
    try JSONSerialization.jsonObject(with: Data(faver(["similar", "--json"]).stdout.utf8)) as? [[String: Any]]
  )
  #expect(groups.count == 1)
  let ids = try #require(groups.first?["assetIds"] as? [String])
  #expect(ids.count == 2)
  #expect(ids.contains(groups.first?["suggested"] as? String ?? ""))
  #expect(groups.first?["id"] as? String == "g-" + ids[0])
  #expect(try faver(["status"]).stdout.contains("3 photos in 2 decisions (1 group of similar shots)"))
  let next = try faver(["next"]).stdout
  #expect(next.contains("  suggested: s"), "\(next)")

  // The manifest and `next --json` carry the group and its suggestion, as `similar` lists it.
  let manifest = try #require(
    try JSONSerialization.jsonObject(with: Data(faver(["clusters", "--json"]).stdout.utf8)) as? [String: Any])
  let moments = try #require(manifest["moments"] as? [[String: Any]])
  let listed = moments.flatMap { $0["groups"] as? [[String: Any]] ?? [] }
  #expect(listed.count == 1)
  #expect(listed.first?["assetIds"] as? [String] == ids)
  #expect(listed.first?["suggested"] as? String == groups.first?["suggested"] as? String)
  #expect(listed.first?["reason"] as? String == groups.first?["reason"] as? String)
  let shown = try #require(
    try JSONSerialization.jsonObject(with: Data(faver(["next", "--json"]).stdout.utf8)) as? [String: Any])
  let asset = try #require((shown["asset"] as? [String: Any])?["id"] as? String)
  let group = shown["group"] as? [String: Any]
  #expect((group?["assetIds"] as? [String] == ids) == ids.contains(asset))
  #expect((shown["group"] is NSNull) == !ids.contains(asset))
}
