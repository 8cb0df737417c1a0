import FaverKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FaverServe

@Test(arguments: [
  ("127.0.0.1:8080", true), ("localhost:8080", true), ("LOCALHOST", true), ("[::1]:8080", true),
  ("[::1]", true), ("192.168.1.20:8080", true), ("127.0.0.1:65535", true),
  // DNS names, and what a loose parser would take for localhost
  ("evil.example:8080", false), ("127.0.0.1.nip.io", false), ("localhost.evil.example", false),
  ("localhost:1@evil.example", false), ("[::1]evil.example", false), ("[::1]:80x", false),
  ("localhost:80:80", false), ("localhost:", false), ("localhost:+80", false), ("localhost:65536", false),
  ("localhost:123456", false), ("localhost:８０", false), ("999.1.1.1", false), ("127.0.0.+1", false),
  ("127.1", false), ("", false), (":8080", false), ("[]:80", false), ("[evil]:80", false), ("::1", false),
  ("[::1", false), ("local host", false),
])
func onlyLocalhostOrAnAddressParsedStrictlyMayNameTheServer(authority: String, allowed: Bool) {
  #expect((RequestHost(authority) != nil) == allowed)
}

@Test func aRequestNamingTwoHostsIsRefused() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    // The router test names `localhost`; a second Host field is what NIO leaves of a second header.
    try await client.execute(
      uri: "/api/progress", method: .get, headers: [HTTPField.Name("Host")!: "evil.example"]
    ) {
      response in
      #expect(response.status == .forbidden)
      #expect(!String(buffer: response.body).contains("total"))
    }
    try await client.execute(uri: "/", method: .get, headers: [HTTPField.Name("Host")!: "localhost"]) {
      response in
      #expect(response.status == .forbidden)
    }
  }
}

/// Every response, the page's, the API's and errors alike, carries the headers that keep a
/// browser from sniffing, framing or leaking it.
@Test func everyResponseCarriesNosniffAndAContentSecurityPolicy() async throws {
  let workspace = try ServeWorkspace()
  for signedIn in [true, false] {
    try await workspace.withClient(signedIn: signedIn) { client in
      for uri in ["/", "/page/app.js", "/api/progress", "/api/assets/0123456789abcdef", "/nothing"] {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
          let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
          #expect(policy.contains("default-src 'self'"))
          #expect(policy.contains("frame-ancestors 'none'"))
          #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
        }
      }
    }
  }
}

@Test func aBodyOverTheLimitGets413WithASentence() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient { client in
    let id = try #require(try await allIDs(client).first)
    let big = #"{"state": "favorite", "pad": ""# + String(repeating: "x", count: 70 * 1024) + #""}"#
    let (status, text) = try await client.post("/api/assets/\(id)/mark", big)
    #expect(status == .contentTooLarge)
    #expect(text.contains("KiB"), "\(text)")
    #expect(try await client.json("/api/assets/\(id)")["favorite"] as? Bool == false)
    // Announced by its length, refused before it is read.
    try await client.execute(
      uri: "/api/next", method: .post,
      headers: [.contentType: "application/json", .contentLength: "10000000"]
    ) { response in
      #expect(response.status == .contentTooLarge)
    }
  }
}
