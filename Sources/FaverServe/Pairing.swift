import FaverKit
public import Foundation
import Hummingbird

/// Pairing a device with `faver serve --lan`: the routes that trade a one-time code for a
/// device's secret, and that make a new code for this machine's page.
struct Pairing: Sendable {
  var library: Library
  var settings: PairingSettings
  /// Whether the server speaks HTTPS: the device cookie is then `Secure`.
  var isSecure: Bool
  /// Where the pairing's reads and writes of the store run.
  var blocking: BlockingPool

  /// `POST /api/pair`'s body.
  struct PairRequest: Decodable {
    var code: String
  }

  /// `POST /api/pair`'s answer.
  struct Paired: Encodable {
    var device: String
  }

  /// `POST /api/pairing`'s answer: a new code's link, as text and as a QR code (SVG).
  struct Link: Encodable {
    var link: String
    /// ISO 8601.
    var expires: String
    var qrSVG: String
  }

  /// How long a device's cookie lasts: 400 days, the most browsers keep one.
  static let cookieLifetime = 400 * 24 * 3600

  func add(to router: Router<ServeContext>) {
    PairingPage.add(to: router)
    router.post("api/pair") { request, context in try await pair(request, context: context) }
    router.post("api/pairing") { request, context in try await newLink(request, context: context) }
  }

  /// `POST /api/pair` `{"code": CODE}`: with a code `faver serve` issued, unused and at most 10
  /// minutes old, pairs the device (named after its User-Agent) and sets its cookie; a wrong code
  /// is 401; once 10 wrong codes came from the client's address in the last minute, every code
  /// from it is 429, and once 10 came from all addresses in the last 2 seconds, every code is
  /// 429 (`PairingCodes`).
  func pair(_ request: Request, context: ServeContext) async throws -> Response {
    var request = request
    let buffer = try await request.collectBody(upTo: LocalRequestGuard<ServeContext>.bodyLimit)
    guard let body = try? JSONDecoder().decode(PairRequest.self, from: Data(buffer.readableBytesView)) else {
      return Reply.error(.badRequest, #"Send the code as JSON: {"code": "…"}."#)
    }
    switch settings.codes.redeem(body.code, from: context.remoteAddress?.ipAddress) {
    case .tooMany:
      return Reply.error(
        .tooManyRequests,
        "Too many wrong pairing codes came from this device in the last minute; wait a minute and try the code again."
      )
    case .tooManyFromAll:
      return Reply.error(
        .tooManyRequests,
        "Too many wrong pairing codes came from the network in the last seconds; wait a few seconds and try the code again."
      )
    case .refused:
      return Reply.error(
        .unauthorized,
        "This pairing code is wrong, used or expired (a code works once, for 10 minutes); make a new one on the computer that runs faver serve."
      )
    case .accepted:
      let name = DeviceName.from(userAgent: request.headers[.userAgent])
      let paired = try await blocking.run { [library] in try library.pairDevice(named: name) }
      var response = try Reply.json(Paired(device: paired.device.name))
      response.headers[.setCookie] =
        "\(DeviceGuard.cookieName(for: request))=\(paired.secret); HttpOnly; SameSite=Strict; Path=/; "
        + "Max-Age=\(Self.cookieLifetime)" + (isSecure ? "; Secure" : "")
      return response
    }
  }

  /// `POST /api/pairing`: a new code for another device, its link and its QR code; for this
  /// machine's page and scripts only (a paired device cannot pair others).
  func newLink(_ request: Request, context: ServeContext) async throws -> Response {
    guard context.device == nil else {
      return Reply.error(.forbidden, "Only the computer that runs faver serve can pair another device.")
    }
    let port = request.head.authority.flatMap { RequestHost($0)?.port } ?? (isSecure ? 443 : 80)
    let code = settings.codes.issue()
    guard let link = settings.link(code: code.value, port: port, secure: isSecure) else {
      return Reply.error(.internalServerError, "The pairing link could not be made.")
    }
    return try Reply.json(
      Link(
        link: link.absoluteString, expires: ISO8601DateFormatter().string(from: code.expires),
        qrSVG: QRCode(link.absoluteString)?.svg() ?? ""))
  }
}

/// How `faver serve --lan` pairs devices: its codes, and the address a device reaches it at.
public struct PairingSettings: Sendable {
  public var codes: PairingCodes
  /// The address a phone reaches the server at: its LAN address (`LANAddress`), or the one
  /// `--listen` named.
  public var host: String

  public init(codes: PairingCodes = PairingCodes(), host: String) {
    self.codes = codes
    self.host = host
  }

  /// The link that pairs a device with `code`: the server's address with `#pair=CODE` (a
  /// fragment, never sent in a request line).
  public func link(code: String, port: Int, secure: Bool) -> URL? {
    let name = host.contains(":") ? "[\(host)]" : host
    return URL(string: "\(secure ? "https" : "http")://\(name):\(port)/#pair=\(code)")
  }
}
