import Foundation
import NIOCore
import Testing

@testable import FaverServe

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `faver serve` as a person runs it: it prints the address with the store's secret in its
/// fragment, answers there only to that secret, and stops cleanly on Ctrl-C; another address
/// than 127.0.0.1 only when asked, with a warning only when other machines can reach it.
@Test(arguments: [nil, "127.0.0.2"])
func serveAnswersAtTheAddressItPrintsAndStopsOnControlC(listen: String?) async throws {
  let workspace = try ServeWorkspace()
  let serve = try RunningServe(
    ["--store", workspace.store.path, "--port", "0"] + (listen.map { ["--listen", $0] } ?? []))
  let address = try #require(serve.address, "\(serve.line)")
  let host = listen.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
  #expect(address.hasPrefix("http://\(host):"))
  let parts = address.split(separator: "#", maxSplits: 1)
  #expect(parts.count == 2 && parts[0].hasSuffix("/"))
  let token = String(parts.last?.dropFirst("token=".count) ?? "")
  #expect(parts.last?.hasPrefix("token=") == true)
  let kept = try String(
    contentsOf: workspace.store.appendingPathComponent(ServeSecret.fileName), encoding: .utf8)
  #expect(kept.trimmingCharacters(in: .whitespacesAndNewlines) == token)
  let url = try #require(URL(string: String(parts[0]) + "api/review"))
  var request = URLRequest(url: url)
  let (_, refused) = try await URLSession.shared.data(for: request)
  #expect((refused as? HTTPURLResponse)?.statusCode == 401)
  request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
  let (data, response) = try await URLSession.shared.data(for: request)
  #expect((response as? HTTPURLResponse)?.statusCode == 200)
  #expect(String(decoding: data, as: UTF8.self).contains(#""id""#))
  let warning = serve.stop()
  #expect(serve.process.terminationReason == .exit)
  #expect(serve.process.terminationStatus == 0)
  #expect(!warning.contains("warning"), "\(warning)")
}

/// What cannot be listened on is said in a sentence, with no raw error, and faver stops.
@Test func aBusyPortOrABadAddressIsASentence() async throws {
  let workspace = try ServeWorkspace()
  let first = try RunningServe(["--store", workspace.store.path, "--port", "0"])
  defer { _ = first.stop() }
  let address = try #require(first.address, "\(first.line)")
  let port = try #require(address.split(separator: ":").last?.split(separator: "/").first)
  let busy = try BrowserTools.run(
    BrowserTools.faver.path, ["serve", "--store", workspace.store.path, "--port", String(port)])
  #expect(busy.status != 0)
  #expect(busy.output.contains("Port \(port) is in use by another program; try `--port 0`"), "\(busy.output)")
  #expect(!busy.output.contains("bind("), "\(busy.output)")
  for listen in ["127.0.0.1:9", "evil.example", "localhost:1@evil.example"] {
    let bad = try BrowserTools.run(
      BrowserTools.faver.path, ["serve", "--store", workspace.store.path, "--listen", listen])
    #expect(bad.status != 0)
    #expect(bad.output.contains("is not an address"), "\(bad.output)")
    #expect(!bad.output.contains("SocketAddressError"), "\(bad.output)")
  }
}

@Test(arguments: [
  (EADDRINUSE, ServeError.portInUse(port: 80)), (EACCES, .portNeedsPrivilege(port: 80)),
  (EADDRNOTAVAIL, .addressNotHere("10.9.9.9")),
])
func aListeningErrorBecomesASentence(errno: Int32, expected: ServeError) {
  #expect(
    ServeError(listening: IOError(errnoCode: errno, reason: "bind"), host: "10.9.9.9", port: 80) == expected)
}

@Test(arguments: [
  ("127.0.0.1", true), ("127.0.0.2", true), ("127.255.0.9", true), ("localhost", true), ("::1", true),
  ("[::1]", true), ("0.0.0.0", false), ("192.168.1.2", false), ("::", false), ("128.0.0.1", false),
])
func onlyLoopbackAddressesAreThisMachineOnly(text: String, loopback: Bool) throws {
  #expect(try ListenAddress(text).isLoopback == loopback)
}

@Test func serveWithoutAStoreSaysSoAndStops() throws {
  let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-none-\(UUID().uuidString)")
  let (status, output) = try BrowserTools.run(
    BrowserTools.faver.path, ["serve", "--store", missing.path, "--port", "0"])
  #expect(status != 0)
  #expect(output.contains("No faver store"), "\(output)")
}

/// The web front end goes through the one door too: of faver's own modules it imports FaverKit,
/// and FaverResources (where the page's files lie), never the store, the files or the metadata
/// readers.
@Test func theServerImportsNothingOfFaversButFaverKit() throws {
  let folder = ServeWorkspace.package.appendingPathComponent("Sources/FaverServe")
  let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
    $0.hasSuffix(".swift")
  }
  #expect(files.count > 5)
  for file in files {
    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    let imports = text.split(separator: "\n").filter { $0.contains("import Faver") }
    #expect(
      imports.allSatisfy { $0.hasSuffix("import FaverKit") || $0.hasSuffix("import FaverResources") },
      "\(file): \(imports)")
  }
}
