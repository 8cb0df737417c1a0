import Foundation
import Hummingbird

/// The responses the API builds: JSON (sorted keys) or an error object.
enum Reply {
  static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let data = try API.encoder.encode(value)
    return Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// The JSON `null`: `GET /api/next` when nothing is left.
  static var null: Response {
    Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: "null")))
  }

  static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
    let data = (try? API.encoder.encode(API.ErrorObject(error: message))) ?? Data()
    return Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}
