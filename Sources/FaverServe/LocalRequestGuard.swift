import HTTPTypes
import Hummingbird

/// Keeps the server the person's own, before anything else looks at a request:
/// - its `Host` is one local name parsed strictly (`RequestHost`), sent once: a page on a DNS name
///   that rebinds to this machine, or a request that names two hosts, is refused;
/// - it does not come from another site: `Sec-Fetch-Site` (which browsers send) is `same-origin`
///   or `none` (an address typed or opened), and `Origin`, when sent, is this server's, for reads
///   as for changes; only the page's own files (no library data in them, framed by no one) may be
///   opened from elsewhere, a link or `--open`'s redirect;
/// - a change (`POST`) sends JSON (`Content-Type: application/json`, which a form on another site
///   cannot send without the browser asking first);
/// - its body is at most `bodyLimit` bytes, else 413 (the JSON routes read no more either).
struct LocalRequestGuard<Context: RequestContext>: RouterMiddleware {
  /// The largest request body: 64 KiB, many times what any route takes.
  static var bodyLimit: Int { 64 * 1024 }
  /// `https` when the server speaks HTTPS: the scheme of its own `Origin`.
  var scheme = "http"
  /// Under HTTPS, the DNS names of the server's certificate (`TLSFiles.dnsNames`), which `Host`
  /// may give besides a local host: a page on another name cannot get past the certificate.
  var certifiedNames: Set<String> = []

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    // NIO keeps the first `Host` as the authority and a second one as an ordinary field.
    guard let authority = request.head.authority,
      RequestHost(authority) != nil || Self.isCertified(authority, names: certifiedNames),
      request.headers.values(named: "host").isEmpty
    else {
      return Reply.error(
        .forbidden,
        "This server answers only to localhost or an IP address in the Host header; open the address `faver serve` printed."
      )
    }
    let site = request.headers.values(named: "sec-fetch-site")
    let origins = request.headers[values: .origin]
    guard
      PageFiles.isRequested(by: request)
        || (site.allSatisfy { $0 == "same-origin" || $0 == "none" }
          && origins.allSatisfy { Self.isSameOrigin($0, host: authority, scheme: scheme) })
    else {
      return Reply.error(
        .forbidden, "This server answers only its own page; open the address `faver serve` printed.")
    }
    if let length = request.headers[.contentLength], (Int(length) ?? .max) > Self.bodyLimit {
      throw HTTPError(.contentTooLarge)
    }
    if request.method != .get && request.method != .head {
      let type = request.headers[.contentType]?.lowercased() ?? ""
      guard type.hasPrefix("application/json") else {
        return Reply.error(
          .unsupportedMediaType, "Send the request body as JSON (Content-Type: application/json).")
      }
    }
    return try await next(request, context)
  }

  /// Whether `authority` is one of `names`, then nothing or `:` and a port of 1–5 digits.
  static func isCertified(_ authority: String, names: Set<String>) -> Bool {
    let parts = authority.lowercased().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard let name = parts.first, names.contains(String(name)) else { return false }
    guard parts.count == 2 else { return true }
    return (1...5).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Whether the `Origin` header names this server as the request's `Host` does.
  static func isSameOrigin(_ origin: String, host: String, scheme: String = "http") -> Bool {
    origin.lowercased() == scheme + "://" + host.lowercased()
  }
}

extension HTTPFields {
  /// The values of the field whose lowercase name is `canonicalName`, however it was spelled:
  /// for the fields HTTPTypes has no name for (`Sec-Fetch-Site`).
  func values(named canonicalName: String) -> [String] {
    filter { $0.name.canonicalName == canonicalName }.map(\.value)
  }
}
