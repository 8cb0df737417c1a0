import HTTPTypes
import Hummingbird

/// The headers every response carries, errors included: no type sniffing, a content security
/// policy that lets the page load only faver's own script, style, images and videos (`blob:`: the
/// previews it took along, kept in the browser) and be framed by no one, no `Referer` sent anywhere, and no use of a response by another origin.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
  static var contentSecurityPolicy: String {
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self'; script-src 'self'; style-src 'self'; "
      + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    var response = try await next(request, context)
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    response.headers[.crossOriginResourcePolicy] = "same-origin"
    if let name = HTTPField.Name("Referrer-Policy") { response.headers[name] = "no-referrer" }
    return response
  }
}
