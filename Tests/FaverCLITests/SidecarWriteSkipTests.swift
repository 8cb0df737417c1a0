import FaverTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A sidecar another tool wrote: a label and an edit history, no rating.
private let otherTools = """
  <?xml version="1.0" encoding="UTF-8"?>
  <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
   <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about=""
      xmlns:xmp="http://ns.adobe.com/xap/1.0/"
      xmlns:darktable="http://darktable.sf.net/"
     xmp:Label="Blue"
     darktable:history_end="1">
     <darktable:history>
      <rdf:Seq>
       <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1"/>
      </rdf:Seq>
     </darktable:history>
    </rdf:Description>
   </rdf:RDF>
  </x:xmpmeta>

  """

/// What `stat` says of a file that matters here: its bytes, mode and links.
private struct FileState: Equatable {
  var bytes: Data
  var mode: mode_t
  var links: UInt

  init(_ path: String) throws {
    var info = stat()
    #expect(lstat(path, &info) == 0)
    bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    mode = info.st_mode
    links = UInt(info.st_nlink)
  }
}

/// Four favorites: p0's sidecar read-only, p1's hard-linked to a file elsewhere, p2's another
/// tool's ordinary file, p3 with none. A new file renamed over p0's or p1's would lose the mode
/// or split the link: both are skipped, said why, and the others written.
@Test func sidecarsWriteSkipsAReadOnlyOrHardLinkedSidecarAndSaysWhy() throws {
  let tree = try TemporaryTree()
  for index in 0..<4 {
    var builder = ExifBuilder()
    builder.original(String(format: "2024:06:01 10:%02d:00", index))
    try tree.write("photos/p\(index).jpg", builder.jpeg(scanBytes: 200 + index))
  }
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let photos = tree.path + "/photos/"
  let marked = try faver(["mark"] + (0..<4).map { photos + "p\($0).jpg" } + ["--favorite", "--store", store])
  #expect(marked.status == 0, "\(marked.stderr)")

  let (readOnly, linked, ordinary, missing) =
    (photos + "p0.jpg.xmp", photos + "p1.jpg.xmp", photos + "p2.jpg.xmp", photos + "p3.jpg.xmp")
  for path in [readOnly, linked, ordinary] { try Data(otherTools.utf8).write(to: URL(fileURLWithPath: path)) }
  #expect(chmod(readOnly, 0o444) == 0)
  try FileManager.default.createDirectory(
    atPath: tree.path + "/elsewhere", withIntermediateDirectories: false)
  #expect(link(linked, tree.path + "/elsewhere/p1.xmp") == 0)
  let kept = [readOnly: try FileState(readOnly), linked: try FileState(linked)]
  #expect(kept[linked]?.links == 2)

  // A dry run lists them as skipped too.
  let dry = try faver(["sidecars", "write", "--dry-run", "--store", store])
  #expect(dry.status == 0, "\(dry.stderr)")
  #expect(dry.stdout.contains("2 sidecars to write, 0 unchanged, 2 skipped."), "\(dry.stdout)")
  for (path, why) in [(readOnly, "read-only (mode 444)"), (linked, "one of 2 hard links")] {
    #expect(dry.stderr.contains("faver: skipped \(path): \(path) is left alone: \(why)"), "\(dry.stderr)")
  }

  let result = try faver(["sidecars", "write", "--json", "--store", store])
  #expect(result.status == 0, "\(result.stderr)")
  let report = try #require(
    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  let skipped = try #require(report["skipped"] as? [String])
  #expect(skipped.count == 2)
  #expect(skipped.first { $0.hasPrefix(readOnly) }?.contains("chmod u+w") == true, "\(skipped)")
  #expect(skipped.first { $0.hasPrefix(linked) }?.contains("hard links") == true, "\(skipped)")
  let written = try #require(report["written"] as? [[String: Any]]).compactMap { $0["path"] as? String }
  #expect(written == [ordinary, missing])
  for (path, state) in kept { #expect(try FileState(path) == state, "\(path)") }
  #expect(try FileState(tree.path + "/elsewhere/p1.xmp") == kept[linked])
  for path in [ordinary, missing] {
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#"xmp:Rating="5""#), "\(path)")
  }
  #expect(try String(contentsOfFile: ordinary, encoding: .utf8).contains(#"darktable:history_end="1""#))
}
