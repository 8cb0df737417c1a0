import Foundation
import HTTPTypes
import Hummingbird

/// How a client shows it is the person's, as Jupyter does: `faver serve` prints the page's address
/// with the store's secret in its fragment (`#token=SECRET`, never sent in a request line or a
/// `Referer`); the page trades it once, `POST /api/session` `{"token": SECRET}`, for an
/// `HttpOnly; SameSite=Strict` cookie that the browser then sends with every request of the page
/// (its previews and videos too). A script sends `Authorization: Bearer SECRET` instead.
struct Session: Sendable {
  var secret: ServeSecret

  /// `POST /api/session`'s body.
  struct TradeRequest: Decodable {
    var token: String
  }

  /// The cookie's name: one per port, so that two servers on this machine (two stores) keep
  /// their cookies apart.
  static func cookieName(for request: Request) -> String {
    let port = request.head.authority.flatMap { RequestHost($0)?.port } ?? 80
    return "faver-session-\(port)"
  }

  /// Whether `request` shows the secret: as a bearer token, or as the page's cookie.
  func admits(_ request: Request) -> Bool {
    for value in request.headers[values: .authorization] {
      let parts = value.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer",
        secret.matches(parts[1].trimmingCharacters(in: .whitespaces))
      {
        return true
      }
    }
    let name = Self.cookieName(for: request)
    for field in request.headers[values: .cookie] {
      for cookie in field.split(separator: ";") {
        let pair = cookie.split(separator: "=", maxSplits: 1)
        if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == name,
          secret.matches(pair[1].trimmingCharacters(in: .whitespaces))
        {
          return true
        }
      }
    }
    return false
  }

  func add(to router: Router<some RequestContext>) {
    router.post("api/session") { request, context in try await trade(request, context: context) }
  }

  /// `POST /api/session` `{"token": SECRET}`: `204` with the cookie when the token is the secret,
  /// else `401`.
  func trade(_ request: Request, context: some RequestContext) async throws -> Response {
    var request = request
    let buffer = try await request.collectBody(upTo: LocalRequestGuard<BasicRequestContext>.bodyLimit)
    guard let body = try? JSONDecoder().decode(TradeRequest.self, from: Data(buffer.readableBytesView)),
      secret.matches(body.token)
    else { return Self.unauthorized }
    return Response(
      status: .noContent,
      headers: [
        .setCookie: "\(Self.cookieName(for: request))=\(secret.value); HttpOnly; SameSite=Strict; Path=/",
        .cacheControl: "no-store",
      ])
  }

  /// What a request without the secret gets: a sentence, nothing of the library.
  static var unauthorized: Response {
    var response = Reply.error(
      .unauthorized,
      "Open the address `faver serve` printed (it ends in #token=…); scripts send Authorization: Bearer with that token."
    )
    response.headers[.wwwAuthenticate] = #"Bearer realm="faver""#
    return response
  }
}

/// Lets through only requests that show the secret (`Session.admits`) or come from a paired
/// device (`DeviceGuard` found it), except the page's own files (`/`, `/page/…`: no library data
/// in them) and the trades of the secret and of a pairing code for a cookie.
struct SessionGuard: RouterMiddleware {
  typealias Context = ServeContext
  var session: Session

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard Self.isOpen(request) || context.device != nil || session.admits(request) else {
      return Session.unauthorized
    }
    return try await next(request, context)
  }

  /// The page's files and the pairing page's, `POST /api/session` and `POST /api/pair`.
  static func isOpen(_ request: Request) -> Bool {
    if request.method == .post {
      return request.uri.path == "/api/session" || request.uri.path == "/api/pair"
    }
    return PageFiles.isRequested(by: request) || PairingPage.isFile(request.uri.path)
  }
}
