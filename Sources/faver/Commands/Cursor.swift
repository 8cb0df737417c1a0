import ArgumentParser
import FaverKit

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

    @Flag(help: "Print JSON: the asset the cursor is on (null when it is no longer indexed), or null.")
    var json = false

    /// What `cursor --json` prints.
    struct Report: Encodable {
      var assetId: String
      var asset: AssetListing?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(assetId, forKey: .assetId)
        try container.encode(asset, forKey: .asset)  // null, not left out
      }

      enum CodingKeys: String, CodingKey { case assetId, asset }
    }

    func run() throws {
      let library = storeOptions.library()
      if reset {
        try library.resetCursor()
        print("Cursor reset: `faver next` starts at the first unreviewed asset. Marks are kept.")
        return
      }
      if json {
        let position = try library.cursor()
        print(
          try position.map {
            try Output.json(
              Report(assetId: $0.cursor.assetID.rawValue, asset: $0.asset.map(AssetListing.init)))
          } ?? "null")
        return
      }
      guard let (cursor, asset) = try library.cursor() else {
        print("No cursor yet: `faver next` starts at the first unreviewed asset.")
        return
      }
      if let asset {
        print("\(asset.id)  \(asset.captureTime.iso8601)  \(Terminal.escaped(asset.absolutePath))")
      } else {
        print("\(cursor.assetID)  (no longer indexed; `faver next` continues after its place)")
      }
    }
  }
}
