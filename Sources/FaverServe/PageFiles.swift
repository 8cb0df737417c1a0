import Foundation
import Hummingbird

/// The page itself: `index.html`, its script and its style, from the resources built into
/// faver (nothing fetched from elsewhere). Only these names are served.
enum PageFiles {
  static let files: [String: String] = [
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
  ]

  static func add(to router: Router<some RequestContext>) {
    router.get("/") { _, _ in try reply("index.html") }
    router.get("page/:name") { _, context in try reply(context.parameters.get("name") ?? "") }
  }

  static func reply(_ name: String) throws -> Response {
    guard let type = files[name], let url = Bundle.module.url(forResource: "Page/" + name, withExtension: nil)
    else {
      return Reply.error(.notFound, "No such page.")
    }
    let data = try Data(contentsOf: url)
    return Response(
      status: .ok,
      headers: [
        .contentType: type, .cacheControl: "no-cache",
        // Nothing but faver's own page, script and style; no frames of it elsewhere.
        .contentSecurityPolicy:
          "default-src 'self'; img-src 'self' blob: data:; media-src 'self'; frame-ancestors 'none'",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}
