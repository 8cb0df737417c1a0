import FaverTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import FaverServe

/// A moment's assets carry its similar groups (a burst is one, before any signal is read), and
/// the place of the review the group of the photo on screen: what the page draws a stop from.
@Test func aMomentAndTheReviewPlaceCarryTheGroups() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let first = try #require(
      (try await client.json("/api/moments?limit=1")["moments"] as? [[String: Any]])?.first)
    let moment = try await client.json("/api/moments/\(try #require(first["id"] as? String))/assets")
    let burst = try #require((moment["bursts"] as? [[String: Any]])?.first?["assets"] as? [String])
    #expect(burst.count == 3)
    let groups = try #require(moment["groups"] as? [[String: Any]])
    // The morning's burst of three is its one group; the photo of its own is in none.
    #expect(groups.count == 1)
    #expect(groups.first?["assetIds"] as? [String] == burst)
    #expect(groups.first?["id"] as? String == "b-" + burst[0])
    #expect(groups.first?["suggested"] is NSNull)  // no signals read: nothing suggested yet
    #expect(groups.first?["reason"] is NSNull)
    let place = try await client.json("/api/review")
    #expect((place["asset"] as? [String: Any])?["id"] as? String == burst[0])
    #expect((place["group"] as? [String: Any])?["assetIds"] as? [String] == burst)
    let alone = try #require((moment["assets"] as? [[String: Any]])?.last?["id"] as? String)
    #expect(!burst.contains(alone))
    let (status, _) = try await client.post("/api/cursor", #"{"id": "\#(alone)"}"#)
    #expect(status == .noContent)
    #expect(try await client.json("/api/review")["group"] is NSNull)
  }
}
