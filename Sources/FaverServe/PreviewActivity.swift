import Hummingbird
import Synchronization

/// Whether the page is waiting for a photo: how many preview and video requests are being
/// answered, and when the last one ended. Background work (`BackgroundAnalysis`) runs only once
/// none has been in flight for a while, so a person never waits behind it.
public final class PreviewActivity: Sendable {
  private let state = Mutex(State())

  private struct State {
    var inFlight = 0
    var lastEnded = ContinuousClock.now
  }

  public init() {}

  /// A preview or video request started.
  public func begin() { state.withLock { $0.inFlight += 1 } }

  /// A preview or video request ended (answered, failed or dropped).
  public func end() {
    state.withLock { state in
      state.inFlight = max(0, state.inFlight - 1)
      state.lastEnded = .now
    }
  }

  /// How many preview and video requests are being answered now.
  public var inFlight: Int { state.withLock { $0.inFlight } }

  /// Whether no request is in flight and the last one ended at least `quiet` ago.
  public func isQuiet(for quiet: Duration) -> Bool {
    state.withLock { $0.inFlight == 0 && ContinuousClock.now - $0.lastEnded >= quiet }
  }

  /// Whether `path` asks for a photo the page waits for: `/api/assets/{id}/preview` or `/video`.
  static func isPhoto(_ path: String) -> Bool {
    let parts = path.split(separator: "/")
    return parts.count == 4 && parts[0] == "api" && parts[1] == "assets"
      && (parts[3] == "preview" || parts[3] == "video")
  }
}

/// Counts the preview and video requests in `PreviewActivity` while they are answered.
struct PreviewActivityMiddleware<Context: RequestContext>: RouterMiddleware {
  let activity: PreviewActivity

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard PreviewActivity.isPhoto(request.uri.path) else { return try await next(request, context) }
    activity.begin()
    defer { activity.end() }
    return try await next(request, context)
  }
}
