import FaverKit
import Foundation
import Testing

@testable import FaverServe

/// `object` as JSON text with sorted keys: two objects are the same when these are.
private func canonical(_ object: Any?) throws -> String {
  guard let object else { return "none" }
  let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  return String(decoding: data, as: UTF8.self)
}

/// Every output that shows an asset shows the same object for it, whichever writes it:
/// `assets --json` (straight from the saved queue's rows) and the page's moment, asset, mark and
/// review answers (through `JSONEncoder`), all from `AssetListing.write(_:to:)`'s one list. (The
/// manifest names assets by id only.)
@Test func everyOutputShowsAnAssetAsTheSameObject() async throws {
  let workspace = try ServeWorkspace(video: true)
  let library = workspace.library
  try await workspace.withClient { client in
    let ids = try await allIDs(client)
    // A favorite, a reject and a photo seen: the review's keys differ from asset to asset.
    var answered: [[String: Any]] = []
    for (id, state) in zip(ids, ["favorite", "rejected", "reviewed"]) {
      answered.append(try await client.mark(id, state))
    }
    var written = Data()
    let writer = AssetListing.ArrayWriter { written.append(contentsOf: $0) }
    try library.writeAssets(to: writer)
    try writer.finish()
    let listed = try #require(try JSONSerialization.jsonObject(with: written) as? [[String: Any]])
    var byID: [String: String] = [:]
    for object in listed { byID[object["id"] as? String ?? ""] = try canonical(object) }
    #expect(Set(byID.keys) == Set(ids))
    #expect(listed.contains { $0["companion"] is [String: Any] })  // the Live Photo's still
    #expect(listed.contains { $0["favorite"] as? Bool == true })

    func expectListed(_ object: Any?, _ answer: String) throws {
      let id = (object as? [String: Any])?["id"] as? String ?? ""
      #expect(try canonical(object) == byID[id], "\(answer) of \(id)")
    }
    for object in try await allAssets(client) { try expectListed(object, "GET /api/moments/{id}/assets") }
    for id in ids { try expectListed(try await client.json("/api/assets/\(id)"), "GET /api/assets/{id}") }
    for object in answered { try expectListed(object, "POST /api/assets/{id}/mark") }
    try expectListed(try await client.json("/api/review")["asset"], "GET /api/review")
  }
}
