import Crypto
import FaverStore
public import Foundation

/// Paired devices: a device shows a long random secret (in a cookie) and the store keeps only its
/// SHA-256, so the store never holds what would let a device in. Revoking deletes the row: the
/// next request with that secret finds none, also in a server already running.
extension Library {
  /// Pairs a new device named after `name` (made unique with a number); answers the device and
  /// its secret, 256 random bits as 64 hex digits, which nothing keeps but the device.
  public func pairDevice(named name: String, at date: Date = Date()) throws -> (
    device: PairedDevice, secret: String
  ) {
    var generator = SystemRandomNumberGenerator()
    let secret = (0..<32).map { _ in
      String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator))
    }
    .joined()
    let kept = try store.addDevice(name: name, secretHash: Self.secretHash(secret), at: date)
    return (PairedDevice(name: kept, pairedAt: date, lastSeen: date), secret)
  }

  /// The paired device whose secret is `secret`, nil when none is (never paired, or revoked);
  /// notes that it was seen at `date`.
  public func pairedDevice(presenting secret: String, at date: Date = Date()) throws -> PairedDevice? {
    guard secret.utf8.count == 64 else { return nil }
    return try store.device(secretHash: Self.secretHash(secret), seenAt: date).map {
      PairedDevice(name: $0.name, pairedAt: $0.pairedAt, lastSeen: $0.lastSeen)
    }
  }

  /// Every paired device, the first paired first.
  public func pairedDevices() throws -> [PairedDevice] {
    try readableStore.devices().map {
      PairedDevice(name: $0.name, pairedAt: $0.pairedAt, lastSeen: $0.lastSeen)
    }
  }

  /// Ends the device named `name` at once; `DeviceError.unknownDevice` when none has that name.
  public func revokeDevice(named name: String) throws {
    let store = try store
    guard try store.removeDevice(named: name) else {
      throw DeviceError.unknownDevice(name, devices: try store.devices().map(\.name))
    }
  }

  /// Ends every paired device at once; answers how many there were.
  @discardableResult
  public func revokeAllDevices() throws -> Int {
    try store.removeAllDevices()
  }

  /// The SHA-256 of a secret, in hex: what the store keeps.
  static func secretHash(_ secret: String) -> String {
    SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
  }
}
