public import Hummingbird
public import NIOCore

/// The request context of `faver serve`: Hummingbird's basics, the peer's address (to tell this
/// machine from the network) and the paired device the request came from, once `DeviceGuard`
/// found it.
public struct ServeContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The peer; nil when unknown (a request not from a socket), which counts as the network's.
  public let remoteAddress: SocketAddress?
  /// The name of the paired device that sent the request; nil for this machine's page and scripts.
  public var device: String?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }

  /// Whether the peer is this machine: 127.0.0.0/8, `::1` or `::ffff:127.x.x.x`. An unknown
  /// peer is not.
  public var isFromLoopback: Bool { Self.isLoopback(remoteAddress) }

  static func isLoopback(_ address: SocketAddress?) -> Bool {
    guard let address, let ip = address.ipAddress?.lowercased() else { return false }
    switch address {
    case .v4: return ip.hasPrefix("127.")
    case .v6: return ip == "::1" || ip.hasPrefix("::ffff:127.")
    default: return false
    }
  }
}
