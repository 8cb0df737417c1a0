import FaverTestSupport
import Foundation
import Testing

/// A photo taken `index` minutes after 10:00, with its own content.
private func photo(_ index: Int) -> [UInt8] {
  var builder = ExifBuilder()
  builder.original(String(format: "2024:06:01 10:%02d:00", index))
  return builder.jpeg(scanBytes: 200 + index)
}

/// A tree of photos under the given names, indexed into a store beside it.
private func indexed(_ names: [String]) throws -> (tree: TemporaryTree, store: String) {
  let tree = try TemporaryTree()
  for (index, name) in names.enumerated() { try tree.write(name, photo(index)) }
  let store = tree.root.path + "-store"
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  return (tree, store)
}

@Test func fileNamesCannotDriveTheTerminal() throws {
  let hostile = [
    "clear\u{1B}[2Jscreen.jpg", "title\u{1B}]0;owned\u{07}.jpg", "over\rwrite.jpg", "two\nlines.jpg",
    "c1\u{9B}31m.jpg",
  ]
  let (tree, store) = try indexed(hostile)
  defer { try? FileManager.default.removeItem(atPath: store) }
  for command in [["assets"], ["next"], ["favorites"]] {
    if command == ["favorites"] {
      let all = try faver(["assets", "--json", "--store", store]).stdout
      let ids = try #require(try JSONSerialization.jsonObject(with: Data(all.utf8)) as? [[String: Any]])
        .compactMap { $0["id"] as? String }
      #expect(try faver(["mark"] + ids + ["--favorite", "--store", store]).status == 0)
    }
    let output = try faver(command + ["--store", store]).stdout
    #expect(
      !output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    if command == ["assets"] || command == ["favorites"] {
      #expect(output.split(separator: "\n").count == hostile.count + 1, "\(command): one row per asset")
      #expect(output.contains("clear\\e[2Jscreen.jpg") && output.contains("two\\nlines.jpg"))
      #expect(output.contains("over\\rwrite.jpg") && output.contains("c1\\u{9b}31m.jpg"))
    }
  }
  // JSON keeps the names exact (its own escapes).
  let json = try faver(["assets", "--json", "--store", store]).stdout
  let names = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    .compactMap(relativePath)
  #expect(Set(names) == Set(hostile))
  // A warning quoting such a name is escaped too.
  let missing = try faver(["mark", tree.path + "/gone\u{1B}[2J.jpg", "--reviewed", "--store", store])
  #expect(
    missing.status == 1 && missing.stderr.contains("gone\\e[2J.jpg") && !missing.stderr.contains("\u{1B}"))
}

@Test func thousandsOfOperandsAreAllTakenAndIdsComeOnStandardInputToo() throws {
  let (_, store) = try indexed((0..<3).map { "p\($0).jpg" })
  defer { try? FileManager.default.removeItem(atPath: store) }
  let listing = try faver(["assets", "--json", "--store", store]).stdout
  let ids = try #require(try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]])
    .compactMap { $0["id"] as? String }
  // 20,000 unknown ids after the real ones: every one is seen (the message counts them), none marked.
  let unknown = (0..<20_000).map { String(format: "%016x", 0xF000_0000 + $0) }
  let many = try faver(["mark"] + ids + unknown + ["--reviewed", "--store", store])
  #expect(many.status == 1 && many.stderr.contains("and 19990 more"))
  #expect(try faver(["status", "--store", store]).stdout.hasPrefix("0/3 reviewed"))
  // Operands after `--`, and ids on standard input, NUL-separated as `favorites -0` writes them.
  #expect(try faver(["mark", "--reviewed", "--store", store, "--", ids[0]]).stdout == "1 marked reviewed.\n")
  let piped = try faver(
    ["mark", "--stdin", "--favorite", "--store", store], input: Data((ids[1] + "\0" + ids[2] + "\0").utf8))
  #expect(piped.stdout == "2 marked favorite.\n")
  let none = try faver(["mark", "--stdin", "--favorite", "--store", store], input: Data())
  #expect(none.status == 0 && none.stdout == "Nothing to mark.\n")
}

@Test(arguments: [
  ["status", "--store", ""], ["index", ""], ["clusters", "--out", ""], ["refresh", "--out", ""],
  ["mark", "", "--reviewed"], ["index", "/tmp", ""], ["mark", "0123456789abcdef", "", "--reviewed"],
])
func emptyArgumentsAreUsageErrors(arguments: [String]) throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-empty-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let result = try faver(arguments, environment: ["FAVER_STORE": folder.path], in: nil)
  #expect(result.status == 64, "\(arguments): \(result.stderr)")
  #expect(!FileManager.default.fileExists(atPath: folder.path), "\(arguments) created a store")
}

