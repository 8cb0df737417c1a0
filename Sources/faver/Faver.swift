import ArgumentParser
import FaverKit
import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#endif

@main
struct Faver: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "faver",
    abstract: "Turns a folder tree of photos and videos into a calm, resumable review queue.",
    version: FaverVersion.text + "\n" + Library.placeNamesAttribution,
    subcommands: [
      Index.self, Refresh.self, Assets.self, Next.self, Mark.self, Favorites.self, Export.self, Sidecars.self,
      Status.self, Analyze.self, Similar.self,
      Clusters.self, Preview.self, CursorCommand.self, Roots.self, Clock.self, Map.self, Serve.self,
      Devices.self,
      DecodeWorker.self,
    ]
  )

  static func main() {
    // A reader that closes the pipe early (`faver clusters --json | head`) makes writes fail with
    // EPIPE, reported once the manifest is in place, instead of killing faver halfway.
    signal(SIGPIPE, SIG_IGN)
    // Past a file size limit (`ulimit -f`) a write fails with EFBIG, reported with the store's
    // path, instead of the kernel killing faver mid-transaction.
    signal(SIGXFSZ, SIG_IGN)
    let level = ProcessInfo.processInfo.environment["FAVER_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
    LoggingSystem.bootstrap { _ in TerminalLogHandler(logLevel: level ?? .warning) }
    do {
      var command = try parseAsRoot(Arguments.prepared(Array(CommandLine.arguments.dropFirst())))
      try command.run()
    } catch {
      // As ArgumentParser's own `exit(withError:)`, but a message that quotes a name from a file
      // or an argument has its control characters escaped.
      let code = exitCode(for: error)
      let text = fullMessage(for: error)
      if code == .success {
        if !text.isEmpty { print(text) }
      } else if !text.isEmpty {
        FileHandle.standardError.write(Data((Terminal.escaped(text, keepingNewlines: true) + "\n").utf8))
      }
      Glibc.exit(code.rawValue)
    }
  }
}

/// Where the index lives; shared by every command that reads or writes it.
struct StoreOptions: ParsableArguments {
  @Option(
    name: .long,
    help: "Store folder (default: $FAVER_STORE, else $XDG_DATA_HOME/faver, else ~/.local/share/faver).")
  var store: String?

  var location: URL { StoreLocation.resolve(flag: store) }

  func validate() throws {
    if store?.isEmpty == true { throw ValidationError("--store needs a folder; an empty one names none.") }
  }

  /// The library kept in the store.
  func library() -> Library { Library.open(store: location, queueBuild: ProgressLine.queueBuild) }
}

/// Runs `body`; when another run holds the store's writer lock, says so and exits with 75
/// (EX_TEMPFAIL: try again later), so cron can tell "busy" from "failed".
func exitingWhenBusy<Result>(_ body: () throws -> Result) throws -> Result {
  do {
    return try body()
  } catch let error as LibraryError {
    guard case .busy = error else { throw error }
    FileHandle.standardError.write(Data("faver: \(Terminal.escaped(error.description))\n".utf8))
    throw ExitCode(75)
  }
}
