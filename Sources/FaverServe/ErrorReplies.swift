import FaverKit
import Hummingbird

/// Turns every error a route throws into the API's error object (`{"error": "…"}`), with a
/// sentence a person can act on.
struct ErrorReplies<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status != .contentTooLarge {
      return Reply.error(error.status, error.body ?? error.status.reasonPhrase)
    } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
      return Reply.error(
        .contentTooLarge,
        "The request body is larger than the \(LocalRequestGuard<Context>.bodyLimit / 1024) KiB this server takes; send less."
      )
    } catch let error as LibraryError {
      switch error {
      case .noStore, .busy: return Reply.error(.serviceUnavailable, error.description)
      case .unknownAssets: return Reply.error(.notFound, error.description)
      default: return Reply.error(.internalServerError, error.description)
      }
    } catch {
      return Reply.error(.internalServerError, "\(error)")
    }
  }
}
