import ArgumentParser
import FaverKit
import Foundation
import Logging

@main
struct Faver: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Turns a folder tree of photos and videos into a calm, resumable review queue.",
    version: "0.1.0",
    subcommands: [Index.self, Assets.self, Mark.self, Next.self, Status.self, Clusters.self]
  )

  static func main() {
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel =
        ProcessInfo.processInfo.environment["FAVER_LOG_LEVEL"]
        .flatMap(Logger.Level.init(rawValue:)) ?? .warning
      return handler
    }
    main(nil)
  }
}

/// Where the index lives; shared by every command that reads or writes it.
struct StoreOptions: ParsableArguments {
  @Option(
    name: .long,
    help: "Store folder (default: $FAVER_STORE, else $XDG_DATA_HOME/faver, else ~/.local/share/faver).")
  var store: String?

  var location: URL { StoreLocation.resolve(flag: store) }
}
