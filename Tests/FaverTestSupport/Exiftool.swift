public import Foundation

/// exiftool, the independent reader faver is checked against (Debian `libimage-exiftool-perl`,
/// installed by scripts/install-deps): one way for every test target to find and run it.
public enum Exiftool {
  public struct Missing: Error, CustomStringConvertible {
    public var description: String { "exiftool is not installed: CI must install libimage-exiftool-perl" }
  }

  public static let executable: URL? = {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("exiftool")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// Without exiftool the comparisons are skipped, unless CI is set (CI must install it).
  public static var shouldRun: Bool { executable != nil || ProcessInfo.processInfo.environment["CI"] != nil }

  /// exiftool's standard output for `arguments`; throws `Missing` without exiftool.
  @discardableResult
  public static func run(_ arguments: [String]) throws -> String {
    guard let executable else { throw Missing() }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// One tag's value in the file at `path` as `-s3` prints it, "" when the file does not hold it.
  public static func value(_ tag: String, ofFile path: String) throws -> String {
    try run(["-s3", "-" + tag, path]).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
