import Foundation
import Hummingbird

/// A whole file, or the byte range a `Range` header asks for (what a video element seeks with).
enum FileReply {
  static func file(at path: String, request: Request, context: some RequestContext) async throws -> Response {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = (attributes[.size] as? NSNumber)?.intValue
    else {
      return Reply.error(.notFound, "The file is no longer where it was indexed; run `faver refresh`.")
    }
    var headers: HTTPFields = [
      .contentType: contentType(of: path), .acceptRanges: "bytes", .cacheControl: "private, max-age=3600",
    ]
    guard let header = request.headers[.range] else {
      let body = try await FileIO().loadFile(path: path, context: context)
      headers[.contentLength] = String(size)
      return Response(status: .ok, headers: headers, body: body)
    }
    guard let range = ByteRange(header: header, size: size) else {
      headers[.contentRange] = "bytes */\(size)"
      return Response(status: .rangeNotSatisfiable, headers: headers)
    }
    headers[.contentRange] = "bytes \(range.bounds.lowerBound)-\(range.bounds.upperBound)/\(size)"
    headers[.contentLength] = String(range.bounds.count)
    let body = try await FileIO().loadFile(path: path, range: range.bounds, context: context)
    return Response(status: .partialContent, headers: headers, body: body)
  }

  /// The content type a browser needs to play or show the file, by its name.
  static func contentType(of path: String) -> String {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "mp4", "m4v": "video/mp4"
    case "mov", "qt": "video/quicktime"
    case "webm": "video/webm"
    case "jpg", "jpeg": "image/jpeg"
    case "png": "image/png"
    case "heic", "heif": "image/heic"
    default: "application/octet-stream"
    }
  }
}

/// One range of bytes of a file of `size` bytes, as a `Range: bytes=…` header asks
/// (`bytes=0-99`, `bytes=100-`, `bytes=-100`); several ranges are answered with the first.
struct ByteRange: Equatable {
  var bounds: ClosedRange<Int>

  init?(header: String, size: Int) {
    guard header.hasPrefix("bytes="), size > 0 else { return nil }
    let first = header.dropFirst(6).split(separator: ",").first ?? ""
    let parts = first.trimmingCharacters(in: .whitespaces).split(
      separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    switch (Int(parts[0]), Int(parts[1])) {
    case (let start?, let end?) where start <= end && start < size: bounds = start...min(end, size - 1)
    case (let start?, nil) where parts[1].isEmpty && start < size: bounds = start...(size - 1)
    case (nil, let suffix?) where parts[0].isEmpty && suffix > 0: bounds = max(0, size - suffix)...(size - 1)
    default: return nil
    }
  }
}
