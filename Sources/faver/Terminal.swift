/// Text from files (names, paths, problems) as it may be printed to a terminal: a name holding
/// `ESC [2J`, an OSC title sequence or a carriage return must not clear the screen, set the
/// window title or overwrite a line, and a newline must not split a row. Control characters are
/// written as escapes, the way `ls -b` does: `\n`, `\t`, `\r`, `\e`, `\x7f`, `\u{9b}`, and a
/// backslash as `\\`, so the name can still be found. JSON output escapes on its own.
enum Terminal {
  static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    // Most text has nothing to escape: return it as it is.
    guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingNewlines && $0 == "\n") }) else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar), !(keepingNewlines && scalar == "\n") else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case "\u{1B}": result += "\\e"
      case "\\": result += "\\\\"
      default:
        let hex = String(scalar.value, radix: 16)
        result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
      }
    }
    return result
  }

  /// C0 and C1 control characters, DEL, and the backslash that starts an escape.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar == "\\"
  }
}
