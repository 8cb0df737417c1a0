import FaverKit
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing

@testable import FaverServe

/// A clock the test moves.
final class TestClock: Sendable {
  private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { time.withLock { $0 } }
  func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}

/// Every message the server logs, with its metadata, as text.
final class LogLines: Sendable {
  let lines = Mutex<[String]>([])

  var logger: Logger {
    var logger = Logger(label: "faver.serve.test") { _ in Handler(lines: self) }
    logger.logLevel = .trace
    return logger
  }

  struct Handler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(
      level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
      function: String, line: UInt
    ) {
      let all = self.metadata.merging(metadata ?? [:]) { $1 }
      lines.lines.withLock { $0.append("\(message) \(all)") }
    }
  }
}

let iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"

extension ServeWorkspace {
  /// The server with pairing on, as `faver serve --lan` runs it; in `.router` tests every request
  /// comes from no socket, so from the network (an unknown peer is not this machine).
  func lanServer(codes: PairingCodes, logger: Logger? = nil) -> ReviewServer {
    var server = server()
    server.pairing = PairingSettings(codes: codes, host: "127.0.0.1")
    if let logger { server.logger = logger }
    return server
  }
}

extension TestClientProtocol {
  /// `POST /api/pair` with `code` from an iPhone: the status and the cookie to send back.
  func pair(_ code: String) async throws -> (status: HTTPResponse.Status, cookie: String?, text: String) {
    try await execute(
      uri: "/api/pair", method: .post, headers: [.contentType: "application/json", .userAgent: iPhone],
      body: ByteBuffer(string: #"{"code": "\#(code)"}"#)
    ) { response in
      (
        response.status, response.headers[.setCookie].map { String($0.split(separator: ";")[0]) },
        String(buffer: response.body)
      )
    }
  }
}

/// Every route of the server with pairing on, its parameters filled in.
private func routes(_ server: ReviewServer, asset: String, video: String, moment: String) -> [(
  method: HTTPRequest.Method, uri: String
)] {
  server.router().routes.map { route in
    let segments = route.path.description.split(separator: "/")
    let pattern = "/" + segments.joined(separator: "/")
    if pattern.hasPrefix("/page/") { return (route.method, "/page/app.js") }
    let id = pattern.contains("moments") ? moment : pattern.hasSuffix("video") ? video : asset
    let uri = segments.map { $0.hasPrefix(":") || $0.hasPrefix("{") ? id : String($0) }.joined(separator: "/")
    return (route.method, "/" + uri)
  }
}

@Test func everyRouteRefusesAnUnpairedRemoteRequestAndAcceptsAPairedOne() async throws {
  let workspace = try ServeWorkspace(video: true)
  let moments = try workspace.library.moments(limit: 100, after: nil).moments.map(\.id)
  let ids = try moments.flatMap { try workspace.library.moment($0)?.moment.assets.map(\.id.rawValue) ?? [] }
  let codes = PairingCodes.onAStillClock()
  let server = workspace.lanServer(codes: codes)
  let video = try #require(
    try ids.first { try workspace.library.asset(AssetID(rawValue: $0))?.kind == .video })
  let all = routes(server, asset: ids[0], video: video, moment: moments[0])
  let open = ["/", "/pair.js", "/pair.css", "/api/pair"]
  #expect(all.count == 21, "\(all.map(\.uri))")
  let secret = workspace.secret.value
  let data = ids + moments + [workspace.tree.path, "IMG_", "\"total\"", "\"reviewed\"", secret]
  try await server.application().test(.router) { client in
    for route in all where !open.contains(route.uri) {
      // Without anything, and with the store's secret: a remote request needs a paired device.
      for auth: HTTPFields in [
        [:], [.authorization: "Bearer \(secret)"], [.cookie: "faver-session-80=\(secret)"],
      ] {
        var headers = auth
        headers[.contentType] = "application/json"
        let body =
          route.method == .post ? ByteBuffer(string: #"{"state": "favorite", "id": "\#(ids[1])"}"#) : nil
        try await client.execute(uri: route.uri, method: route.method, headers: headers, body: body) {
          response in
          #expect(response.status == .unauthorized, "\(route.method) \(route.uri)")
          let bytes = Array(response.body.readableBytesView)
          #expect(bytes.prefix(2) != [0xFF, 0xD8], "\(route.uri) sends a JPEG")
          let text = String(buffer: response.body)
          #expect(text.contains("pair"), "\(route.uri): \(text)")
          for shown in data { #expect(!text.contains(shown), "\(route.uri) shows \(shown)") }
        }
      }
    }
    // The page itself is the pairing page, nothing of the library.
    try await client.execute(uri: "/", method: .get) { response in
      #expect(response.status == .ok)
      let text = String(buffer: response.body)
      #expect(text.contains("Pair this device"))
      for shown in data { #expect(!text.contains(shown)) }
    }
    let code = codes.issue().value
    let (status, cookie, text) = try await client.pair(code)
    #expect(status == .ok, "\(text)")
    let device = try #require(cookie)
    #expect(device.hasPrefix("faver-device-80="))
    #expect(text.contains("iPhone Safari"))
    for route in all where route.method == .get && !["/pair.js", "/pair.css"].contains(route.uri) {
      try await client.execute(uri: route.uri, method: .get, headers: [.cookie: device]) { response in
        #expect(response.status == .ok, "\(route.uri): \(String(buffer: response.body))")
      }
    }
    let marked = try await client.execute(
      uri: "/api/assets/\(ids[1])/mark", method: .post,
      headers: [.cookie: device, .contentType: "application/json"],
      body: ByteBuffer(string: #"{"state": "favorite"}"#)
    ) { $0.status }
    #expect(marked == .ok)
    // A paired device cannot pair others.
    let minted = try await client.execute(
      uri: "/api/pairing", method: .post, headers: [.cookie: device, .contentType: "application/json"],
      body: ByteBuffer(string: "{}")
    ) { $0.status }
    #expect(minted == .forbidden)
  }
  #expect(try workspace.library.pairedDevices().map(\.name) == ["iPhone Safari"])
}

@Test func theCookieIsHttpOnlyStrictAndLongLived() async throws {
  let workspace = try ServeWorkspace()
  let codes = PairingCodes.onAStillClock()
  try await workspace.lanServer(codes: codes).application().test(.router) { client in
    let code = codes.issue().value
    try await client.execute(
      uri: "/api/pair", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: #"{"code": "\#(code)"}"#)
    ) { response in
      let set = try #require(response.headers[.setCookie])
      #expect(set.contains("HttpOnly"))
      #expect(set.contains("SameSite=Strict"))
      #expect(set.contains("Max-Age=34560000"))
      #expect(!set.contains("Secure"))
    }
  }
}

@Test func aRevokedDeviceIsRefusedAtOnce() async throws {
  let workspace = try ServeWorkspace()
  let codes = PairingCodes.onAStillClock()
  try await workspace.lanServer(codes: codes).application().test(.router) { client in
    let first = try #require(try await client.pair(codes.issue().value).cookie)
    let second = try #require(try await client.pair(codes.issue().value).cookie)
    #expect(try workspace.library.pairedDevices().map(\.name) == ["iPhone Safari", "iPhone Safari 2"])
    for cookie in [first, second] {
      #expect(
        try await client.execute(uri: "/api/progress", method: .get, headers: [.cookie: cookie]) { $0.status }
          == .ok)
    }
    try workspace.library.revokeDevice(named: "iPhone Safari")
    #expect(
      try await client.execute(uri: "/api/progress", method: .get, headers: [.cookie: first]) { $0.status }
        == .unauthorized)
    // The revoked device is told so, and its browser to forget what the page kept; a device that
    // shows no cookie (never paired) is not.
    let device = HTTPField.Name("Faver-Device")!
    let clear = HTTPField.Name("Clear-Site-Data")!
    for uri in ["/api/progress", "/"] {
      let revoked = try await client.execute(uri: uri, method: .get, headers: [.cookie: first]) { $0 }
      #expect(revoked.headers[device] == "revoked", "\(uri)")
      #expect(revoked.headers[clear] == #""cache", "storage""#, "\(uri)")
      let never = try await client.execute(uri: uri, method: .get) { $0 }
      #expect(never.headers[device] == nil && never.headers[clear] == nil, "\(uri)")
    }
    let page = try await client.execute(uri: "/", method: .get, headers: [.cookie: first]) {
      String(buffer: $0.body)
    }
    #expect(page.contains("no longer paired") && page.contains("<body data-revoked>"))
    #expect(
      try await client.execute(uri: "/api/progress", method: .get, headers: [.cookie: second]) { $0.status }
        == .ok)
    #expect(throws: DeviceError.unknownDevice("nope", devices: ["iPhone Safari 2"])) {
      try workspace.library.revokeDevice(named: "nope")
    }
    #expect(try workspace.library.revokeAllDevices() == 1)
    #expect(
      try await client.execute(uri: "/api/progress", method: .get, headers: [.cookie: second]) { $0.status }
        == .unauthorized)
  }
}

