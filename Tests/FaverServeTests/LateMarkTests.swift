import FaverKit
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
