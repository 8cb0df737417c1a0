import ArgumentParser
import FaverKit
import FaverStore
import Foundation
import Logging

@main
struct Faver: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Turns a folder tree of photos and videos into a calm, resumable review queue.",
    version: "0.1.0",
    subcommands: [
      Index.self, Refresh.self, Assets.self, Mark.self, Next.self, Status.self, Clusters.self,
      CursorCommand.self,
    ]
  )

  static func main() {
    // A reader that closes the pipe early (`faver clusters --json | head`) makes writes fail with
    // EPIPE, reported once the manifest is in place, instead of killing faver halfway.
    signal(SIGPIPE, SIG_IGN)
    let level = ProcessInfo.processInfo.environment["FAVER_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
    LoggingSystem.bootstrap { _ in TerminalLogHandler(logLevel: level ?? .warning) }
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

extension StoreLock {
  /// Takes the store's writer lock, or exits with 75 (EX_TEMPFAIL: try again later) when another
  /// run holds it, so cron can tell "busy" from "failed".
  static func acquiring(_ folder: URL, wait: Bool) throws -> StoreLock {
    do {
      return try StoreLock(folder: folder, wait: wait)
    } catch .busy {
      FileHandle.standardError.write(Data("faver: \(StoreError.busy(path: folder.path))\n".utf8))
      throw ExitCode(75)
    }
  }
}
