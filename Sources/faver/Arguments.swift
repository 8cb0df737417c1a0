/// The command line as ArgumentParser is given it, after two repairs:
/// - `--gap -5` becomes `--gap=-5` for the options that take a value, so a value that looks like a
///   flag is taken as the option's value and refused with the option's own message (ArgumentParser
///   said "Missing value").
/// - Every operand of `mark`, `index` and `refresh` but the first is set aside in `extraOperands`:
///   ArgumentParser takes time in the square of the number of values an array argument gets (each
///   value merges the origins of all the values before it again), and 16,000 ids took 10 s before
///   anything was checked; these commands read the rest back from here.
enum Arguments {
  /// Options that take a value, in every command that has them: read from the commands'
  /// declarations themselves (see `CommandTree`), so a command's new option is known here.
  /// Reading them costs milliseconds (30 in a debug build), so it is done only where whether an
  /// option takes a value changes the result (see `mayTakeValue`).
  static let valueOptions: Set<String> = CommandTree(Faver.self).valueOptions
  /// Commands whose operands may come by the thousand (`xargs`, a `favorites -0` list).
  static let manyOperands: Set<String> = ["mark", "index", "refresh"]

  /// The operands set aside; written once, before parsing, on the main thread.
  nonisolated(unsafe) static var extraOperands: [String] = []

  /// `arguments` (without the program name) repaired as above; the operands set aside go to
  /// `extraOperands`.
  static func prepared(_ arguments: [String]) -> [String] {
    var result: [String] = []
    result.reserveCapacity(arguments.count)
    var setsAside = false  // known once the loop meets the command
    var seenCommand = false
    var seenOperand = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        // Everything after is an operand.
        let rest = arguments[index...]
        if setsAside, let first = rest.first, !seenOperand {
          result += ["--", first]
          extraOperands += rest.dropFirst()
        } else if setsAside {
          extraOperands += rest
        } else {
          result += ["--"] + rest
        }
        break
      }
      if index < arguments.count, argument.hasPrefix("-"),
        mayTakeValue(arguments[index], settingAside: setsAside || !seenCommand),
        valueOptions.contains(argument)
      {
        let value = arguments[index]
        index += 1
        result.append(value.hasPrefix("-") ? argument + "=" + value : argument)
        if !value.hasPrefix("-") { result.append(value) }
        continue
      }
      if argument.hasPrefix("-") || !seenCommand {
        if !argument.hasPrefix("-") {
          seenCommand = true
          setsAside = manyOperands.contains(argument)
        }
        result.append(argument)
        continue
      }
      if setsAside && seenOperand {
        extraOperands.append(argument)
      } else {
        seenOperand = true
        result.append(argument)
      }
    }
    return result
  }

  /// Whether it matters to `prepared` that an option takes `next` as its value: a
  /// value that looks like a flag is joined to its option, and where operands may be set aside
  /// (or before the command), a value must not be taken for one. Anywhere else the option and
  /// its value pass as they are either way.
  private static func mayTakeValue(_ next: String, settingAside: Bool) -> Bool {
    settingAside || next.hasPrefix("-")
  }
}

extension UInt8 {
  /// `0`–`9`, `a`–`f`, `A`–`F`.
  var isASCIIHexDigit: Bool {
    (48...57).contains(self) || (97...102).contains(self) || (65...70).contains(self)
  }
}
