import CQREncode

/// A QR code of a short text (the pairing link), through libqrencode: the only file that
/// imports CQREncode. Medium error correction; the modules are read out and the C code freed
/// here.
public struct QRCode: Sendable, Equatable {
  /// The side in modules, without the quiet zone.
  public let width: Int
  /// Row by row: true is a dark module.
  public let modules: [Bool]

  /// The code of `text`; nil when libqrencode cannot encode it (too long).
  public init?(_ text: String) {
    guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    guard width > 0, let data = code.pointee.data else { return nil }
    self.width = width
    modules = (0..<width * width).map { data[$0] & 1 == 1 }
  }

  /// Whether the module at `x`, `y` is dark; outside the code (the quiet zone) none is.
  public func isDark(x: Int, y: Int) -> Bool {
    guard (0..<width).contains(x), (0..<width).contains(y) else { return false }
    return modules[y * width + x]
  }

  /// The code for a terminal: two rows of modules per line in half blocks, dark on light, with a
  /// quiet zone of 2 modules (light is drawn as blocks, so a dark terminal shows it too).
  public func terminalText() -> String {
    let quiet = 2
    var lines: [String] = []
    for y in stride(from: -quiet, to: width + quiet, by: 2) {
      var line = ""
      for x in -quiet..<width + quiet {
        switch (isDark(x: x, y: y), isDark(x: x, y: y + 1)) {
        case (false, false): line += "█"
        case (false, true): line += "▀"
        case (true, false): line += "▄"
        case (true, true): line += " "
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// The code as an SVG image, one unit a module, with a quiet zone of 4 modules.
  public func svg() -> String {
    let quiet = 4
    let side = width + 2 * quiet
    var path = ""
    for y in 0..<width {
      for x in 0..<width where isDark(x: x, y: y) { path += "M\(x + quiet) \(y + quiet)h1v1h-1z" }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
      <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
      """
  }
}
