import FaverKit
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FaverServe

/// A generated library, indexed into a store beside it, and the server on it; removed after the
/// test. (Sendable: every property is a constant, and the tree is only written before serving.)
final class ServeWorkspace: @unchecked Sendable {
  let tree: TemporaryTree
  let store: URL
  let library: Library
  /// The server's secret: `withClient` sends it, as a script would (`Authorization: Bearer`).
  let secret = ServeSecret.random()

  /// A morning burst of three, a photo 20 minutes later, a next day of two; with `video`, a video
  /// and a Live Photo.
  static let shots: [(name: String, taken: String)] = [
    ("day1/IMG_0001.jpg", "2024:05:12 09:00:00"),
    ("day1/IMG_0002.jpg", "2024:05:12 09:00:01"),
    ("day1/IMG_0003.jpg", "2024:05:12 09:00:02"),
    ("day1/IMG_0004.jpg", "2024:05:12 09:20:00"),
    ("day2/IMG_0010.jpg", "2024:05:13 10:00:00"),
    ("day2/IMG_0011.jpg", "2024:05:13 10:01:30"),
  ]

  init(video: Bool = false) throws {
    tree = try TemporaryTree()
    store = URL(fileURLWithPath: tree.root.path + "-store")
    for (name, taken) in Self.shots {
      var builder = ExifBuilder()
      builder.original(taken, offset: "+02:00")
      try tree.write(name, builder.jpeg())
    }
    if video {
      // A Pixel video, and an iPhone Live Photo: its still (HEIC) and its video.
      for (sample, name) in [
        ("2024/06/PXL_20240615_133108214.mp4", "day3/PXL.mp4"),
        ("2024/05/IMG_0105.HEIC", "day4/IMG_0105.HEIC"),
        ("2024/05/IMG_0105.MOV", "day4/IMG_0105.MOV"),
      ] {
        let file = Self.package.appendingPathComponent("SampleLibrary").appendingPathComponent(sample)
        try tree.write(name, Array(try Data(contentsOf: file)))
      }
    }
    library = Library.open(store: store)
    _ = try library.index([tree.path])
  }

  deinit { try? FileManager.default.removeItem(at: store) }

  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func server(previews: any PreviewSource = OriginalJPEGPreviews()) -> ReviewServer {
    ReviewServer(library: library, port: 0, previews: previews, secret: secret)
  }

  /// Runs `body` with a client of the server's router (no socket) that shows the secret, unless
  /// `signedIn` is false.
  func withClient(
    previews: any PreviewSource = OriginalJPEGPreviews(), signedIn: Bool = true,
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    let shown = signedIn ? secret : nil
    try await server(previews: previews).application().test(.router) { client in
      try await body(SignedInClient(base: client, secret: shown))
    }
  }
}

/// A test client that sends `Authorization: Bearer SECRET` with every request that has no
/// `Authorization` or `Cookie` of its own (none without a secret).
struct SignedInClient: TestClientProtocol {
  var base: any TestClientProtocol
  var secret: ServeSecret?

  var port: Int? { base.port }

  func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
    async throws -> TestResponse
  {
    var headers = headers
    if let secret, headers[.authorization] == nil, headers[.cookie] == nil {
      headers[.authorization] = "Bearer \(secret.value)"
    }
    return try await base.executeRequest(uri: uri, method: method, headers: headers, body: body)
  }
}

/// Every asset object, moment by moment, through the API.
func allAssets(_ client: some TestClientProtocol) async throws -> [[String: Any]] {
  let page = try await client.json("/api/moments?limit=100")
  var assets: [[String: Any]] = []
  for moment in page["moments"] as? [[String: Any]] ?? [] {
    assets +=
      try await client.json("/api/moments/\(moment["id"] as? String ?? "")/assets")["assets"]
      as? [[String: Any]] ?? []
  }
  return assets
}

/// The ids of every asset in queue order, through the API.
func allIDs(_ client: some TestClientProtocol) async throws -> [String] {
  try await allAssets(client).compactMap { $0["id"] as? String }
}

extension TestClientProtocol {
  /// GET `uri`, which must answer 200 with a JSON object.
  func json(_ uri: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
    try await execute(uri: uri, method: .get) { response in
      #expect(
        response.status == .ok, "\(uri): \(String(buffer: response.body))", sourceLocation: sourceLocation)
      return try #require(
        try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any],
        sourceLocation: sourceLocation)
    }
  }

  /// POST `body` as JSON to `uri`; the status and the answer's text.
  func post(_ uri: String, _ body: String, contentType: String = "application/json", origin: String? = nil)
    async throws -> (status: HTTPResponse.Status, text: String)
  {
    var headers: HTTPFields = [.contentType: contentType]
    if let origin { headers[.origin] = origin }
    return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body)) {
      ($0.status, String(buffer: $0.body))
    }
  }

  /// POST `/api/next`: the asset object to review now (the cursor moves to it), or nil for `null`.
  func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any]? {
    let (status, text) = try await post("/api/next", "")
    #expect(status == .ok, "\(text)", sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
      as? [String: Any]
  }

  /// POST a mark; the asset object answered.
  func mark(_ id: String, _ state: String) async throws -> [String: Any] {
    let (status, text) = try await post("/api/assets/\(id)/mark", #"{"state": "\#(state)"}"#)
    #expect(status == .ok, "\(text)")
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}

extension ReviewServer {
  /// Runs `test` against this server on a socket of its own (`.live`, or `.ahc(.https)`), its
  /// tasks on `ServerThreads` as `run()` has them: a reply never waits for Swift's shared threads,
  /// which the tests running beside it keep busy.
  func testLive<Value>(
    _ setup: TestingSetup = .live, _ test: @Sendable (any TestClientProtocol) async throws -> Value
  ) async throws -> Value {
    try await ServerThreads.run { try await application().test(setup, test) }
  }
}

extension PairingCodes {
  /// Codes on a clock that stands still: a code issued in a test stays good however long the
  /// suite's load makes the test wait before it is sent (more than their 10 minutes, seen). The
  /// lifetime itself is tested on a clock the test moves (`PairingCodesTests`).
  static func onAStillClock() -> PairingCodes {
    let now = Date()
    return PairingCodes(now: { now })
  }
}
