public import FaverKit
public import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdTLS
public import Logging
import NIOCore

/// `faver serve`: the review page and its JSON API, on one address of this machine, for as long
/// as it runs (Ctrl-C or SIGTERM stop it cleanly). It reads and writes the store through
/// `Library` only, so the CLI and a `refresh` from cron can run beside it. Only a client that
/// shows the store's secret (`Session`) reaches anything but the page's own files; with pairing
/// on, a request from the network must come from a paired device instead (`DeviceGuard`).
public struct ReviewServer: Sendable {
  public var library: Library
  /// The address to listen on: `127.0.0.1` unless the person chose another.
  public var host: String
  /// 0 picks a free port.
  public var port: Int
  public var previews: any PreviewSource
  public var secret: ServeSecret
  /// How long a connection may send nothing before it is closed (none while a reply is sent).
  public var idleTimeout: Duration = .seconds(60)
  /// With pairing (`--lan`), every request from the network must come from a paired device
  /// (`DeviceGuard`); nil on a server only this machine can reach.
  public var pairing: PairingSettings?
  /// The certificate and key of HTTPS (`--tls-cert`, `--tls-key`); nil for plain HTTP.
  public var tls: TLSFiles?
  /// Whether the photos without signals are analyzed while serving (`BackgroundAnalysis`), off
  /// with `serve --no-analyze`.
  public var analyzesInBackground = false
  /// The preview and video requests in flight, which background analysis waits for.
  public let activity = PreviewActivity()
  /// The threads of the requests' blocking work (`BlockingPool.forRequests`), this server's own.
  let blocking = BlockingPool.forRequests()
  /// Where the server's own messages go: warnings only, unless a test asks for more. Pairing
  /// codes and secrets are never in them.
  public var logger: Logger = {
    var logger = Logger(label: "faver.serve")
    logger.logLevel = .warning
    return logger
  }()

  public init(
    library: Library, host: String = "127.0.0.1", port: Int = 8080, previews: any PreviewSource,
    secret: ServeSecret
  ) {
    self.library = library
    self.host = host
    self.port = port
    self.previews = previews
    self.secret = secret
  }

  /// Whether the page (HTML, script, style) is beside faver to be served; a binary copied
  /// without its `faver_FaverServe.resources` folder has only the API.
  public static var hasPage: Bool { PageFiles.isPresent }

  /// The routes: the page, the trade of the secret for a cookie, pairing, then the API; behind
  /// the request log, the security headers, the local-only guard, the device guard and the
  /// session guard, in that order (a middleware covers the routes added after it).
  public func router() -> Router<ServeContext> {
    let router = Router(context: ServeContext.self)
    // Method and path only, at debug: never a header (cookies, tokens) nor a body (codes).
    router.add(middleware: LogRequestsMiddleware(.debug))
    router.add(middleware: SecurityHeaders())
    router.add(middleware: ErrorReplies())
    router.add(
      middleware: LocalRequestGuard(
        scheme: tls == nil ? "http" : "https", certifiedNames: Set(tls?.dnsNames() ?? [])))
    router.add(middleware: DeviceGuard(library: library, isOn: pairing != nil, blocking: blocking))
    let session = Session(secret: secret)
    router.add(middleware: SessionGuard(session: session))
    PageFiles.add(to: router)
    session.add(to: router)
    if let pairing {
      Pairing(library: library, settings: pairing, isSecure: tls != nil, blocking: blocking).add(to: router)
    }
    router.add(middleware: PreviewActivityMiddleware(activity: activity))
    ReviewAPI(library: library, previews: previews, blocking: blocking).add(to: router)
    return router
  }

  /// The page's address on `port`, with the secret in its fragment: what a person opens. On every
  /// address (`0.0.0.0`, `::`), the loopback one.
  public func pageURL(port: Int) -> URL? {
    let local = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
    let name = local.contains(":") ? "[\(local)]" : local
    return URL(string: "\(tls == nil ? "http" : "https")://\(name):\(port)/#token=\(secret.value)")
  }

  /// The link that pairs a device with a new one-time code (`--lan` only: nil without pairing).
  public func newPairingLink(port: Int) -> URL? {
    guard let pairing else { return nil }
    return pairing.link(code: pairing.codes.issue().value, port: port, secure: tls != nil)
  }

  /// The application, ready to run; `onReady` gets the page's address (`pageURL`) once the port
  /// is bound.
  public func application(onReady: @escaping @Sendable (URL) -> Void = { _ in }) throws
    -> some ApplicationProtocol
  {
    let server = self
    let seconds = idleTimeout.components.seconds
    let http1 = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .seconds(seconds)))
    let builder =
      try tls.map { try HTTPServerBuilder.tls(http1, tlsConfiguration: try $0.configuration()) } ?? http1
    return Application(
      router: router(),
      server: builder,
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "faver"),
      onServerRunning: { channel in
        if let url = server.pageURL(port: channel.localAddress?.port ?? 0) { onReady(url) }
      },
      logger: logger)
  }

  /// Serves until the process is asked to stop (SIGINT, SIGTERM); in-flight requests finish, and
  /// the background analysis its batch. A port that cannot be had throws a `ServeError` that says
  /// why.
  public func run(onReady: @escaping @Sendable (URL) -> Void = { _ in }) async throws {
    defer { previews.stopAhead() }
    let analysis = BackgroundAnalysis(library: library, activity: activity, logger: logger)
    let background = analyzesInBackground ? Task(priority: .background) { await analysis.run() } : nil
    do {
      try await ServerThreads.run { try await application(onReady: onReady).runService() }
    } catch {
      background?.cancel()
      await background?.value
      throw ServeError(listening: error, host: host, port: port) ?? error
    }
    background?.cancel()
    await background?.value
  }
}
