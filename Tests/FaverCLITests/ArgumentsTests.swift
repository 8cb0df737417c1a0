import ArgumentParser
import Testing

@testable import faver

/// The repairs of `Arguments.prepared` know every option the commands declare: `extraOperands` is
/// shared, so these run one at a time.
@Suite(.serialized) struct ArgumentsTests {
  /// Each command's path from the root, and the names of its options that take a value.
  static let declared: [(path: [String], names: [String])] = CommandTree(Faver.self).commands.map {
    command in
    let options = (command.command.arguments ?? []).filter { $0.kind == "option" }
    return (command.path, options.flatMap { ($0.names ?? []).map(\.written) })
  }

  @Test func theCommandsAreReadFromTheirDeclarations() {
    // A few of each kind: a shared option group, a command's own option, a subcommand's.
    for name in ["--store", "--gap", "--out", "--naming", "--bbox", "--analyze-for", "--port"] {
      #expect(Arguments.valueOptions.contains(name), "\(name)")
    }
    #expect(!Arguments.valueOptions.contains("--json"))
    #expect(
      Self.declared.contains { $0.path == ["sidecars", "write"] && $0.names == ["--store", "--naming"] })
  }

  /// A value that looks like a flag reaches every value option of every command as its value:
  /// ArgumentParser never says "Missing value" for one the repair does not know.
  @Test func everyValueOptionTakesAValueThatLooksLikeAFlag() throws {
    var checked = 0
    for (path, names) in Self.declared where !path.isEmpty {
      for name in names {
        let arguments = Arguments.prepared(path + [name, "-1"])
        #expect(arguments.contains(name + "=-1"), "\(arguments)")
        do {
          _ = try Faver.parseAsRoot(arguments)
        } catch {
          let message = Faver.fullMessage(for: error)
          #expect(!message.contains("Missing value"), "\(path + [name, "-1"]): \(message)")
        }
        checked += 1
      }
    }
    #expect(checked > 20)
  }

  /// One set serves every command: no command's flag has the name of another's value option.
  @Test func noFlagHasTheNameOfAValueOption() {
    let flags = CommandTree(Faver.self).names(of: "flag")
    #expect(flags.intersection(Arguments.valueOptions).isEmpty)
  }

  /// An option's value is never taken for an operand to set aside, wherever the option comes.
  @Test func anOptionsValueAfterTheFirstOperandStaysWithIt() {
    Arguments.extraOperands = []
    defer { Arguments.extraOperands = [] }
    let arguments = Arguments.prepared(["refresh", "/a", "--analyze-for", "10m", "/b", "--store", "s", "/c"])
    #expect(arguments == ["refresh", "/a", "--analyze-for", "10m", "--store", "s"])
    #expect(Arguments.extraOperands == ["/b", "/c"])
  }
}
