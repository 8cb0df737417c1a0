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

    @Option(
      help: ArgumentHelp(
        "Also write manifest.json into this folder (it replaces only a manifest faver wrote).",
        valueName: "DIR"))
    var out: String?

    @Flag(
      help:
        "On a terminal, list every moment to review, not \(Self.terminalRows) from where the review stands.")
    var all = false

    /// How many moments a terminal shows without `--all`: a screen, not a million photos' 57,000.
    static let terminalRows = 20

    func validate() throws {
      if out?.isEmpty == true { throw ValidationError("--out needs a folder; an empty one names none.") }
      if json, explain {
        throw ValidationError("--explain prints a table; it cannot be combined with --json.")
      }
    }

    func run() throws {
      let library = storeOptions.library()
      // With --json, the bytes as they are written, straight from the saved queue.
      let result = try library.cluster(
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
      // On a terminal, a screen of them from where the review stands (piped, every one).
      var shown = explain ? result.moments : result.momentsToReview
      var (before, after) = (0, 0)
      if !explain, !all, isatty(STDOUT_FILENO) == 1, shown.count > Self.terminalRows {
        let standing = try library.reviewPosition(mode: result.mode).flatMap { position in
          result.moments.first { $0.id == position.moment.summary.id }?.ordinal
        }
        (shown, before, after) = Self.screen(of: shown, from: standing, rows: Self.terminalRows)
      }
      if before > 0 { print("… \(before.counted("moment")) to review before where the review stands") }
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
      if after > 0 {
        print("… \(after.counted("more moment")) to review; `faver clusters --all` lists every one")
      }
      if let explained {
        for line in Explanation.placement(of: explained.moments.flatMap(\.assets)) { print(line) }
      }
      print(
        "\(result.momentsToReview.count) of \(result.moments.count.counted("moment")) to review; "
          + "\(result.progress.reviewed)/\(result.progress.total) reviewed")
    }

    /// At most `rows` of the moments `toReview` (in queue order), from the first at or after
    /// ordinal `standing` (where the review stands; from the first when nil, or when none is),
    /// and how many are left out before and after them.
    static func screen(of toReview: [QueuedMoment], from standing: Int?, rows: Int) -> (
      shown: [QueuedMoment], before: Int, after: Int
    ) {
      let start = standing.flatMap { ordinal in toReview.firstIndex { $0.ordinal >= ordinal } } ?? 0
      let end = min(toReview.count, start + rows)
      return (Array(toReview[start..<end]), start, toReview.count - end)
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