@Test func aCodeWorksOnceAndForTenMinutes() async throws {
  let workspace = try ServeWorkspace()
  let clock = TestClock()
  let codes = PairingCodes(now: { clock.now })
  try await workspace.lanServer(codes: codes).application().test(.router) { client in
    let code = codes.issue().value
    #expect(try await client.pair(code).status == .ok)
    // Used.
    let reused = try await client.pair(code)
    #expect(reused.status == .unauthorized)
    #expect(reused.cookie == nil)
    // Expired: good at 9:59, not at 10:00.
    let first = codes.issue().value
    let second = codes.issue().value
    clock.advance(599)
    #expect(try await client.pair(first).status == .ok)
    clock.advance(1)
    #expect(try await client.pair(second).status == .unauthorized)
  }
  #expect(try workspace.library.pairedDevices().count == 2)
}

@Test func theEleventhWrongCodeInAMinuteIsRefusedEvenTheRightOne() async throws {
  let workspace = try ServeWorkspace()
  let clock = TestClock()
  let codes = PairingCodes(now: { clock.now })
  try await workspace.lanServer(codes: codes).application().test(.router) { client in
    let code = codes.issue().value
    for guess in 0..<10 {
      let wrong = try await client.pair(String(format: "WRONG%03d", guess)).status
      #expect(wrong == .unauthorized)
      clock.advance(5)
    }
    // 50 s after the first wrong code: the eleventh is refused unread, the right code too.
    let eleventh = try await client.pair("WRONG999").status
    #expect(eleventh == .tooManyRequests)
    let right = try await client.pair(code).status
    #expect(right == .tooManyRequests)
    // A minute after the first, one more may be tried.
    clock.advance(10)
    #expect(try await client.pair(code).status == .ok)
  }
}

