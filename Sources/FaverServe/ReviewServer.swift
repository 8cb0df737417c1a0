public import FaverKit
public import Foundation
public import Hummingbird
import Logging
import NIOCore

/// `faver serve`: the review page and its JSON API, on one address of this machine, for as long
/// as it runs (Ctrl-C or SIGTERM stop it cleanly). It reads and writes the store through
/// `Library` only, so the CLI and a `refresh` from cron can run beside it. Only a client that
/// shows the store's secret (`Session`) reaches anything but the page's own files.
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

  /// The routes: the page, the trade of the secret for a cookie, then the API; behind the
  /// security headers, the local-only guard and the session guard, in that order (a middleware
  /// covers the routes added after it).
  public func router() -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: SecurityHeaders())
    router.add(middleware: ErrorReplies())
    router.add(middleware: LocalRequestGuard())
    let session = Session(secret: secret)
    router.add(middleware: SessionGuard(session: session))
    PageFiles.add(to: router)
    session.add(to: router)
    ReviewAPI(library: library, previews: previews).add(to: router)
    return router
  }

  /// The page's address on `port`, with the secret in its fragment: what a person opens.
  public func pageURL(port: Int) -> URL? {
    let name = host.contains(":") ? "[\(host)]" : host
    return URL(string: "http://\(name):\(port)/#token=\(secret.value)")
  }

  /// The application, ready to run; `onReady` gets the page's address (`pageURL`) once the port
  /// is bound.
  public func application(onReady: @escaping @Sendable (URL) -> Void = { _ in }) -> some ApplicationProtocol {
    var logger = Logger(label: "faver.serve")
    logger.logLevel = .warning
    let server = self
    let seconds = idleTimeout.components.seconds
    return Application(
      router: router(),
      server: .http1(configuration: .init(idleTimeout: .seconds(seconds))),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "faver"),
      onServerRunning: { channel in
        if let url = server.pageURL(port: channel.localAddress?.port ?? 0) { onReady(url) }
      },
      logger: logger)
  }

  /// Serves until the process is asked to stop (SIGINT, SIGTERM); in-flight requests finish. A
  /// port that cannot be had throws a `ServeError` that says why.
  public func run(onReady: @escaping @Sendable (URL) -> Void = { _ in }) async throws {
    do {
      try await application(onReady: onReady).runService()
    } catch {
      throw ServeError(listening: error, host: host, port: port) ?? error
    }
  }
}
