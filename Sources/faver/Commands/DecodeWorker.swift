import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  /// One preview decoded in a process of its own, under limits: what `faver preview` and
  /// `faver serve` start for each preview they make. Not for people: hidden from the help.
  struct DecodeWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: PreviewDecoding.workerCommandName,
      abstract: "Decode one preview, or read signals, under limits (started by faver itself).",
      shouldDisplay: false)

    @Option(help: "Long edge of the preview, in pixels.")
    var size: Int

    @Option(help: "The limits, as JSON.")
    var limits = "{}"

    @Option(help: "The pid of the process that started it: the worker ends when that one does.")
    var parent: Int32?

    @Flag(help: "Read each file's signals (hash, sharpness, exposure) instead of making a preview.")
    var signals = false

    @Argument(help: "The file (with --signals, the files).")
    var paths: [String]

    func validate() throws {
      if !signals && paths.count != 1 { throw ValidationError("One file, unless --signals.") }
    }

    func run() throws {
      FileHandle.standardOutput.write(
        signals
          ? PreviewDecoding.runSignalWorker(paths: paths, limits: limits, parent: parent)
          : PreviewDecoding.runWorker(path: paths[0], size: size, limits: limits, parent: parent))
    }
  }
}
