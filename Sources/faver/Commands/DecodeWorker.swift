import ArgumentParser
import FaverKit
import Foundation

extension Faver {
  /// One preview decoded in a process of its own, under limits: what `faver preview` and
  /// `faver serve` start for each preview they make. Not for people: hidden from the help.
  struct DecodeWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: PreviewDecoding.workerCommandName,
      abstract: "Decode one preview under limits (started by faver itself).",
      shouldDisplay: false)

    @Option(help: "Long edge of the preview, in pixels.")
    var size: Int

    @Option(help: "The limits, as JSON.")
    var limits = "{}"

    @Argument(help: "The file.")
    var path: String

    func run() throws {
      FileHandle.standardOutput.write(PreviewDecoding.runWorker(path: path, size: size, limits: limits))
    }
  }
}
