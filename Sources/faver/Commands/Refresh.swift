import ArgumentParser
import FaverKit
import FaverStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Faver {
  struct Refresh: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Update the index for cron: every known folder (or those named), quietly.",
      discussion: """
        Off a terminal it prints one summary line; warnings and errors go to stderr. Running it \
        again with nothing changed changes nothing. Exit status: 0 done, 1 nothing could be \
        refreshed, 2 some folders could not be (e.g. an unmounted drive), 64 bad arguments, \
        75 another run is updating the store: this one changed nothing and exits at once \
        (pass --wait to queue behind it instead).
        """)

    @Argument(help: "Folders to refresh (default: every folder indexed into this store before).")
    var roots: [String] = []

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var indexOptions: IndexOptions

    func run() throws {
      let lock = try StoreLock.acquiring(storeOptions.location, wait: indexOptions.wait)
      defer { withExtendedLifetime(lock) {} }
      let store = try IndexStore(folder: storeOptions.location)
      let folders = roots.isEmpty ? try store.roots().sorted { $0.key < $1.key }.map(\.value) : roots
      guard !folders.isEmpty else {
        throw ValidationError(
          "No folders are indexed in \(store.folder.path) yet: run `faver index DIR` once, or name the folders."
        )
      }
      let summary = try indexOptions.index(folders, into: store)
      if indexOptions.json {
        print(try Output.json(summary))
      } else if isatty(STDOUT_FILENO) == 1 {
        print(summary.text(store: store.folder.path))
      } else {
        print("faver refresh: " + summary.line)
      }
      try summary.exitStatus(roots: folders.count)
    }
  }
}
