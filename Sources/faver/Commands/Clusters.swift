import ArgumentParser
import FaverCore
import FaverKit
import FaverStore
import Foundation

extension Faver {
  struct Clusters: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Group the library into moments and write the review manifest.",
      discussion: """
        Always writes manifest.json atomically into the store folder; --out writes a copy into DIR.
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    @Flag(help: "Print the manifest JSON (sorted keys) instead of a table.")
    var json = false

    @Flag(help: "Show why every moment starts where it does.")
    var explain = false

    @Option(help: ArgumentHelp("Also write manifest.json into this folder.", valueName: "DIR"))
    var out: String?

    func run() throws {
      let session = ReviewSession(
        store: try IndexStore(folder: storeOptions.location), clusterer: clusterOptions.clusterer)
      let manifest = try session.writeManifest(
        extraFolder: out.map { URL(fileURLWithPath: $0, isDirectory: true) })
      if json {
        // The bytes as they are: a manifest of 200,000 assets is 74 MB, not worth a String copy.
        FileHandle.standardOutput.write(try manifest.encoded())
        FileHandle.standardOutput.write(Data("\n".utf8))
        return
      }
      print("mode \(manifest.mode), threshold \(Moment.Boundary.text(manifest.thresholdSeconds))")
      print("id                   start                          photos  reviewed")
      for moment in manifest.moments {
        let start = moment.start.padding(toLength: 29, withPad: " ", startingAt: 0)
        var line = "\(moment.id)  \(start)  \(String(moment.totalInWindow).leftPadded(6))  "
        line += String(moment.reviewedInWindow).leftPadded(8)
        if explain { line += "  " + Self.explanation(moment.boundary) }
        print(line)
      }
      print(
        "\(manifest.moments.count) moments to review; "
          + "\(manifest.progress.reviewed)/\(manifest.progress.total) reviewed")
      if explain {
        print("\nEvery boundary, reviewed moments included:")
        for moment in try session.queue().clustering.moments {
          let start = moment.assets.first?.captureTime.iso8601 ?? ""
          print("\(moment.id)  \(start)  \(moment.boundary.explanation)")
        }
      }
    }

    static func explanation(_ boundary: Manifest.BoundaryEntry) -> String {
      switch boundary.reason {
      case "timeGap":
        "gap \(Moment.Boundary.text(boundary.gapSeconds ?? 0)) >= \(Moment.Boundary.text(boundary.thresholdSeconds ?? 0))"
      case "distance":
        "moved \(Int((boundary.meters ?? 0).rounded())) m in \(Moment.Boundary.text(boundary.gapSeconds ?? 0))"
      default: "start of library"
      }
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