@Test func theCodeNeverReachesTheLog() async throws {
  let workspace = try ServeWorkspace()
  let codes = PairingCodes.onAStillClock()
  let log = LogLines()
  let code = codes.issue().value
  try await workspace.lanServer(codes: codes, logger: log.logger).application().test(.router) { client in
    _ = try await client.pair("AAAAAAAA")
    #expect(try await client.pair(code).status == .ok)
    _ = try await client.pair(code)
  }
  let lines = log.lines.withLock { $0 }
  #expect(!lines.isEmpty)  // the log is read: Hummingbird logs each request at debug
  for line in lines { #expect(!line.contains(code), "\(line)") }
}

/// This machine keeps working as before with pairing on: the store's secret, no device.
@Test func loopbackNeedsOnlyTheSecretWithPairingOn() async throws {
  let workspace = try ServeWorkspace()
  let secret = workspace.secret.value
  try await workspace.lanServer(codes: PairingCodes.onAStillClock()).testLive { client in
    #expect(
      try await client.execute(
        uri: "/api/progress", method: .get, headers: [.authorization: "Bearer \(secret)"]
      ) {
        $0.status
      } == .ok)
    #expect(try await client.execute(uri: "/api/progress", method: .get) { $0.status } == .unauthorized)
    try await client.execute(uri: "/", method: .get) { response in
      #expect(String(buffer: response.body).contains("app.js"))  // the review page, not the pairing page
    }
    // A new code for another device, with its QR code.
    try await client.execute(
      uri: "/api/pairing", method: .post,
      headers: [.authorization: "Bearer \(secret)", .contentType: "application/json"],
      body: ByteBuffer(string: "{}")
    ) { response in
      #expect(response.status == .ok)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
      let link = try #require(object["link"] as? String)
      #expect(link.contains("#pair="))
      #expect((object["qrSVG"] as? String)?.hasPrefix("<svg") == true)
    }
  }
}

@Test(arguments: [
  (iPhone, "iPhone Safari"),
  (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    "Android Chrome"
  ),
  ("Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0", "Android Firefox"),
  ("<script>alert(1)</script>", "a device"),
])
func aDeviceIsNamedAfterItsSystemAndBrowser(agent: String, name: String) {
  #expect(DeviceName.from(userAgent: agent) == name)
}

@Test func theQRCodeOfALinkHasItsFinderPatterns() throws {
  let code = try #require(QRCode("http://192.168.1.5:8080/#pair=0123ABCD"))
  #expect(code.width >= 21 && (code.width - 21) % 4 == 0)
  // The three finder patterns: a dark 7×7 ring in three corners, light just inside it.
  for (x, y) in [(0, 0), (code.width - 7, 0), (0, code.width - 7)] {
    #expect(code.isDark(x: x, y: y) && code.isDark(x: x + 6, y: y + 6) && !code.isDark(x: x + 1, y: y + 1))
    #expect(code.isDark(x: x + 3, y: y + 3))
  }
  let lines = code.terminalText().split(separator: "\n")
  #expect(lines.count == (code.width + 4 + 1) / 2)
  #expect(code.svg().hasPrefix("<svg"))
}
