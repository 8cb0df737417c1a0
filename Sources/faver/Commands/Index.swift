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

    func validate() throws {
      guard !roots.isEmpty else { throw ValidationError("Name at least one folder to index.") }
    }

    func run() throws {
      let store = try IndexStore(folder: storeOptions.location)
      let indexer = Indexer(store: store, walker: LibraryWalker(followSymlinks: followSymlinks))
      let summary = try indexer.index(roots: roots)
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
    if withProblems > 0 {
      lines.append("\(withProblems) indexed with a problem (see `faver assets` for which and why).")
    }
    for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) {
      lines.append("Skipped \(count): \(reason).")
    }
    if !warnings.isEmpty { lines.append("\(warnings.count) warnings (printed above).") }
    lines.append("Index: \(store)")
    return lines.joined(separator: "\n")
  }
}
