import FaverKit
import Foundation
import HTTPTypes
import Hummingbird

/// A mark sent with the time it was made (`"at"`, ISO 8601, as JavaScript's `toISOString()`):
/// an asset marked after that time elsewhere keeps its newer mark; the answer is then the asset
/// as it stands, with the header `Faver-Mark: superseded`. A late mark follows an edit in place
/// (`Library.lateMark`); one for a photo deleted is answered 410 Gone.
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

  /// The header that names the id a mark was sent for when it followed an edit in place: the
  /// answer is the photo that took its place, with its own id.
  static let formerHeader = HTTPField.Name("Faver-Former-Id")

  /// Sets `id` to `state`, as of `madeAt` when given (else now, and only `id` itself); nil when
  /// neither `id` nor (for a late mark) a photo that took its place by an edit is indexed.
  static func mark(_ id: AssetID, to state: ReviewState, madeAt: Date?, in library: Library) throws
    -> (asset: Asset, late: Library.LateMark)?
  {
    let late: Library.LateMark
    if let madeAt {
      guard let landed = try library.lateMark(id, to: state, markedAt: madeAt) else { return nil }
      late = landed
    } else {
      do { try library.setState([id], to: state) } catch LibraryError.unknownAssets { return nil }
      late = Library.LateMark(id: id, former: nil, superseded: false)
    }
    guard let asset = try library.asset(late.id) else { return nil }
    return (asset, late)
  }

  /// The answer to a mark: the asset as it stands, flagged `Faver-Mark: superseded` when a newer
  /// mark was kept, and `Faver-Former-Id` when it followed an edit.
  static func reply(_ asset: Asset, _ late: Library.LateMark) throws -> Response {
    var response = try Reply.json(AssetListing(asset))
    if late.superseded, let header { response.headers[header] = "superseded" }
    if let former = late.former, let formerHeader { response.headers[formerHeader] = former.rawValue }
    return response
  }

  /// A late mark for a photo no longer in the library, and no photo edited in its place: 410.
  static func gone(_ id: String) -> Response {
    Reply.error(
      .gone,
      "No photo in the library has the id \(id) any more, and none took its place: it was deleted or moved "
        + "out of the indexed folders. The mark was not saved.")
  }
}
