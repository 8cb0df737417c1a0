import FaverKit
import Foundation
import HTTPTypes
import Hummingbird

/// A mark sent with the time it was made (`"at"`, ISO 8601, as JavaScript's `toISOString()`):
/// an asset marked after that time elsewhere keeps its newer mark; the answer is then the asset
/// as it stands, with the header `Faver-Mark: superseded`.
enum LateMarkTime {
  static let header = HTTPField.Name("Faver-Mark")

  /// The time in `text`, with or without fractional seconds; a 400 error otherwise.
  static func parse(_ text: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    if let date = formatter.date(from: text) { return date }
    throw HTTPError(.badRequest, message: "at must be an ISO 8601 time, such as 2024-05-12T09:00:00.000Z.")
  }

  /// Sets `id` to `state`, as of `madeAt` when given (else now); whether a newer mark was kept.
  static func setState(_ id: AssetID, to state: ReviewState, madeAt: Date?, in library: Library) throws
    -> Bool
  {
    guard let madeAt else {
      try library.setState([id], to: state)
      return false
    }
    return !(try library.setState([id], to: state, markedAt: madeAt).superseded.isEmpty)
  }

  static func flagging(_ response: Response, superseded: Bool) -> Response {
    guard superseded, let header else { return response }
    var response = response
    response.headers[header] = "superseded"
    return response
  }
}
