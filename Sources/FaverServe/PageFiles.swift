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
    "frame.js",
    "forget.js", "keys.js", "layout.js", "momentum.js", "nopreview.js", "offline.js", "pairphone.js",
    "review.js",
    "routes.js", "saver.js", "stage.js", "story.js", "sw.js", "takealong.js", "ui.js", "worker.js", "zoom.js",
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

  /// `index.html` as served: every module announced (`modulepreload`) so the browser asks for all
  /// of them at once rather than one level of imports after another, and every file of the page
  /// named under the current version.
  static func indexPage(_ html: String) -> String {
    let preloads = modules.filter { !["sw.js", "app.js", "boot.js"].contains($0) }
      .map { "  <link rel=\"modulepreload\" href=\"/page/\($0)\">\n" }.joined()
    return html.replacing("</head>", with: preloads + "</head>")
      .replacing("\"/page/", with: "\"/page/\(version)/")
  }

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
