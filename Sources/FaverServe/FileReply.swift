import FaverKit
import Foundation
import HTTPTypes
import Hummingbird
import _NIOFileSystem

/// A file the index knows, whole or the byte range a `Range` header asks for (what a video element
/// seeks with), served only while it is still the file indexed: opened without following a
/// symbolic link, a regular file with the device, inode, size and modification time the index
/// recorded. Checked when the request comes and again on the handle the bytes are read from, so
/// a file swapped for a link (to a file outside the library) or replaced after indexing gets 404.
enum FileReply {
  static func file(_ indexed: IndexedFile, request: Request) async throws -> Response {
    guard try await isUnchanged(indexed) else { return changed }
    let size = Int(indexed.size)
    var headers: HTTPFields = [
      .contentType: contentType(of: indexed.path), .acceptRanges: "bytes",
      .cacheControl: "private, max-age=3600",
    ]
    guard let header = request.headers[.range] else {
      headers[.contentLength] = String(size)
      let body = size > 0 ? body(of: indexed, range: 0...(size - 1)) : ResponseBody()
      return Response(status: .ok, headers: headers, body: body)
    }
    guard let range = ByteRange(header: header, size: size) else {
      headers[.contentRange] = "bytes */\(size)"
      return Response(status: .rangeNotSatisfiable, headers: headers)
    }
    headers[.contentRange] = "bytes \(range.bounds.lowerBound)-\(range.bounds.upperBound)/\(size)"
    headers[.contentLength] = String(range.bounds.count)
    return Response(status: .partialContent, headers: headers, body: body(of: indexed, range: range.bounds))
  }

  /// What a file that is no longer the one indexed gets.
  static var changed: Response {
    Reply.error(.notFound, "This file changed since it was indexed; run `faver refresh`.")
  }

  /// Whether the file at `indexed.path` is still the one indexed.
  static func isUnchanged(_ indexed: IndexedFile) async throws -> Bool {
    do {
      return try await FileSystem.shared.withFileHandle(
        forReadingAt: FilePath(indexed.path), options: OpenOptions.Read(followSymbolicLinks: false)
      ) { handle in
        try await isIndexed(handle, indexed)
      }
    } catch is FileSystemError {
      return false
    }
  }

  /// The bytes of `range`, read from a handle checked again to be the file indexed.
  private static func body(of indexed: IndexedFile, range: ClosedRange<Int>) -> ResponseBody {
    ResponseBody(contentLength: range.count) { writer in
      try await FileSystem.shared.withFileHandle(
        forReadingAt: FilePath(indexed.path), options: OpenOptions.Read(followSymbolicLinks: false)
      ) { handle in
        guard try await isIndexed(handle, indexed) else { throw HTTPError(.notFound) }
        let bounds = Int64(range.lowerBound)...Int64(range.upperBound)
        for try await chunk in handle.readChunks(in: bounds, chunkLength: .kibibytes(128)) {
          try await writer.write(chunk)
        }
        try await writer.finish(nil)
      }
    }
  }

  /// Whether `handle` is open on the file the index recorded.
  static func isIndexed(_ handle: ReadFileHandle, _ indexed: IndexedFile) async throws -> Bool {
    try await handle.withUnsafeDescriptor { indexed.isOpened(by: $0.rawValue) }
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
