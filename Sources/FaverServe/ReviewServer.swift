public import FaverKit
public import Foundation
public import Hummingbird
import Logging
import NIOCore

/// `faver serve`: the review page and its JSON API, on one address of this machine, for as long
/// as it runs (Ctrl-C or SIGTERM stop it cleanly). It reads and writes the store through
/// `Library` only, so the CLI and a `refresh` from cron can run beside it.
public struct ReviewServer: Sendable {
  public var library: Library
  /// The address to listen on: `127.0.0.1` unless the person chose another.
  public var host: String
  /// 0 picks a free port.
  public var port: Int
  public var previews: any PreviewSource

  public init(library: Library, host: String = "127.0.0.1", port: Int = 8080, previews: any PreviewSource) {
    self.library = library
    self.host = host
    self.port = port
    self.previews = previews
  }

  /// The routes: the page, then the API, behind the local-only guard.
  /// Whether the page (HTML, script, style) is beside faver to be served; a binary copied
  /// without its `faver_FaverServe.resources` folder has only the API.
  public static var hasPage: Bool { PageFiles.isPresent }

  public func router() -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: ErrorReplies())
    router.add(middleware: LocalRequestGuard())
    PageFiles.add(to: router)
    ReviewAPI(library: library, previews: previews).add(to: router)
    return router
  }

  /// The application, ready to run; `onReady` gets the page's address once the port is bound.
  public func application(onReady: @escaping @Sendable (URL) -> Void = { _ in }) -> some ApplicationProtocol {
    var logger = Logger(label: "faver.serve")
    logger.logLevel = .warning
    let host = host
    return Application(
      router: router(),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "faver"),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        let name = host.contains(":") ? "[\(host)]" : host
        if let url = URL(string: "http://\(name):\(port)/") { onReady(url) }
      },
      logger: logger)
  }

  /// Serves until the process is asked to stop (SIGINT, SIGTERM); in-flight requests finish.
  public func run(onReady: @escaping @Sendable (URL) -> Void = { _ in }) async throws {
    try await application(onReady: onReady).runService()
  }
}
