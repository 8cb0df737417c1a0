import FaverKit
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A mark with the time it was made, as a phone back online sends it.
private func markLate(
  _ client: some TestClientProtocol, _ id: String, _ state: String, at: Date
) async throws -> (status: HTTPResponse.Status, superseded: Bool, asset: [String: Any]) {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  return try await client.execute(
    uri: "/api/assets/\(id)/mark", method: .post, headers: [.contentType: "application/json"],
    body: ByteBuffer(string: #"{"state": "\#(state)", "at": "\#(formatter.string(from: at))"}"#)
  ) { response in
    let asset =
      (try? JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8))) as? [String: Any]
      ?? [:]
    return (response.status, response.headers[HTTPField.Name("Faver-Mark")!] == "superseded", asset)
  }
}

@Test func aMarkSentLateNeverOverwritesANewerOne() async throws {
  let workspace = try ServeWorkspace()
  let library = workspace.library
  try await workspace.withClient { client in
    let ids = try await allIDs(client)
    let hourAgo = Date().addingTimeInterval(-3600)
    // Made in the CLI after the phone's favorite: the reject stays, the favorite is superseded.
    try library.setState([AssetID(rawValue: ids[0])], to: .rejected)
    let superseded = try await markLate(client, ids[0], "favorite", at: hourAgo)
    #expect(superseded.status == .ok)
    #expect(superseded.superseded)
    #expect(superseded.asset["rejected"] as? Bool == true)
    #expect(superseded.asset["favorite"] as? Bool == false)
    // An undo in the CLI (the row is gone) is a newer mark too.
    try library.setState([AssetID(rawValue: ids[1])], to: .favorite)
    try library.setState([AssetID(rawValue: ids[1])], to: .unreviewed)
    let afterUndo = try await markLate(client, ids[1], "rejected", at: hourAgo)
    #expect(afterUndo.superseded)
    #expect(afterUndo.asset["reviewed"] as? Bool == false)
    // No newer mark: the late one is kept, in order (a favorite, then its undo to reviewed).
    let kept = try await markLate(client, ids[2], "favorite", at: hourAgo)
    #expect(!kept.superseded)
    #expect(kept.asset["favorite"] as? Bool == true)
    let undone = try await markLate(client, ids[2], "reviewed", at: hourAgo.addingTimeInterval(5))
    #expect(!undone.superseded)
    #expect(undone.asset["favorite"] as? Bool == false)
    #expect(undone.asset["reviewed"] as? Bool == true)
    // An older one than that, sent after it, is superseded.
    #expect(try await markLate(client, ids[2], "rejected", at: hourAgo.addingTimeInterval(1)).superseded)
    // A time in the future (a clock ahead) counts as now: it does not hold off the marks after it.
    let ahead = try await markLate(client, ids[3], "favorite", at: Date().addingTimeInterval(86400))
    #expect(!ahead.superseded)
    let next = try await markLate(client, ids[3], "rejected", at: Date())
    #expect(!next.superseded)
    #expect(next.asset["rejected"] as? Bool == true)
    // A mark without a time is made now, as before.
    let now = try await client.post("/api/assets/\(ids[4])/mark", #"{"state": "favorite"}"#)
    #expect(now.status == .ok)
    let bad = try await client.post(
      "/api/assets/\(ids[4])/mark", #"{"state": "favorite", "at": "yesterday"}"#)
    #expect(bad.status == .badRequest)
  }
  #expect(try library.favorites().count == 1)
}

/// The id of the asset at `path` (below the root), as the API lists it now.
private func id(of path: String, _ client: some TestClientProtocol) async throws -> String? {
  try await allAssets(client).first { ($0["path"] as? String)?.hasSuffix("/" + path) == true }?["id"]
    as? String
}

@Test func aLateMarkFollowsAPhotoEditedInPlaceAndSaysWhenItsPhotoIsGone() async throws {
  let workspace = try ServeWorkspace()
  let library = workspace.library
  /// The photo at `name` written again with other bytes and the same capture time (as a tool
  /// that writes a rating does), then the library indexed again.
  @Sendable func edit(_ name: String, scanBytes: Int) throws {
    var builder = ExifBuilder()
    builder.original(ServeWorkspace.shots.first { $0.name == name }?.taken ?? "", offset: "+02:00")
    try workspace.tree.write(name, builder.jpeg(scanBytes: scanBytes))
    _ = try library.index([workspace.tree.path])
  }
  try await workspace.withClient { client in
    let hourAgo = Date().addingTimeInterval(-3600)
    let edited = try #require(try await id(of: "day1/IMG_0004.jpg", client))
    let rejectedHere = try #require(try await id(of: "day1/IMG_0001.jpg", client))
    let deleted = try #require(try await id(of: "day2/IMG_0011.jpg", client))
    // Marked here after the phone's mark, before its photo was edited: the newer mark still wins.
    try library.setState([AssetID(rawValue: rejectedHere)], to: .rejected)
    // Edited twice before the phone is back: the mark follows both edits.
    try edit("day1/IMG_0004.jpg", scanBytes: 80)
    try edit("day1/IMG_0004.jpg", scanBytes: 96)
    try edit("day1/IMG_0001.jpg", scanBytes: 80)
    try FileManager.default.removeItem(atPath: workspace.tree.path + "/day2/IMG_0011.jpg")
    _ = try library.index([workspace.tree.path])
    let now = try #require(try await id(of: "day1/IMG_0004.jpg", client))
    #expect(now != edited)

    let followed = try await client.execute(
      uri: "/api/assets/\(edited)/mark", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: #"{"state": "favorite", "at": "\#(iso(hourAgo))"}"#)
    ) { response in
      let asset =
        (try? JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8))) as? [String: Any]
      return (response.status, response.headers[HTTPField.Name("Faver-Former-Id")!], asset?["id"] as? String)
    }
    #expect(followed.0 == .ok)
    #expect(followed.1 == edited)
    #expect(followed.2 == now)
    let superseded = try await markLate(client, rejectedHere, "favorite", at: hourAgo)
    #expect(superseded.status == .ok && superseded.superseded)
    #expect(superseded.asset["rejected"] as? Bool == true)

    let gone = try await client.execute(
      uri: "/api/assets/\(deleted)/mark", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: #"{"state": "favorite", "at": "\#(iso(hourAgo))"}"#)
    ) { response in (response.status, String(buffer: response.body)) }
    #expect(gone.0 == .gone)
    #expect(gone.1.contains("No photo in the library has the id \(deleted) any more"))
  }
  // Nothing else changed: the one favorite is the edited photo's, and the reject is kept.
  #expect(try library.favorites().map(\.path) == ["day1/IMG_0004.jpg"])
  #expect(try library.favorites(rejected: true).map(\.path) == ["day1/IMG_0001.jpg"])
}

private func iso(_ date: Date) -> String {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  return formatter.string(from: date)
}
