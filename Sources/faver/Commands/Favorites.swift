import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Favorites: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "favorites",
      abstract: "List the favorites (or the rejects) in capture order.",
      discussion: """
        --paths prints one absolute path per line, -0 separates them with NUL for `xargs -0`; the \
        raw file of a RAW+JPEG pair and a Live Photo's video follow their photo.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "The rejected assets instead.")
    var rejected = false

    @Flag(help: "Print a JSON array of asset objects.")
    var json = false

    @Flag(help: "Print only the paths, one per line.")
    var paths = false

    @Flag(
      name: [.customShort("0"), .customLong("null")], help: "Print only the paths, each followed by NUL.")
    var nullSeparated = false

    func validate() throws {
      if [json, paths, nullSeparated].filter({ $0 }).count > 1 {
        throw ValidationError("Choose one of --json, --paths or -0.")
      }
    }

    func run() throws {
      let assets = try storeOptions.library().favorites(rejected: rejected)
      if json {
        print(try Output.json(assets.map(AssetListing.init)))
        return
      }
      if paths || nullSeparated {
        let files = assets.flatMap(\.memberPaths)
        try Output.write(files.map { $0 + (nullSeparated ? "\0" : "\n") }.joined())
        return
      }
      for asset in assets {
        print(
          "\(asset.id)  \(asset.captureTime.iso8601.padding(toLength: 29, withPad: " ", startingAt: 0))  \(Terminal.escaped(asset.absolutePath))"
        )
      }
      print("\(assets.count) \(rejected ? "rejected" : assets.count == 1 ? "favorite" : "favorites")")
    }
  }
}
