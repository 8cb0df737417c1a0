import FaverKit
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FaverServe

/// A video swapped for a link to a file outside the library after indexing, or replaced by
/// another file, is not served (nor is a photo's preview): 404 with what to do. The link is
/// never followed, also after a refresh that has not yet read the new file.
@Test func aFileSwappedForALinkAfterIndexingIsNotServed() async throws {
  let workspace = try ServeWorkspace(video: true)
  let outside = try TemporaryTree()
  try outside.write("secret.txt", Array("not a photo of the library".utf8))
  let target = outside.root.appendingPathComponent("secret.txt").path
  try await workspace.withClient { client in
    let assets = try await allAssets(client)
    let video = try #require(assets.first { $0["kind"] as? String == "video" })
    let id = try #require(video["id"] as? String)
    let path = try #require(video["path"] as? String)
    try await client.execute(uri: "/api/assets/\(id)/video", method: .get) { response in
      #expect(response.status == .ok)
    }
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(
      atPath: path, withDestinationPath: target)
    for range: HTTPFields in [[:], [.range: "bytes=0-9"]] {
      try await client.execute(uri: "/api/assets/\(id)/video", method: .get, headers: range) { response in
        #expect(response.status == .notFound)
        let text = String(buffer: response.body)
        #expect(text.contains("faver refresh"), "\(text)")
        #expect(!text.contains("not a photo"))
      }
    }
    // A photo replaced by another file (same name, new inode): no preview of it.
    let photo = try #require(assets.first { ($0["path"] as? String)?.hasSuffix("IMG_0001.jpg") == true })
    let photoPath = try #require(photo["path"] as? String)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: photoPath))
    try FileManager.default.removeItem(atPath: photoPath)
    try FileManager.default.createSymbolicLink(
      atPath: photoPath, withDestinationPath: target)
    try await client.execute(uri: "/api/assets/\(try #require(photo["id"] as? String))/preview", method: .get)
    {
      response in
      #expect(response.status == .notFound)
      #expect(!String(buffer: response.body).contains("not a photo"))
    }
    try FileManager.default.removeItem(atPath: photoPath)
    try bytes.write(to: URL(fileURLWithPath: photoPath))
    try await client.execute(uri: "/api/assets/\(try #require(photo["id"] as? String))/preview", method: .get)
    {
      response in
      #expect(response.status == .notFound)  // another inode than the one indexed
    }
    _ = try workspace.library.refresh()
    try await client.execute(uri: "/api/assets/\(try #require(photo["id"] as? String))/preview", method: .get)
    {
      response in
      #expect(response.status == .ok)  // read again by the refresh: served
    }
    try await client.execute(uri: "/api/assets/\(id)/video", method: .get) { response in
      #expect(response.status == .notFound)
      #expect(!String(buffer: response.body).contains("not a photo"))
    }
  }
  withExtendedLifetime(outside) {}
}
