import ArgumentParser
import FaverKit

extension Faver {
  struct Roots: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "roots",
      abstract: "List the folders indexed into the store, or forget one.",
      discussion: """
        --forget DIR drops a root (an old drive, a folder indexed by mistake): its files leave the \
        queue and `refresh` no longer visits it. Marks are kept by content: they come back if the \
        photos are indexed again, anywhere.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("Forget this root.", valueName: "DIR"))
    var forget: String?

    @Flag(help: "Wait for another run that is updating the store, instead of exiting with 75.")
    var wait = false

    @Flag(help: "Print JSON.")
    var json = false

    /// A root as `--json` prints it.
    struct Listed: Encodable {
      var path: String
      var files: Int
      var state: String

      init(_ root: Library.Root) {
        (path, files, state) = (root.path, root.files, root.state.rawValue)
      }
    }

    func run() throws {
      let library = storeOptions.library()
      if let forget {
        let root = try exitingWhenBusy { try library.forgetRoot(forget, waitForLock: wait) }
        if json {
          print(try Output.json(Listed(root)))
        } else {
          print(
            "Forgot \(Terminal.escaped(root.path)) (\(root.files.counted("file"))); their marks are kept.")
        }
        return
      }
      let roots = try library.roots()
      if json {
        print(try Output.json(roots.map(Listed.init)))
        return
      }
      for root in roots {
        print(
          "\(Terminal.escaped(root.path))  \(root.files.counted("file"))"
            + (root.state == .missing ? "  (missing: not mounted?)" : ""))
      }
      if roots.isEmpty { print("No folder is indexed yet: run `faver index DIR`.") }
    }
  }
}
