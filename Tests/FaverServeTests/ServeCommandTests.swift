import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `faver serve` as a person runs it: it prints the address, answers there, and stops cleanly on
/// Ctrl-C; another address than 127.0.0.1 only when asked, with a warning.
@Test(arguments: [nil, "127.0.0.2"])
func serveAnswersAtTheAddressItPrintsAndStopsOnControlC(listen: String?) async throws {
  let workspace = try ServeWorkspace()
  let process = Process()
  process.executableURL = BrowserTools.faver
  process.arguments =
    ["serve", "--store", workspace.store.path, "--port", "0"] + (listen.map { ["--listen", $0] } ?? [])
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  // The first line says where: read until it is whole (the read blocks until faver writes).
  var line = Data()
  while !line.contains(UInt8(ascii: "\n")) {
    let chunk = output.fileHandleForReading.availableData
    if chunk.isEmpty { break }
    line += chunk
  }
  let text = String(decoding: line, as: UTF8.self)
  let address = try #require(text.split(separator: " ").first { $0.hasPrefix("http://") }, "\(text)")
  #expect(address.hasPrefix("http://\(listen ?? "127.0.0.1"):"))
  let url = try #require(URL(string: String(address) + "api/next"))
  let (data, response) = try await URLSession.shared.data(from: url)
  #expect((response as? HTTPURLResponse)?.statusCode == 200)
  #expect(String(decoding: data, as: UTF8.self).contains(#""id""#))
  process.interrupt()  // Ctrl-C
  process.waitUntilExit()
  #expect(process.terminationReason == .exit)
  #expect(process.terminationStatus == 0)
  let warning = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  #expect(warning.contains("not only on this machine") == (listen != nil), "\(warning)")
}

@Test func serveWithoutAStoreSaysSoAndStops() throws {
  let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-none-\(UUID().uuidString)")
  let (status, output) = try BrowserTools.run(
    BrowserTools.faver.path, ["serve", "--store", missing.path, "--port", "0"])
  #expect(status != 0)
  #expect(output.contains("No faver store"), "\(output)")
}

/// The web front end goes through the one door too: of faver's own modules it imports FaverKit
/// only (never the store, the files or the metadata readers).
@Test func theServerImportsNothingOfFaversButFaverKit() throws {
  let folder = ServeWorkspace.package.appendingPathComponent("Sources/FaverServe")
  let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
    $0.hasSuffix(".swift")
  }
  #expect(files.count > 5)
  for file in files {
    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    let imports = text.split(separator: "\n").filter { $0.contains("import Faver") }
    #expect(imports.allSatisfy { $0.hasSuffix("import FaverKit") }, "\(file): \(imports)")
  }
}
