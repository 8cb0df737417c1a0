import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "index",
      abstract: "Walk photo folders, read capture time and GPS, and update the index.",
      discussion: """
        Photos are opened read-only; faver writes only in its store folder.
        Exit status: 0 done (warnings allowed), 1 no folder could be indexed, 2 some folders could \
        not be indexed, 64 bad arguments, 75 another run is updating the store (nothing changed).
        """)

    @Argument(help: "Folders holding photos and videos.", completion: .directory)
    var roots: [String]

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var indexOptions: IndexOptions

    func validate() throws {
      guard !roots.isEmpty else { throw ValidationError("Name at least one folder to index.") }
      if allRoots.contains(where: \.isEmpty) { throw ValidationError("An empty folder name was given.") }
    }

    /// Every folder named (most are set aside before parsing; see `Arguments`).
    var allRoots: [String] { roots + Arguments.extraOperands }

    func run() throws {
      let library = storeOptions.library()
      let summary = try indexOptions.withProgress { progress in
        try exitingWhenBusy {
          try library.index(
            allRoots, followSymlinks: indexOptions.followSymlinks, waitForLock: indexOptions.wait,
            progress: progress)
        }
      }
      print(indexOptions.json ? try Output.json(summary) : summary.text(store: library.folder.path))
      try summary.exitStatus(roots: allRoots.count)
    }
  }
}

/// Options shared by `index` and `refresh`.
struct IndexOptions: ParsableArguments {
  @Flag(help: "Follow symbolic links (never in a loop).")
  var followSymlinks = false

  @Flag(help: "Wait for another run that is updating the same store, instead of exiting with 75.")
  var wait = false

  @Flag(help: "Print the summary as JSON.")
  var json = false

  /// Runs `body` with a progress line on a terminal, cleared before the summary is printed.
  func withProgress<Result>(_ body: (@escaping (IndexProgress) -> Void) throws -> Result) rethrows -> Result {
    let progress = ProgressLine()
    defer { progress.finish() }
    return try body(progress.update)
  }
}

extension IndexSummary {
  func text(store: String) -> String {
    var lines = [
      "Indexed \(indexed.counted("photo or video", plural: "photos and videos")) in \(String(format: "%.2f", seconds)) s "
        + "(\(added) new, \(updated) changed, \(unchanged) unchanged, \(removed) removed).",
      "Files seen: \(filesSeen); hidden or system files passed over: \(ignored).",
    ]
    if duplicates > 0 {
      lines.append(
        "\(duplicates.counted("file")) \(duplicates == 1 ? "is a copy of another" : "are copies of others") "
          + "(same content): each is reviewed once.")
    }
    if withProblems > 0 {
      lines.append(
        "\(withProblems.counted("file")) read with a problem (corrupt EXIF, a truncated file, GPS out of "
          + "range …): `faver assets` marks \(withProblems == 1 ? "it" : "each") with why, and also every photo "
          + "without a capture date, placed at its modification time.")
    }
    for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) {
      lines.append("Skipped \(count): \(reason).")
    }
    if warningCount > 0 { lines.append("\(warningCount.counted("warning")) (printed above).") }
    lines.append("Index: \(Terminal.escaped(store))")
    return lines.joined(separator: "\n")
  }

  /// One line for cron mail and logs.
  var line: String {
    "\(indexed) indexed (\(added) new, \(updated) changed, \(unchanged) unchanged, \(removed) removed), "
      + "\(withProblems) with problems, \(warningCount.counted("warning")), "
      + "\(String(format: "%.2f", seconds)) s"
  }

  /// Exits 1 when no root could be indexed, 2 when some could not.
  func exitStatus(roots: Int) throws {
    if failedRoots.count == roots { throw ExitCode.failure }
    if !failedRoots.isEmpty { throw ExitCode(2) }
  }
}
