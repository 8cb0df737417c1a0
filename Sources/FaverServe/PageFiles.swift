import Crypto
import FaverResources
import Foundation
import Hummingbird

/// The page itself: `index.html`, its script (`app.js` and the modules it imports), its style, and
/// what makes it an installable web app (its manifest, icons and service worker), from the
/// resources built into faver (nothing fetched from elsewhere). Only these names are served, and
/// none holds anything of the library.
enum PageFiles {
  /// The page's JavaScript modules, one concern each, its service worker (`sw.js`), and the
  /// classic script that runs before the modules load (`boot.js`: the first photo's requests).
  static let modules = [
    "app.js", "api.js", "boot.js", "browse.js", "compare.js", "describe.js", "details.js", "filters.js",
    "frame.js", "forget.js", "keys.js", "layout.js", "momentum.js", "nopreview.js", "offline.js",
    "pairphone.js", "review.js", "routes.js", "saver.js", "stage.js", "start.js", "story.js", "sw.js",
    "takealong.js", "ui.js", "worker.js", "zoom.js",
  ]

  static let files: [String: String] = modules.reduce(
    into: [
      "index.html": "text/html; charset=utf-8", "app.css": "text/css; charset=utf-8",
      "manifest.webmanifest": "application/manifest+json", "icon-192.png": "image/png",
      "icon-512.png": "image/png",
    ]
  ) { files, module in files[module] = "text/javascript; charset=utf-8" }

  /// Where the service worker is served: at the root, so that its scope is the whole page.
  static let serviceWorkerPath = "/sw.js"

  static func add(to router: Router<some RequestContext>) {
    router.get("/") { _, _ in try reply("index.html") }
    router.get("sw.js") { _, _ in try reply("sw.js") }
    router.get("page/:name") { _, context in try reply(context.parameters.get("name") ?? "") }
    // `page/VERSION/NAME` (the router wants the same parameter name at the same place).
    router.get("page/:name/:file") { _, context in
      try reply(context.parameters.get("file") ?? "", version: context.parameters.get("name"))
    }
  }

  /// Whether `request` asks for one of the page's files (`GET` or `HEAD`, by its exact path, under
  /// `/page/` or `/page/VERSION/`).
  static func isRequested(by request: Request) -> Bool {
    guard request.method == .get || request.method == .head else { return false }
    let path = request.uri.path
    if path == "/" || path == serviceWorkerPath { return true }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3 || parts.count == 4, parts[0].isEmpty, parts[1] == "page" else { return false }
    return files[String(parts[parts.count - 1])] != nil
  }

  /// The page's files as they are now, named by their contents: a hash of every file (16 hex
  /// digits). `index.html` names its style, script, icons and manifest under `/page/VERSION/`, and
  /// the modules import each other by relative paths, so a browser that opened this page before
  /// has all of it in its cache, kept for good (a file under a version never changes); a faver
  /// with other page files has another version, so nothing old is ever mixed in.
  static let version: String = {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
    for name in files.keys.sorted() {
      for byte in Array(name.utf8) + [0] + ((url(of: name).flatMap { try? Data(contentsOf: $0) }) ?? Data()) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    return String(hash, radix: 16).leftPadded(to: 16)
  }()

  /// Where a page file is: SwiftPM's resource bundle beside the executable (`swift build`,
  /// `swift run`, `swift test`), else the install layout's `share/faver/Page` (see
  /// `ResourceFolders`). Found by hand rather than through `Bundle.module`, which stops the
  /// process when the bundle is missing (a binary copied without its files).
  static func url(of name: String) -> URL? {
    ResourceFolders.running().url(of: "Page/" + name, inBundle: "faver_FaverServe.resources")
  }

  /// Whether the page can be served: a `faver` copied without its resources cannot.
  static var isPresent: Bool { files.keys.allSatisfy { url(of: $0) != nil } }

  /// `index.html` as served: every file of the page named under the current version, and
  /// `boot.js` written in, so that it runs as soon as the page is read and its requests (the
  /// session, the review, the first photo) go out before the modules' own. The modules are not
  /// announced ahead (`modulepreload`): a new browser's 25 requests for them held those back, on
  /// its 6 connections, and the first photo no longer waits for the modules (boot.js shows it).
  static func indexPage(_ html: String) -> String {
    html.replacing("\"/page/", with: "\"/page/\(version)/")
      .replacing("<script src=\"/page/\(version)/boot.js\"></script>", with: "<script>\(bootScript)</script>")
  }

  /// `boot.js` as `index.html` carries it.
  static let bootScript: String =
    url(of: "boot.js").flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""

  /// The one script written in the page that the content security policy lets run: `boot.js`, by
  /// its SHA-256 (`'sha256-…'`).
  static let bootScriptSource: String =
    "'sha256-\(Data(SHA256.hash(data: Data(bootScript.utf8))).base64EncodedString())'"

  /// The content security policy of every response (see `SecurityHeaders`).
  static let contentSecurityPolicy =
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self'; script-src 'self' \(bootScriptSource); "
    + "style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
    + "frame-ancestors 'none'"

  /// A page file; under `version` (the current one) kept by browsers for good, else checked for a
  /// newer one at every use. `index.html` names the other files under the current version.
  static func reply(_ name: String, version: String? = nil) throws -> Response {
    guard let type = files[name] else { return Reply.error(.notFound, "No such page.") }
    guard let url = url(of: name) else {
      return Reply.error(
        .internalServerError,
        "The page is neither beside faver (faver_FaverServe.resources/Page/\(name)) nor in its install "
          + "folder (../share/faver/Page/\(name)): install faver with scripts/install or its package."
      )
    }
    var data = try Data(contentsOf: url)
    if name == "index.html" { data = Data(Self.indexPage(String(decoding: data, as: UTF8.self)).utf8) }
    let kept = version == Self.version && name != "index.html"
    return Response(
      status: .ok,
      headers: [
        .contentType: type, .cacheControl: kept ? "private, max-age=31536000, immutable" : "no-cache",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}

extension String {
  /// The string with zeros in front, to `length` characters.
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
