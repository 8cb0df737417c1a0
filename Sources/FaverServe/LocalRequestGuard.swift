import Hummingbird

/// Keeps the server the person's own: a request must name the server by `localhost` or an IP
/// address in its `Host` (a page on a DNS name that rebinds to 127.0.0.1 is refused), and a
/// request that changes something must send JSON (`Content-Type: application/json`, which a form
/// on another site cannot send without the browser asking first) from no other origin.
struct LocalRequestGuard<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard let host = request.head.authority, Self.isLocalName(host) else {
      return Reply.error(
        .forbidden,
        "This server answers only to localhost or an IP address in the Host header; open the address `faver serve` printed."
      )
    }
    if request.method != .get && request.method != .head {
      let type = request.headers[.contentType]?.lowercased() ?? ""
      guard type.hasPrefix("application/json") else {
        return Reply.error(
          .unsupportedMediaType, "Send the request body as JSON (Content-Type: application/json).")
      }
      if let origin = request.headers[.origin], !Self.isSameOrigin(origin, host: host) {
        return Reply.error(.forbidden, "Changes are accepted only from the page this server serves.")
      }
    }
    return try await next(request, context)
  }

  /// Whether `authority` (`host[:port]`) names `localhost` or an IP address: no DNS name, so no
  /// DNS rebinding can reach the server.
  static func isLocalName(_ authority: String) -> Bool {
    let host = hostPart(of: authority).lowercased()
    if host == "localhost" { return true }
    if host.hasPrefix("[") && host.hasSuffix("]") {
      return host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { part in UInt8(part).map { _ in part.count <= 3 } ?? false }
  }

  /// Whether the `Origin` header names this server as the request's `Host` does.
  static func isSameOrigin(_ origin: String, host: String) -> Bool {
    origin.lowercased() == "http://" + host.lowercased()
  }

  /// `authority` without its port: `127.0.0.1:80` → `127.0.0.1`, `[::1]:80` → `[::1]`.
  private static func hostPart(of authority: String) -> Substring {
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      return authority[...close]
    }
    return authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
  }
}
