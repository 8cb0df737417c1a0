import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "analyze",
      abstract:
        "Read each photo's signals (likeness, sharpness, exposure) for similar groups and suggestions.",
      discussion: """
        Reads what is missing only, in review order, each content once: a second run reads \
        nothing. Each file is decoded as small as serves (a JPEG at 1/8 scale) in a worker process \
        under the preview limits; videos need ffmpeg. With --for, it stops starting work after \
        that long (90s, 10m, 1h) and the next run goes on.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(
      name: .customLong("for"), help: ArgumentHelp("Stop after this long (90s, 10m, 1h).", valueName: "TIME"))
    var limit: TimeLimit?

    @Option(help: "How many files to decode at once (default: one per core).")
    var jobs: Int?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
      if let jobs, jobs < 1 { throw ValidationError("--jobs takes a positive number.") }
    }

    func run() throws {
      let library = storeOptions.library()
      let progress = ProgressLine()
      let summary = try library.analyze(for: limit?.duration, jobs: jobs, progress: progress.update)
      progress.finish()
      print(json ? try Output.json(summary) : summary.text)
    }
  }
}

extension Library.AnalyzeSummary {
  var text: String {
    var parts = ["\(analyzed.counted("photo")) analyzed"]
    if failed > 0 { parts.append("\(failed) without signals (damaged or unsupported)") }
    if remaining > 0 { parts.append("\(remaining) left for the next run") }
    parts.append("\(known) analyzed before")
    return "analyze: " + parts.joined(separator: ", ")
  }
}
