import ArgumentParser
import FaverKit
import FaverStore
import Foundation

extension Faver {
  struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Walk photo folders, read capture time and GPS, and update the index.",
      discussion: "Photos are opened read-only; faver writes only in its store folder.")

    @Argument(help: "Folders holding photos and videos.", completion: .directory)
    var roots: [String]

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Follow symbolic links (never in a loop).")
    var followSymlinks = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @Flag(help: "Wait for another run that is updating the same store, instead of exiting with 75.")
    var wait = false

    func validate() throws {
      guard !roots.isEmpty else { throw ValidationError("Name at least one folder to index.") }
    }

    func run() throws {
      let lock = try StoreLock.acquiring(storeOptions.location, wait: wait)
      defer { withExtendedLifetime(lock) {} }
      let store = try IndexStore(folder: storeOptions.location)
      var indexer = Indexer(store: store, walker: LibraryWalker(followSymlinks: followSymlinks))
      let progress = ProgressLine()
      indexer.progress = progress.update
      let summary = try indexer.index(roots: roots)
      progress.finish()
      if json {
        print(try Output.json(summary))
      } else {
        print(summary.text(store: store.folder.path))
      }
      if summary.failedRoots.count == roots.count { throw ExitCode.failure }
    }
  }
}

extension IndexSummary {
  func text(store: String) -> String {
    var lines = [
      "Indexed \(indexed) photos and videos in \(String(format: "%.2f", seconds)) s "
        + "(\(added) new, \(updated) changed, \(unchanged) unchanged, \(removed) removed).",
      "Files seen: \(filesSeen); hidden or system files passed over: \(ignored).",
    ]
    if duplicates > 0 {
      lines.append("\(duplicates) files are copies of others (same content): each is reviewed once.")
    }
    if withProblems > 0 {
      lines.append("\(withProblems) indexed with a problem (see `faver assets` for which and why).")
    }
    for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) {
      lines.append("Skipped \(count): \(reason).")
    }
    if warningCount > 0 { lines.append("\(warningCount) warnings (printed above).") }
    lines.append("Index: \(store)")
    return lines.joined(separator: "\n")
  }
}
