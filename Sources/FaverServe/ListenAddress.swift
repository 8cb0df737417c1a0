import NIOCore

/// The address `faver serve --listen` names: an IPv4 or IPv6 address, or `localhost`; no port
/// (that is `--port`), no DNS name.
public struct ListenAddress: Equatable, Sendable {
  /// As given, without brackets: `127.0.0.1`, `::1`, `localhost`.
  public var host: String
  /// Whether only this machine can reach it: `localhost`, 127.0.0.0/8, `::1` (and ::ffff:127.x).
  public var isLoopback: Bool

  public init(_ text: String) throws {
    var host = text
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host.lowercased() == "localhost" {
      self.host = "localhost"
      isLoopback = true
      return
    }
    guard let address = try? SocketAddress(ipAddress: host, port: 0) else {
      throw ServeError.notAnAddress(text)
    }
    self.host = host
    switch address {
    case .v4:
      isLoopback = host.split(separator: ".").first == "127"
    case .v6:
      let normal = address.ipAddress?.lowercased() ?? ""
      isLoopback = normal == "::1" || normal.hasPrefix("::ffff:127.")
    default:
      isLoopback = false
    }
  }
}
