import ArgumentParser
import FaverKit
import FaverStore

extension Faver {
  struct Assets: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List every indexed photo and video in capture order.")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print a JSON array (stable key and element order).")
    var json = false

    func run() throws {
      let store = try IndexStore(folder: storeOptions.location)
      let assets = try store.assets()
      let duplicates = try store.duplicatePaths()
      if json {
        print(try Output.json(assets.map { AssetListing($0, duplicates: duplicates[$0.id] ?? []) }))
        return
      }
      for asset in assets {
        var line =
          "\(asset.id)  \(asset.captureTime.iso8601.padding(toLength: 29, withPad: " ", startingAt: 0))  \(asset.path)"
        if let video = asset.companion { line += "  + \(video.path)" }
        if let problem = asset.problem { line += "  [\(problem)]" }
        if let copies = duplicates[asset.id] { line += "  (also at \(copies.joined(separator: ", ")))" }
        print(line)
      }
      print("\(assets.count) assets")
    }
  }
}
