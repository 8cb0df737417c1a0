import FaverKit
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FaverServe

/// Every route the server has but the page's own files and the trade of the token, with its
/// parameters filled in from the library (an asset id, a moment id): the list comes from the
/// router, so a route added later is checked too.
private func guardedRoutes(_ workspace: ServeWorkspace, asset: String, moment: String) -> [(
  method: HTTPRequest.Method, uri: String
)] {
  workspace.server().router().routes.compactMap { route in
    let segments = route.path.description.split(separator: "/")
    let pattern = "/" + segments.joined(separator: "/")
    if pattern == "/" || pattern == "/sw.js" || pattern.hasPrefix("/page/") || pattern == "/api/session" {
      return nil
    }
    let id = pattern.contains("moments") ? moment : asset
    let uri = segments.map { $0.hasPrefix(":") || $0.hasPrefix("{") ? id : String($0) }.joined(separator: "/")
    return (route.method, "/" + uri)
  }
}

/// What the library holds that a response without the secret must not show.
private func libraryData(_ workspace: ServeWorkspace, ids: [String], moments: [String]) -> [String] {
  ids + moments + [workspace.tree.path, "IMG_", "\"total\"", "\"reviewed\""]
}

@Test func everyRouteButThePageNeedsTheSecretAndShowsNothingWithoutIt() async throws {
  let workspace = try ServeWorkspace(video: true)
  let moments = try workspace.library.moments(limit: 100, after: nil).moments.map(\.id)
  let ids = try moments.flatMap { try workspace.library.moment($0)?.moment.assets.map(\.id.rawValue) ?? [] }
  #expect(ids.count == 8)  // six photos, a video, a Live Photo (its still and its video: one asset)
  let (idsSeen, momentsSeen) = (ids, moments)
  let routes = guardedRoutes(workspace, asset: ids[0], moment: moments[0])
  #expect(routes.count == 12, "\(routes.map(\.uri))")
  try await workspace.withClient(signedIn: false) { client in
    for route in routes {
      let body =
        route.method == .post ? ByteBuffer(string: #"{"state": "favorite", "id": "\#(idsSeen[1])"}"#) : nil
      try await client.execute(
        uri: route.uri, method: route.method, headers: [.contentType: "application/json"], body: body
      ) { response in
        #expect(response.status == .unauthorized, "\(route.method) \(route.uri)")
        let text = String(buffer: response.body)
        #expect(text.contains("faver serve"), "\(route.uri): \(text)")
        for secret in libraryData(workspace, ids: idsSeen, moments: momentsSeen) {
          #expect(!text.contains(secret), "\(route.uri) shows \(secret)")
        }
      }
    }
    // A wrong token, a cookie of another value: the same.
    for headers: HTTPFields in [
      [.authorization: "Bearer " + String(repeating: "0", count: 64)], [.authorization: "Basic abc"],
      [.cookie: "faver-session-80=" + String(repeating: "a", count: 64)],
    ] {
      try await client.execute(uri: "/api/progress", method: .get, headers: headers) { response in
        #expect(response.status == .unauthorized)
      }
    }
    // The page's own files need nothing.
    for uri in [
      "/", "/page/app.js", "/page/review.js", "/page/app.css", "/page/index.html", "/sw.js",
      "/page/manifest.webmanifest", "/page/icon-192.png",
    ] {
      try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status == .ok, "\(uri)")
      }
    }
  }
  // Nothing changed: no mark, the cursor where it was.
  try await workspace.withClient { client in
    let progress = try await client.json("/api/progress")
    let asset = try await client.json("/api/assets/\(idsSeen[1])")
    let place = try await client.json("/api/review")
    #expect(progress["reviewed"] as? Int == 0)
    #expect(asset["favorite"] as? Bool == false)
    #expect((place["asset"] as? [String: Any])?["id"] as? String == idsSeen[0])
  }
}

/// The page trades the token for a cookie once; the cookie then opens every route, a wrong token
/// gets none.
@Test func thePageTradesTheTokenForAnHttpOnlyCookie() async throws {
  let workspace = try ServeWorkspace()
  let secret = workspace.secret
  try await workspace.withClient(signedIn: false) { client in
    let wrong = try await client.post("/api/session", #"{"token": "\#(String(repeating: "f", count: 64))"}"#)
    #expect(wrong.status == .unauthorized)
    var cookie = ""
    try await client.execute(
      uri: "/api/session", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: #"{"token": "\#(secret.value)"}"#)
    ) { response in
      #expect(response.status == .noContent)
      let set = try #require(response.headers[.setCookie])
      #expect(set.contains("HttpOnly"))
      #expect(set.contains("SameSite=Strict"))
      #expect(set.contains("Path=/"))
      cookie = String(set.split(separator: ";")[0])
    }
    #expect(cookie == "faver-session-80=\(secret.value)")
    try await client.execute(uri: "/api/progress", method: .get, headers: [.cookie: "other=1; " + cookie]) {
      response in
      #expect(response.status == .ok)
      #expect(String(buffer: response.body).contains(#""total":6"#))
    }
  }
}

/// An `<img>` or a link on another site can make only a GET: no GET changes anything, and a
/// cross-site one is refused outright, even with the cookie.
@Test func aCrossSiteRequestCannotMoveTheCursor() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let ids = try await allIDs(client)
    _ = try await client.post("/api/cursor", #"{"id": "\#(ids[3])"}"#)
    for uri in ["/api/next", "/api/cursor", "/api/assets/\(ids[1])/mark"] {
      try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status != .ok, "GET \(uri)")
      }
    }
    for headers: HTTPFields in [
      [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"], [HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
      [.origin: "http://evil.example"], [.origin: "null"],
    ] {
      try await client.execute(uri: "/api/review", method: .get, headers: headers) { response in
        #expect(response.status == .forbidden, "\(headers)")
        #expect(!String(buffer: response.body).contains(ids[3]))
      }
      var post = headers
      post[.contentType] = "application/json"
      try await client.execute(uri: "/api/next", method: .post, headers: post, body: ByteBuffer(string: "{}"))
      {
        response in
        #expect(response.status == .forbidden, "\(headers)")
      }
    }
    #expect((try await client.json("/api/review")["asset"] as? [String: Any])?["id"] as? String == ids[3])
    // The page's own files may be opened from elsewhere (a link, `--open`'s redirect page).
    try await client.execute(
      uri: "/", method: .get, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
    ) { response in
      #expect(response.status == .ok)
    }
    // The page itself: same-origin, or an address typed.
    for site in ["same-origin", "none"] {
      try await client.execute(
        uri: "/api/review", method: .get, headers: [HTTPField.Name("Sec-Fetch-Site")!: site]
      ) { response in
        #expect(response.status == .ok, "\(site)")
      }
    }
  }
}
