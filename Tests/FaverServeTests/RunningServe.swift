import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running `faver serve`, and the first line it printed.
final class RunningServe: @unchecked Sendable {
  let process = Process()
  let errors = Pipe()
  let line: String

  /// Starts `faver serve ARGUMENTS`, its environment this process's and `environment`.
  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = BrowserTools.faver
    process.arguments = ["serve"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // The first line says where: read until it is whole (the read blocks until faver writes).
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    self.line = String(decoding: line, as: UTF8.self)
  }

  /// The address printed: `http://HOST:PORT/#token=SECRET`.
  var address: Substring? { line.split(separator: " ").first { $0.hasPrefix("http://") } }

  /// The port of the address printed.
  var port: String? { address?.split(separator: ":").last?.split(separator: "/").first.map(String.init) }

  /// The secret of the address printed (its fragment's `token=`).
  var token: String? {
    address?.split(separator: "#", maxSplits: 1).last.map { String($0.dropFirst("token=".count)) }
  }

  /// Sends `signal`, then waits for it to end.
  func kill(_ signal: Int32) {
    Glibc.kill(process.processIdentifier, signal)
    process.waitUntilExit()
  }

  /// Ctrl-C, then what it wrote on stderr.
  func stop() -> String {
    process.interrupt()
    process.waitUntilExit()
    return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
