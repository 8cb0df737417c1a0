import ArgumentParser
import Foundation

/// Every command of a tool and the arguments each declares, as ArgumentParser describes them (the
/// JSON of `--experimental-dump-help`, its `ToolInfoV0`): the commands' `@Option` and `@Flag`
/// declarations are the one list of what faver takes.
struct CommandTree: Decodable {
  var command: Command

  struct Command: Decodable {
    var commandName: String
    var subcommands: [Command]?
    var arguments: [Argument]?
  }

  struct Argument: Decodable {
    /// `option` (takes a value), `flag` or `positional`.
    var kind: String
    var names: [Name]?
  }

  struct Name: Decodable {
    /// `long` (`--name`), `short` (`-n`) or `longWithSingleDash` (`-name`).
    var kind: String
    var name: String

    /// As it is written on the command line.
    var written: String { (kind == "long" ? "--" : "-") + name }
  }

  /// The tree of `root` and its subcommands; empty if ArgumentParser's description cannot be read.
  init(_ root: any ParsableCommand.Type) {
    let json = Data(root._dumpHelp().utf8)
    self = (try? JSONDecoder().decode(Self.self, from: json)) ?? Self(command: Command(commandName: ""))
  }

  private init(command: Command) { self.command = command }

  /// Every command with the names that lead to it from the root (the root's own path is empty).
  var commands: [(path: [String], command: Command)] {
    func walk(_ command: Command, _ path: [String]) -> [(path: [String], command: Command)] {
      [(path, command)]
        + (command.subcommands ?? []).flatMap { walk($0, path + [$0.commandName]) }
    }
    return walk(command, [])
  }

  /// The names, as written, of the arguments of `kind` of every command.
  func names(of kind: String) -> Set<String> {
    Set(
      commands.flatMap { $0.command.arguments ?? [] }.filter { $0.kind == kind }
        .flatMap { ($0.names ?? []).map(\.written) })
  }

  /// The names of every option that takes a value, in every command.
  var valueOptions: Set<String> { names(of: "option") }
}
