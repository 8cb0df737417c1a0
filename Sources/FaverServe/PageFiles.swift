import FaverResources
import Foundation
import Hummingbird

/// The page itself: `index.html`, its script (`app.js` and the modules it imports), its style, and
/// what makes it an installable web app (its manifest, icons and service worker), from the
/// resources built into faver (nothing fetched from elsewhere). Only these names are served, and
/// none holds anything of the library.
enum PageFiles {
  /// The page's JavaScript modules, one concern each, and its service worker (`sw.js`).
  static let modules = [
    "app.js", "api.js", "browse.js", "compare.js", "describe.js", "details.js", "filters.js", "frame.js",
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
  }

  /// Whether `request` asks for one of the page's files (`GET` or `HEAD`, by its exact path).
  static func isRequested(by request: Request) -> Bool {
    guard request.method == .get || request.method == .head else { return false }
    let path = request.uri.path
    return path == "/" || path == serviceWorkerPath || files.keys.contains { path == "/page/" + $0 }
  }

  /// Where a page file is: SwiftPM's resource bundle beside the executable (`swift build`,
  /// `swift run`, `swift test`), else the install layout's `share/faver/Page` (see
  /// `ResourceFolders`). Found by hand rather than through `Bundle.module`, which stops the
  /// process when the bundle is missing (a binary copied without its files).
  static func url(of name: String) -> URL? {
    ResourceFolders.running().url(of: "Page/" + name, inBundle: "faver_FaverServe.resources")
  }

  /// Whether the page can be served: a `faver` copied without its resources cannot.
  static var isPresent: Bool { files.keys.allSatisfy { url(of: $0) != nil } }

  static func reply(_ name: String) throws -> Response {
    guard let type = files[name] else { return Reply.error(.notFound, "No such page.") }
    guard let url = url(of: name) else {
      return Reply.error(
        .internalServerError,
        "The page is neither beside faver (faver_FaverServe.resources/Page/\(name)) nor in its install "
          + "folder (../share/faver/Page/\(name)): install faver with scripts/install or its package."
      )
    }
    let data = try Data(contentsOf: url)
    return Response(
      status: .ok,
      headers: [.contentType: type, .cacheControl: "no-cache"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}
