import FaverKit
import Foundation
import Testing

/// Runs the built `faver` with `arguments`: its exit status, stdout and stderr.
private func faver(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
  let process = Process()
  process.executableURL = BrowserTools.faver
  process.arguments = arguments
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let printed = output.fileHandleForReading.readDataToEndOfFile()
  let said = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: printed, as: UTF8.self), String(decoding: said, as: UTF8.self)
  )
}

/// `faver devices` lists what pairing made, as JSON too, and `--revoke` ends a device by name,
/// or all of them; an unknown name is a sentence that lists the names.
@Test func devicesListsAndRevokesPairedDevices() throws {
  let workspace = try ServeWorkspace()
  let store = ["--store", workspace.store.path]
  let phone = try workspace.library.pairDevice(named: "iPhone Safari")
  _ = try workspace.library.pairDevice(named: "Android Chrome")
  let listed = try faver(["devices", "--json"] + store)
  #expect(listed.status == 0)
  let devices = try #require(
    try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: String]])
  #expect(devices.map { $0["name"] } == ["iPhone Safari", "Android Chrome"])
  #expect(devices.allSatisfy { $0["pairedAt"]?.hasSuffix("Z") == true && $0["lastSeen"] != nil })
  #expect(!listed.output.contains(phone.secret))
  let unknown = try faver(["devices", "--revoke", "Nokia"] + store)
  #expect(unknown.status == 1)
  #expect(unknown.errors.contains(#"No paired device is named "Nokia""#))
  #expect(unknown.errors.contains(#""iPhone Safari""#))
  #expect(try faver(["devices", "--revoke", "iPhone Safari"] + store).status == 0)
  #expect(try workspace.library.pairedDevice(presenting: phone.secret) == nil)
  let text = try faver(["devices"] + store)
  #expect(text.output.hasPrefix("Android Chrome  paired "))
  let all = try faver(["devices", "--revoke", "all"] + store)
  #expect(all.output.contains("Revoked 1 device"))
  let none = try faver(["devices", "--json"] + store).output
  #expect((try JSONSerialization.jsonObject(with: Data(none.utf8)) as? [Any])?.isEmpty == true)
}
