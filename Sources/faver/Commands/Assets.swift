import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Assets: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "assets",
      abstract: "List every indexed photo and video in capture order.")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print a JSON array (stable key and element order).")
    var json = false

    func run() throws {
      // One asset at a time, as the store hands them over: a million are never in memory at once.
      let library = try storeOptions.library()
      if json {
        let writer = AssetListing.ArrayWriter { try Output.write($0) }
        try library.writeAssets(to: writer)
        try writer.finish()
        try Output.write("\n")
        return
      }
      var count = 0
      try library.forEachAsset { asset in
        count += 1
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
      print(count.counted("asset"))
    }
  }
}
