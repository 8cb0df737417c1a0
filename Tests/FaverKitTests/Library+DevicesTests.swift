import FaverCore
import FaverStore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverKit

/// The store keeps a device's SHA-256 only: the secret is in no byte of the index or its WAL,
/// and that secret, and no other, finds the device.
@Test func aDeviceSecretIsStoredHashedOnly() throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-devices-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let tree = try TemporaryTree()
  var exif = ExifBuilder()
  exif.original("2024:05:01 10:00:00", offset: "+01:00")
  try tree.write("a.jpg", exif.jpeg())
  let library = Library.open(store: folder)
  _ = try library.index([tree.path])
  let paired = try library.pairDevice(named: "iPhone Safari", at: Date(timeIntervalSince1970: 1_800_000_000))
  #expect(paired.secret.count == 64)
  #expect(paired.device.name == "iPhone Safari")
  var bytes = Data()
  for name in ["index.sqlite", "index.sqlite-wal"] {
    bytes += (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
  }
  #expect(bytes.range(of: Data(paired.secret.utf8)) == nil)
  #expect(bytes.range(of: Data(Library.secretHash(paired.secret).utf8)) != nil)
  // The hash is SHA-256 (the test vector of "abc").
  #expect(Library.secretHash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  let seen = Date(timeIntervalSince1970: 1_800_000_120)
  #expect(try library.pairedDevice(presenting: paired.secret, at: seen)?.lastSeen == seen)
  #expect(try library.pairedDevice(presenting: String(repeating: "0", count: 64)) == nil)
  #expect(try library.pairedDevices().map(\.lastSeen) == [seen])
}
