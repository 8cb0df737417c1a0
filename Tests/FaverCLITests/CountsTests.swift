import FaverTestSupport
import Foundation
import Testing

/// A JPEG taken `minute` past ten (no capture date when nil), cut short before its end marker
/// when `truncated`.
private func photo(_ minute: Int?, truncated: Bool = false) -> [UInt8] {
  var builder = ExifBuilder()
  if let minute { builder.original(String(format: "2024:06:01 10:%02d:00", minute)) }
  return builder.jpeg(scanBytes: 300 + (minute ?? 59), endMarker: !truncated)
}

@Test func oneOfAThingIsSaidInTheSingular() throws {
  let tree = try TemporaryTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  try tree.write("photos/p0.jpg", photo(0))
  let index = try faver(["index", tree.path, "--store", store])
  #expect(index.status == 0)
  #expect(index.stdout.hasPrefix("Indexed 1 photo or video in "), "\(index.stdout)")
  #expect(try faver(["assets", "--store", store]).stdout.hasSuffix("\n1 asset\n"))
}

/// The index counts files read with a problem; `assets` marks those and also every photo
/// without a capture date. The summary says both, so the counts do not seem to disagree.
@Test func theIndexSaysWhatItsProblemCountCountsAndWhatAssetsAlsoMarks() throws {
  let tree = try TemporaryTree()
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  try tree.write("photos/p0.jpg", photo(0))
  try tree.write("photos/p1.jpg", photo(1, truncated: true))
  try tree.write("photos/p2.jpg", photo(nil))
  let index = try faver(["index", tree.path, "--store", store])
  #expect(index.status == 0)
  #expect(
    index.stdout.contains(
      "\n1 file read with a problem (corrupt EXIF, a truncated file, GPS out of range …): `faver assets` "
        + "marks it with why, and also every photo without a capture date, placed at its modification "
        + "time.\n"), "\(index.stdout)")
  let listed = try faver(["assets", "--json", "--store", store]).stdout
  let assets = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
  let marked = assets.compactMap { $0["problem"] as? String }
  #expect(marked.count == 2)
  #expect(marked.contains { $0.contains("truncated") })
  #expect(marked.contains { $0.contains("no capture date") })
}
