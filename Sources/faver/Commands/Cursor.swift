import ArgumentParser
import FaverKit
import FaverStore

extension Faver {
  struct CursorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cursor",
      abstract: "Show where `faver next` resumes, or start again from the beginning of the queue.",
      discussion: """
        --reset forgets the place: `faver next` then shows the first unreviewed asset of the \
        queue. Marks are kept; reviewed assets stay reviewed.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Forget the place, keeping every mark.")
    var reset = false

    func run() throws {
      let session = ReviewSession(store: try IndexStore(folder: storeOptions.location))
      if reset {
        try session.resetCursor()
        print("Cursor reset: `faver next` starts at the first unreviewed asset. Marks are kept.")
        return
      }
      guard let (cursor, asset) = try session.cursor() else {
        print("No cursor yet: `faver next` starts at the first unreviewed asset.")
        return
      }
      if let asset {
        print("\(asset.id)  \(asset.captureTime.iso8601)  \(asset.root)/\(asset.path)")
      } else {
        print("\(cursor.assetID)  (no longer indexed; `faver next` continues after its place)")
      }
    }
  }
}
