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
  /// output never blocks it). Blocks its thread: for the short checks of a test's traits.
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let run = try Run(executable, arguments)
    try run.process.run()
    run.process.waitUntilExit()
    return try run.finish()
  }

  /// `run`, awaited without holding a thread: a browser test takes minutes, and a sync test
  /// holds one of Swift's shared threads (two on two cores) the whole time, the other tests
  /// queueing behind it.
  static func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String)
  {
    let run = try Run(executable, arguments)
    try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
      run.process.terminationHandler = { _ in ended.resume() }
      do { try run.process.run() } catch {
        run.process.terminationHandler = nil
        ended.resume(throwing: error)
      }
    }
    return try run.finish()
  }

  /// A process whose two streams go to a file of its own.
  private struct Run {
    let process = Process()
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faver-browser-\(UUID().uuidString)")
    let handle: FileHandle

    init(_ executable: String, _ arguments: [String]) throws {
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      handle = try FileHandle(forWritingTo: log)
      process.standardOutput = handle
      process.standardError = handle
    }

    /// Its status and what it wrote; the file removed.
    func finish() throws -> (status: Int32, output: String) {
      defer { try? FileManager.default.removeItem(at: log) }
      try handle.close()
      return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
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
func theReviewPageWorksInARealBrowser() async throws {
  let script = ServeWorkspace.package.appendingPathComponent("Tests/FaverServeTests/browser/review_page.py")
  var arguments = [script.path, "--faver", BrowserTools.faver.path]
  if let folder = ProcessInfo.processInfo.environment["FAVER_SCREENSHOTS"] {
    arguments += ["--screenshots", folder]
  }
  let (status, output) = try await BrowserTools.run(BrowserTools.python, arguments)
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
func theReviewPageMovesWithoutWaitingForTheServer() async throws {
  let script = ServeWorkspace.package.appendingPathComponent("Tests/FaverServeTests/browser/instant_stops.py")
  let (status, output) = try await BrowserTools.run(
    BrowserTools.python, [script.path, "--faver", BrowserTools.faver.path])
  #expect(status == 0, "\(output)")
  #expect(output.contains("all passed"), "\(output)")
}
