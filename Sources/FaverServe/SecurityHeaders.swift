import HTTPTypes
import Hummingbird

/// The headers every response carries, errors included: no type sniffing, a content security
/// policy that lets the page load only faver's own script (its files, and `boot.js` written into
/// `index.html`, by its hash), style, images and videos (`blob:`: the previews it took along, kept
/// in the browser) and be framed by no one (`PageFiles.contentSecurityPolicy`), no `Referer` sent
/// anywhere, and no use of a response by another origin.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    var response = try await next(request, context)
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.contentSecurityPolicy] = PageFiles.contentSecurityPolicy
    response.headers[.crossOriginResourcePolicy] = "same-origin"
    if let name = HTTPField.Name("Referrer-Policy") { response.headers[name] = "no-referrer" }
    return response
  }
}
