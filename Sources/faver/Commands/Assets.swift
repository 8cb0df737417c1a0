import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Assets: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List every indexed photo and video in capture order.")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print a JSON array (stable key and element order).")
    var json = false

    func run() throws {
      let assets = try storeOptions.library().assets()
      if json {
        print(try Output.json(assets.map(AssetListing.init)))
        return
      }
      for asset in assets {
        var line =
          "\(asset.id)  \(asset.captureTime.iso8601.padding(toLength: 29, withPad: " ", startingAt: 0))  \(Terminal.escaped(asset.path))"
        if let raw = asset.raw { line += "  + \(Terminal.escaped(raw.path))" }
        if let video = asset.companion { line += "  + \(Terminal.escaped(video.path))" }
        if let problem = asset.problem { line += "  [\(Terminal.escaped(problem))]" }
        if !asset.duplicates.isEmpty {
          line += "  (also at \(Terminal.escaped(asset.duplicates.joined(separator: ", "))))"
        }
        print(line)
      }
      print("\(assets.count) assets")
    }
  }
}
