import Foundation
import Logging

/// Prints log messages to stderr as `faver: warning: …`, the way command-line tools do.
struct TerminalLogHandler: LogHandler {
  var logLevel: Logger.Level
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let message = Terminal.escaped("\(event.message)")
    let line = "faver: \(event.level == .info ? "" : "\(event.level): ")\(message)\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
