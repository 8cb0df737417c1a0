import FaverKit
import FaverServe
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The width and height in a JPEG's frame header (SOF0–SOF2).
private func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
  var at = 2
  while at + 9 < bytes.count, bytes[at] == 0xFF {
    let marker = bytes[at + 1]
    let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    if (0xC0...0xC2).contains(marker) {
      return (Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]), Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]))
    }
    at += 2 + length
  }
  return nil
}

/// `faver serve`'s previews: the Live Photo's HEIC still, which the stand-in showed as an 8 × 8
/// grey square, is a real JPEG of the size asked, the same bytes from the cache the second time.
@Test func theServerServesFaversOwnPreviews() async throws {
  let workspace = try ServeWorkspace(video: true)
  try await workspace.withClient(previews: LibraryPreviews(library: workspace.library)) { client in
    let assets = try await allAssets(client)
    let live = try #require(assets.first { $0["companion"] is [String: Any] })
    let id = try #require(live["id"] as? String)
    var first: [UInt8] = []
    try await client.execute(uri: "/api/assets/\(id)/preview?size=64", method: .get) { response in
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/jpeg")
      first = Array(response.body.readableBytesView)
    }
    let size = try #require(jpegSize(first))
    #expect(max(size.width, size.height) == 64)
    try await client.execute(uri: "/api/assets/\(id)/preview?size=64", method: .get) { response in
      #expect(Array(response.body.readableBytesView) == first)
    }
  }
}
