import FaverTestSupport
import Foundation
import Testing

/// What the browser test needs: Debian's chromium, its driver and selenium for the system Python
/// (`scripts/install-deps`). CI has them; elsewhere the test is skipped without them.
enum BrowserTools {
  static let python = "/usr/bin/python3"
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromedriver"]

  static var available: Bool {
    let files = FileManager.default
    guard (chromium + [python]).allSatisfy(files.isExecutableFile(atPath:)) else { return false }
    return (try? run(python, ["-c", "import selenium, PIL"]).status) == 0
  }

  /// In CI a missing browser is a failure, not a skip.
  static var required: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

  /// `faver`, built next to the test bundle by `swift test`.
  static var faver: URL { BuiltFaver.url(package: ServeWorkspace.package) }

  /// Runs `executable`; its status and what it wrote (both streams, through a file, so a long
  /// output never blocks it).
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faver-browser-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
  }
}

/// The review page in chromium, driven by selenium (`browser/review_page.py`): the photo shown
/// is `/api/next`'s, → reviews and moves on, F favorites at once, a reload shows the same photo,
/// U undoes, a mark made while the server is down is saved once it is back, browse opens a photo
/// in the review. `FAVER_SCREENSHOTS=folder` keeps the screenshots.
@Test(
  .enabled(
    if: BrowserTools.available || BrowserTools.required,
    "needs chromium, chromium-driver, python3-selenium and python3-pil (scripts/install-deps)"))
func theReviewPageWorksInARealBrowser() throws {
  let script = ServeWorkspace.package.appendingPathComponent("Tests/FaverServeTests/browser/review_page.py")
  var arguments = [script.path, "--faver", BrowserTools.faver.path]
  if let folder = ProcessInfo.processInfo.environment["FAVER_SCREENSHOTS"] {
    arguments += ["--screenshots", folder]
  }
  let (status, output) = try BrowserTools.run(BrowserTools.python, arguments)
  #expect(status == 0, "\(output)")
  #expect(output.contains("all passed"), "\(output)")
}

/// The review page moves without waiting for the server (`browser/instant_stops.py`): the first
/// photo from one request; with every save answered 3 s late, each → is drawn at once, across a
/// moment's end too; after a fast run of stops with favorites every mark the page sent is in the
/// store, and a reload and `faver next` show the photo the run ended on.
@Test(
  .enabled(
    if: BrowserTools.available || BrowserTools.required,
    "needs chromium, chromium-driver, python3-selenium and python3-pil (scripts/install-deps)"))
func theReviewPageMovesWithoutWaitingForTheServer() throws {
  let script = ServeWorkspace.package.appendingPathComponent("Tests/FaverServeTests/browser/instant_stops.py")
  let (status, output) = try BrowserTools.run(
    BrowserTools.python, [script.path, "--faver", BrowserTools.faver.path])
  #expect(status == 0, "\(output)")
  #expect(output.contains("all passed"), "\(output)")
}
