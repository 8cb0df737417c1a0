import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Clusters: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clusters",
      abstract: "Group the library into moments and write the review manifest.",
      discussion: """
        Always writes manifest.json atomically into the store folder; --out writes a copy into DIR. \
        The mode used is remembered for `faver next` and `faver status`.
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clusterOptions: ClusterOptions

    @Flag(help: "Print the manifest JSON (sorted keys) instead of a table.")
    var json = false

    @Flag(help: "Show how the threshold was chosen and why every moment starts where it does.")
    var explain = false

    @Option(help: ArgumentHelp("Also write manifest.json into this folder.", valueName: "DIR"))
    var out: String?

    func validate() throws {
      if out?.isEmpty == true { throw ValidationError("--out needs a folder; an empty one names none.") }
      if json, explain {
        throw ValidationError("--explain prints a table; it cannot be combined with --json.")
      }
    }

    func run() throws {
      // With --json, the bytes as they are written, straight from the saved queue.
      let result = try storeOptions.library().cluster(
        mode: clusterOptions.chosen, extraFolder: out.map { URL(fileURLWithPath: $0, isDirectory: true) },
        explain: explain, output: json ? { try Output.write($0) } : nil)
      if json {
        try Output.write("\n")
        return
      }
      let explained = result.explained
      print(
        "mode \(Manifest.name(of: result.mode)), "
          + (explained.map(Explanation.threshold(of:)) ?? Explanation.thresholdValue(result.thresholdSeconds))
      )
      // Without --explain only the moments still to review; with it, every moment and its reason.
      let shown = explain ? result.moments : result.momentsToReview
      let titles = shown.map { Terminal.escaped($0.summary.title) }
      let titleWidth = titles.map(\.count).max() ?? 0
      print(
        Self.row(
          "id", "start", "photos", "reviewed", "title", titleWidth, explain ? "why it starts here" : nil))
      for (moment, title) in zip(shown, titles) {
        let summary = moment.summary
        print(
          Self.row(
            summary.id, moment.boundary.reason == "undated" ? "undated" : summary.start, String(moment.total),
            String(moment.reviewed), title, titleWidth,
            explain ? moment.boundary.boundary.map(Explanation.boundary) ?? moment.boundary.reason : nil))
      }
      if let explained {
        for line in Explanation.placement(of: explained.moments.flatMap(\.assets)) { print(line) }
      }
      print(
        "\(result.momentsToReview.count) of \(result.moments.count.counted("moment")) to review; "
          + "\(result.progress.reviewed)/\(result.progress.total) reviewed")
    }

    static func row(
      _ id: String, _ start: String, _ photos: String, _ reviewed: String, _ title: String, _ titleWidth: Int,
      _ why: String?
    ) -> String {
      var line = id.padded(18) + "  " + start.padded(29) + "  " + photos.leftPadded(6) + "  "
      line += reviewed.leftPadded(8) + "  "
      line += why.map { title.padded(titleWidth) + "  " + $0 } ?? title
      return line
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  fileprivate func padded(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
