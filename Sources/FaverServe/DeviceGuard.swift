import FaverKit
import Foundation
import HTTPTypes
import Hummingbird

/// With pairing on (`faver serve --lan`), lets a request from the network through only when it
/// shows a paired device's secret (its `faver-device-PORT` cookie), looked up in the store on
/// every request, so `faver devices --revoke` ends a device at once. Without one, it gets only
/// the pairing page (`GET /`, `GET /pair.js`, `GET /pair.css`) and the trade of a code (`POST /api/pair`):
/// everything else answers 401 with the pairing page, or for the API a sentence, never a photo,
/// an id or a count. This machine's requests (loopback) pass as before, to the session guard.
///
/// A request that shows a device cookie no paired device holds (revoked, `faver devices
/// --revoke`) is told so (`Faver-Device: revoked`), and its browser to forget what the page kept
/// (`Clear-Site-Data: "cache", "storage"`: the previews and asset objects taken along, the marks
/// waiting, the page's caches): the page does the same itself when an API call gets that answer.
struct DeviceGuard: RouterMiddleware {
  typealias Context = ServeContext
  var library: Library
  /// Whether pairing is required of the network's requests.
  var isOn: Bool
  /// Where the device's lookup runs.
  var blocking: BlockingPool

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard isOn, !context.isFromLoopback else { return try await next(request, context) }
    let secret = Self.cookie(Self.cookieName(for: request), in: request)
    if let secret,
      let device = try await blocking.run({ [library] in try library.pairedDevice(presenting: secret) })
    {
      var context = context
      context.device = device.name
      return try await next(request, context)
    }
    let path = request.uri.path
    if request.method == .get || request.method == .head, PairingPage.isFile(path) {
      return try await next(request, context)
    }
    if request.method == .post, path == "/api/pair" { return try await next(request, context) }
    var response: Response
    if request.method == .get || request.method == .head, path == "/" {
      response = PairingPage.response(status: .ok, revoked: secret != nil)
    } else if path.hasPrefix("/api/") {
      response = Reply.error(
        .unauthorized,
        "This device is not paired: open the pairing link `faver serve --lan` printed (it ends in #pair=…), or send its code to POST /api/pair."
      )
    } else {
      response = PairingPage.response(status: .unauthorized, revoked: secret != nil)
    }
    if secret != nil, let deviceHeader = Self.deviceHeader, let clearSiteData = Self.clearSiteData {
      response.headers[deviceHeader] = "revoked"
      response.headers[clearSiteData] = #""cache", "storage""#
    }
    return response
  }

  /// Says a device cookie was shown that no paired device holds.
  static let deviceHeader = HTTPField.Name("Faver-Device")
  static let clearSiteData = HTTPField.Name("Clear-Site-Data")

  /// The device cookie's name: one per port, as the session's.
  static func cookieName(for request: Request) -> String {
    let port = request.head.authority.flatMap { RequestHost($0)?.port } ?? 80
    return "faver-device-\(port)"
  }

  /// The value of the cookie `name`, when the request sends it.
  static func cookie(_ name: String, in request: Request) -> String? {
    for field in request.headers[values: .cookie] {
      for cookie in field.split(separator: ";") {
        let pair = cookie.split(separator: "=", maxSplits: 1)
        if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == name {
          return pair[1].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return nil
  }
}