@Test func messagesSayWhatHappenedWithoutNoise() throws {
  let (tree, store) = try indexed(["a.jpg"])
  defer { try? FileManager.default.removeItem(atPath: store) }
  // A value that looks like a flag is the option's value, refused with the option's own message.
  let gap = try faver(["clusters", "--gap", "-5", "--store", store])
  #expect(gap.status == 64 && gap.stderr.contains("'-5' is invalid for '--gap") && gap.stderr.contains("1h"))
  // An --out folder that cannot be written: said plainly, and the store's manifest is written.
  let out = try faver(["clusters", "--out", "/nonexistent/faver-out", "--store", store])
  #expect(out.status == 1 && out.stderr.contains("The folder does not exist"))
  #expect(!out.stderr.contains(".."))
  #expect(FileManager.default.fileExists(atPath: store + "/manifest.json"))
  // Refresh with nothing indexed: the sentence, not the whole usage.
  let empty = tree.root.path + "-empty-store"
  defer { try? FileManager.default.removeItem(atPath: empty) }
  let refresh = try faver(["refresh", "--store", empty])
  #expect(
    refresh.status == 64 && refresh.stderr.contains("faver index DIR") && !refresh.stderr.contains("USAGE"))
  #expect(!refresh.stderr.contains("Usage:"))
  // One warning is one warning.
  let failed = try faver(["index", tree.path, "/nonexistent/faver-root", "--store", store])
  #expect(failed.status == 2 && failed.stdout.contains("1 warning (printed above)."))
}

/// A write that fails mid-index (here: past a file-size limit, which the kernel reports as it
/// reports a full disk to SQLite) names the store, keeps what was written, and the next run
/// carries on. The limit is four fifths of the whole index of the same tree, made first without
/// one (1.5 MB at this writing): the log of the first of the index's transactions (a quarter of the
/// files, under 1 MB) fits, the second or third do not, whatever the schema's size.
@Test func aWriteFailureMidIndexNamesTheStoreAndTheNextRunCarriesOn() throws {
  let tree = try TemporaryTree()
  var builder = ExifBuilder()
  builder.original("2024:06:01 10:00:00")
  let count = 8000
  for index in 0..<count {
    try tree.write("d\(index / 100)/p\(index).jpg", builder.jpeg(scanBytes: 64 + index))
  }
  let whole = tree.root.path + "-whole"
  defer { try? FileManager.default.removeItem(atPath: whole) }
  #expect(try faver(["index", tree.path, "--store", whole]).status == 0)
  let size = try #require(
    FileManager.default.attributesOfItem(atPath: whole + "/index.sqlite")[.size] as? NSNumber
  ).intValue
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  let limited = try run(
    URL(fileURLWithPath: "/bin/bash"),
    [
      "-c", "ulimit -f \(size * 4 / 5 / 1024) && exec \"$0\" index \"$1\" --store \"$2\"", Paths.faver.path,
      tree.path,
      store,
    ])
  #expect(limited.status == 1)
  #expect(limited.stderr.contains("Could not update the index in \(store)"))
  #expect(limited.stderr.contains("the next run carries on"))
  let again = try faver(["index", tree.path, "--store", store, "--json"])
  #expect(again.status == 0)
  let summary = try #require(
    try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
  #expect((summary["unchanged"] as? Int ?? 0) > 0)  // what the first run wrote was kept
  #expect((summary["added"] as? Int ?? 0) + (summary["unchanged"] as? Int ?? 0) == count)
}

/// A first `index` that fails before SQLite can write its first page (here a 512-byte file size
/// limit) leaves no empty index behind: the next run creates the store instead of refusing it.
@Test func aFirstIndexThatFailsLeavesNoEmptyIndexBehind() throws {
  let (tree, indexedStore) = try indexed(["a.jpg"])
  let store = tree.root.path + "-new-store"
  defer { for folder in [store, indexedStore] { try? FileManager.default.removeItem(atPath: folder) } }
  let failed = try run(
    URL(fileURLWithPath: "/bin/bash"),
    ["-c", "ulimit -f 1 && exec \"$0\" index \"$1\" --store \"$2\"", Paths.faver.path, tree.path, store])
  #expect(failed.status == 1)
  #expect(!FileManager.default.fileExists(atPath: store + "/index.sqlite"))
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
}
