import FaverTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// `GET /api/moments?filter=F` lists only the moments holding a favorite, a reject or an asset not
/// yet reviewed (paged as without it), and `GET /api/months` the months they fall in, with the
/// first moment of each, for the browse page's jump bar.
@Test func browseFiltersMomentsByTheirMarksAndGroupsThemByMonth() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let everything = try await client.json("/api/moments?limit=100")
    let moments = try #require(everything["moments"] as? [[String: Any]])
    let ids = moments.compactMap { $0["id"] as? String }
    try #require(ids.count == 2, "two days, two moments: \(ids)")
    let assets = try await client.json("/api/moments/\(ids[0])/assets")
    let first = try #require((assets["assets"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
    let second = try #require(
      (try await client.json("/api/moments/\(ids[1])/assets")["assets"] as? [[String: Any]])?
        .compactMap { $0["id"] as? String })

    func listed(_ filter: String, limit: Int = 100) async throws -> (ids: [String], next: String?) {
      let page = try await client.json("/api/moments?limit=\(limit)&filter=\(filter)")
      return (
        (page["moments"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String },
        page["next"] as? String
      )
    }
    #expect(try await listed("all").ids == ids)
    #expect(try await listed("favorites").ids == [])
    #expect(try await listed("unreviewed").ids == ids)

    _ = try await client.mark(second[1], "favorite")
    _ = try await client.mark(first[0], "rejected")
    for id in first.dropFirst() { _ = try await client.mark(id, "reviewed") }
    #expect(try await listed("favorites").ids == [ids[1]])
    #expect(try await listed("rejected").ids == [ids[0]])
    #expect(try await listed("unreviewed").ids == [ids[1]])
    // Paged: one at a time, the next page after the last one listed.
    let page = try await listed("all", limit: 1)
    #expect(page.ids == [ids[0]] && page.next == ids[0])
    let rest = try await client.json("/api/moments?limit=1&filter=all&after=\(ids[0])")
    #expect((rest["moments"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [ids[1]])

    let months = try #require(try await client.json("/api/months")["months"] as? [[String: Any]])
    #expect(months.count == 1)
    #expect(months.first?["month"] as? String == "2024-05")
    #expect(months.first?["first"] as? String == ids[0])
    #expect(months.first?["moments"] as? Int == 2)
    let favorites = try #require(
      try await client.json("/api/months?filter=favorites")["months"] as? [[String: Any]])
    #expect(favorites.first?["first"] as? String == ids[1])
    #expect(favorites.first?["moments"] as? Int == 1)

    for uri in ["/api/moments?filter=liked", "/api/months?filter=liked"] {
      try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status == .badRequest, "\(uri)")
      }
    }
  }
}

/// `GET /api/assets/{id}/exposure` has every key, `null` where the file does not say (the test
/// library's JPEGs name no lens); an unknown id is a 404.
@Test func theExposureOfAPhotoHasEveryKey() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let id = try #require(try await allIDs(client).first)
    let exposure = try await client.json("/api/assets/\(id)/exposure")
    #expect(Set(exposure.keys) == ["lens", "exposureTime", "fNumber", "iso", "focalLength"])
    #expect(exposure.values.allSatisfy { $0 is NSNull })
    try await client.execute(uri: "/api/assets/0123456789abcdef/exposure", method: .get) { response in
      #expect(response.status == .notFound)
    }
  }
}
