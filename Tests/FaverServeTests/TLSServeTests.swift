import FaverKit
import FaverTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import FaverServe

/// A self-signed certificate for localhost and its key, made with the openssl CLI in `folder`.
private func selfSigned(in folder: URL) throws -> TLSFiles {
  let files = TLSFiles(
    certificate: folder.appendingPathComponent("cert.pem"), key: folder.appendingPathComponent("key.pem"))
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", files.key.path, "-out", files.certificate.path, "-days", "1", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=DNS:localhost,DNS:Faver.Test,DNS:*.wild.test,IP:127.0.0.1",
  ]
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  try #require(process.terminationStatus == 0)
  return files
}

@Test func httpsServesThePageAndSetsASecureDeviceCookie() async throws {
  let workspace = try ServeWorkspace()
  let folder = try TemporaryTree()
  var server = workspace.server()
  server.tls = try selfSigned(in: folder.root)
  let codes = PairingCodes.onAStillClock()
  server.pairing = PairingSettings(codes: codes, host: "127.0.0.1")
  #expect(server.tls?.dnsNames() == ["localhost", "faver.test"])
  #expect(server.pageURL(port: 8443)?.absoluteString.hasPrefix("https://127.0.0.1:8443/#token=") == true)
  let secret = workspace.secret.value
  try await server.testLive(.ahc(.https)) { client in
    let port = try #require(client.port)
    try await client.execute(uri: "/", method: .get) { response in
      #expect(response.status == .ok)
      #expect(String(buffer: response.body).contains("app.js"))
    }
    // The page's own origin is https://…
    try await client.execute(
      uri: "/api/progress", method: .get,
      headers: [.authorization: "Bearer \(secret)", .origin: "https://localhost:\(port)"]
    ) { response in
      #expect(response.status == .ok)
    }
    try await client.execute(
      uri: "/api/progress", method: .get,
      headers: [.authorization: "Bearer \(secret)", .origin: "http://localhost:\(port)"]
    ) { response in
      #expect(response.status == .forbidden)
    }
    // The certificate's names may be the Host (a rebinding page would get a certificate
    // for another name); other names may not.
    for (host, status) in [
      ("faver.test:\(port)", HTTPResponse.Status.ok), ("evil.example:\(port)", .forbidden),
    ] {
      try await client.execute(
        uri: "/api/progress", method: .get,
        headers: [.authorization: "Bearer \(secret)", HTTPField.Name("Host")!: host]
      ) { response in
        #expect(response.status == status, "\(host)")
      }
    }
    try await client.execute(
      uri: "/api/pair", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: #"{"code": "\#(codes.issue().value)"}"#)
    ) { response in
      #expect(response.status == .ok)
      #expect(response.headers[.setCookie]?.hasSuffix("; Secure") == true)
    }
  }
}

@Test func aFileThatIsNoPEMIsASentence() throws {
  let folder = try TemporaryTree()
  try folder.write("cert.pem", Array("not a certificate".utf8))
  let files = TLSFiles(
    certificate: folder.root.appendingPathComponent("cert.pem"),
    key: folder.root.appendingPathComponent("key.pem"))
  #expect(throws: TLSFilesError.unreadableCertificate(path: files.certificate.path)) { try files.validate() }
}

/// Without HTTPS a DNS name is never admitted, the certificate's names included.
@Test(arguments: [
  ("faver.test", true), ("faver.test:8443", true), ("faver.test:", false), ("evil.test", false),
])
func onlyTheCertificatesNamesPass(authority: String, allowed: Bool) {
  #expect(LocalRequestGuard<ServeContext>.isCertified(authority, names: ["faver.test"]) == allowed)
  #expect(!LocalRequestGuard<ServeContext>.isCertified(authority, names: []))
}
