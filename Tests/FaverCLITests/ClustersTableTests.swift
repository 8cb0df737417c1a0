import FaverTestSupport
import Foundation
import Testing

/// `faver clusters` run on a terminal: `script` gives it one (a pseudo-terminal), as a person's
/// shell does.
private func onATerminal(_ arguments: [String]) throws -> [String] {
  let command = ([Paths.faver.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
  let result = try run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
  #expect(result.status == 0)
  return result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
}

/// The table's rows: the lines that start with a moment's id.
private func rows(_ lines: [String]) -> [String] { lines.filter { $0.hasPrefix("m-") } }

/// A library of 30 moments (one photo a day, cut by the fixed 3 h gap): more than a screen.
@Test func aTerminalShowsAScreenOfMomentsFromWhereTheReviewStands() throws {
  let tree = try TemporaryTree()
  for day in 0..<30 {
    var builder = ExifBuilder()
    builder.original(String(format: "2024:05:%02d 12:00:00", 1 + day))
    try tree.write(String(format: "IMG_%02d.jpg", day), builder.jpeg(scanBytes: 64 + day))
  }
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let clusters = ["clusters", "--mode", "fixed", "--store", store]

  // Piped (a script, `grep`): every moment still to review.
  #expect(rows(try faver(clusters).stdout.split(separator: "\n").map(String.init)).count == 30)
  // On a terminal: a screen from the start, and how many more.
  var lines = try onATerminal(clusters)
  #expect(rows(lines).count == 20)
  #expect(rows(lines).first?.contains("2024-05-01T12:00:00") == true)
  #expect(lines.contains("… 10 more moments to review; `faver clusters --all` lists every one"))
  #expect(lines.last == "30 of 30 moments to review; 0/30 reviewed")
  #expect(rows(try onATerminal(clusters + ["--all"])).count == 30)

  // The first twelve reviewed, the cursor on the thirteenth, then an old card of three days
  // before them indexed: the screen starts where the review stands and counts the three before.
  let firstTwelve = (0..<12).map { tree.path + String(format: "/IMG_%02d.jpg", $0) }
  #expect(try faver(["mark"] + firstTwelve + ["--reviewed", "--store", store]).status == 0)
  #expect(try faver(["next", "--store", store]).stdout.contains("IMG_12.jpg"))
  for day in 0..<3 {
    var builder = ExifBuilder()
    builder.original(String(format: "2024:04:%02d 12:00:00", 1 + day))
    try tree.write(String(format: "card/IMG_%02d.jpg", day), builder.jpeg(scanBytes: 200 + day))
  }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  lines = try onATerminal(clusters)
  #expect(lines.contains("… 3 moments to review before where the review stands"))
  #expect(rows(lines).count == 18)
  #expect(rows(lines).first?.contains("2024-05-13T12:00:00") == true)
  #expect(!lines.contains { $0.hasPrefix("… ") && $0.contains("more") })
  #expect(lines.last == "21 of 33 moments to review; 12/33 reviewed")
}
