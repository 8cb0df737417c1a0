import FaverTestSupport
import Foundation

/// Runs the built `faver` binary (and other tools) the way a person or cron would.
struct ProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

enum Paths {
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let sampleLibrary = package.appendingPathComponent("SampleLibrary")
  static let sampleSpec = package.appendingPathComponent("Tests/Fixtures/sample-library.json")

  /// `faver`, built next to the test bundle by `swift test`.
  static var faver: URL { BuiltFaver.url(package: package) }

  static func which(_ tool: String) -> URL? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(tool)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}

@discardableResult
func run(
  _ executable: URL, _ arguments: [String], environment: [String: String] = [:], in workingFolder: URL? = nil,
  input: Data? = nil
) throws -> ProcessResult {
  let process = Process()
  if let workingFolder { process.currentDirectoryURL = workingFolder }
  process.executableURL = executable
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  // Output goes to files, so a large output can never block the child on a full pipe.
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faver-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let outURL = folder.appendingPathComponent("out")
  let errURL = folder.appendingPathComponent("err")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  if let input {
    let inURL = folder.appendingPathComponent("in")
    try input.write(to: inURL)
    process.standardInput = try FileHandle(forReadingFrom: inURL)
  }
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus, stdout: try String(contentsOf: outURL, encoding: .utf8),
    stderr: try String(contentsOf: errURL, encoding: .utf8))
}

func faver(
  _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil, input: Data? = nil
) throws -> ProcessResult {
  try run(Paths.faver, arguments, environment: environment, in: folder, input: input)
}

/// The part of an absolute `path` below `root`, as the asset objects of every JSON output give
/// them (`/lib` and `/lib/a/b.jpg` give `a/b.jpg`); nil when `path` is not below `root`.
func relative(_ path: String, to root: String) -> String? {
  let prefix = root.hasSuffix("/") ? root : root + "/"
  return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
}

/// The path of an asset object (or a companion object) below its root.
func relativePath(_ object: [String: Any]) -> String? {
  guard let path = object["path"] as? String, let root = object["root"] as? String else { return nil }
  return relative(path, to: root)
}
