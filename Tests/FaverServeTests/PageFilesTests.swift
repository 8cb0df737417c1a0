import Crypto
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FaverServe

/// The page's script is ES modules: every `.js` file in `Page/` is one of `PageFiles.modules`,
/// every module another imports (`from "./name.js"`) is served, and each is served as
/// `text/javascript` (a module of another type is refused by the browser).
@Test func everyModuleOfThePageIsServedAsJavaScript() async throws {
  let folder = ServeWorkspace.package.appendingPathComponent("Sources/FaverServe/Page")
  let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
  #expect(Set(names) == Set(PageFiles.modules))
  for name in names {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    let imported = text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("import "), let from = line.range(of: "from \"./") else { return nil }
      return String(line[from.upperBound...].prefix { $0 != "\"" })
    }
    for module in imported {
      #expect(PageFiles.modules.contains(module), "\(name) imports \(module), which is not served")
    }
  }
  let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
  #expect(html.contains(#"<script type="module" src="/page/app.js">"#))
  let workspace = try ServeWorkspace()
  try await workspace.withClient(signedIn: false) { client in
    for name in PageFiles.modules {
      try await client.execute(uri: "/page/" + name, method: .get) { response in
        #expect(response.status == .ok, "\(name)")
        #expect(response.headers[.contentType] == "text/javascript; charset=utf-8", "\(name)")
      }
    }
  }
}

/// What makes the page an installable web app is served with its type, needs no secret, and holds
/// nothing of the library: the manifest, its icons (PNG) and the service worker at the root (its
/// scope is the whole page). The previews taken along are shown as `blob:` URLs: the content
/// security policy allows them as images, and nothing more.
@Test func theManifestIconsAndServiceWorkerAreServedWithTheirTypes() async throws {
  let workspace = try ServeWorkspace()
  try await workspace.withClient(signedIn: false) { client in
    for (uri, type) in [
      ("/page/manifest.webmanifest", "application/manifest+json"), ("/page/icon-192.png", "image/png"),
      ("/page/icon-512.png", "image/png"), ("/sw.js", "text/javascript; charset=utf-8"),
    ] {
      try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status == .ok, "\(uri)")
        #expect(response.headers[.contentType] == type, "\(uri)")
        if type == "image/png" {
          #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        }
        let policy = response.headers[.contentSecurityPolicy] ?? ""
        #expect(policy.contains("img-src 'self' data: blob:;"), "\(policy)")
        #expect(!policy.contains("script-src 'self' blob:"))
      }
    }
    try await client.execute(uri: "/page/manifest.webmanifest", method: .get) { response in
      let manifest =
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
      #expect(manifest?["start_url"] as? String == "/")
      #expect((manifest?["icons"] as? [Any])?.count == 3)
    }
  }
}

/// From the network, the web app's files are page files like the others: an unpaired device gets
/// the pairing page for each (401), a paired one the file.
@Test func anUnpairedDeviceGetsNeitherTheServiceWorkerNorTheManifest() async throws {
  let workspace = try ServeWorkspace()
  let codes = PairingCodes.onAStillClock()
  let uris = ["/sw.js", "/page/manifest.webmanifest", "/page/icon-192.png", "/page/offline.js"]
  try await workspace.lanServer(codes: codes).application().test(.router) { client in
    for uri in uris {
      try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status == .unauthorized, "\(uri)")
        let text = String(buffer: response.body)
        #expect(text.contains("Pair this device"), "\(uri)")
        #expect(!text.contains("start_url") && !text.contains("caches"), "\(uri)")
      }
    }
    let (status, cookie, _) = try await client.pair(codes.issue().value)
    #expect(status == .ok)
    let device = try #require(cookie)
    for uri in uris {
      try await client.execute(uri: uri, method: .get, headers: [.cookie: device]) { response in
        #expect(response.status == .ok, "\(uri)")
      }
    }
  }
}

/// The page served names its files under `/page/VERSION/`, the version a hash of the page's
/// files: there they are kept by the browser for good (a returning browser asks nothing), while
/// the same file under another version, or under `/page/` alone, is checked at every use; a name
/// that is not a page file is no page file under any version.
@Test func thePageNamesItsFilesUnderItsVersionKeptForGood() async throws {
  let version = PageFiles.version
  #expect(version.count == 16 && version.allSatisfy(\.isHexDigit))
  let workspace = try ServeWorkspace()
  try await workspace.withClient(signedIn: false) { client in
    try await client.execute(uri: "/", method: .get) { response in
      let html = String(buffer: response.body)
      #expect(html.contains(#"<script type="module" src="/page/\#(version)/app.js">"#), "\(html)")
      #expect(html.contains(#"href="/page/\#(version)/app.css""#))
      #expect(!html.contains(#""/page/app"#))
      #expect(!html.contains("modulepreload"))
      #expect(response.headers[.cacheControl] == "no-cache")
      // boot.js written in, and the policy lets exactly it run: its SHA-256, counted here.
      #expect(!html.contains("boot.js\""))
      let script = try #require(html.firstRange(of: "<script>").map { html[$0.upperBound...] })
      let boot = try #require(script.firstRange(of: "</script>").map { script[..<$0.lowerBound] })
      #expect(boot.contains("faverFirstPhoto"))
      let digest = Data(SHA256.hash(data: Data(boot.utf8))).base64EncodedString()
      #expect(
        response.headers[.contentSecurityPolicy]?.contains("script-src 'self' 'sha256-\(digest)';") == true)
    }
    for (uri, caching) in [
      ("/page/\(version)/review.js", "private, max-age=31536000, immutable"),
      ("/page/\(version)/icon-192.png", "private, max-age=31536000, immutable"),
      ("/page/0123456789abcdef/review.js", "no-cache"), ("/page/review.js", "no-cache"),
    ] {
      try await client.execute(uri: uri, method: .get) { response in
        #expect(response.status == .ok, "\(uri)")
        #expect(response.headers[.cacheControl] == caching, "\(uri)")
      }
    }
    try await client.execute(uri: "/page/\(version)/nothing.js", method: .get) { response in
      #expect(response.status != .ok)
    }
  }
}
