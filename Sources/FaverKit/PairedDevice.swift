public import Foundation

/// A device paired with `faver serve --lan` (a phone): its name (from its browser's User-Agent),
/// when it was paired and when it last asked for anything.
public struct PairedDevice: Hashable, Sendable, Codable {
  public var name: String
  public var pairedAt: Date
  public var lastSeen: Date

  public init(name: String, pairedAt: Date, lastSeen: Date) {
    self.name = name
    self.pairedAt = pairedAt
    self.lastSeen = lastSeen
  }
}

/// Why a paired device could not be revoked.
public enum DeviceError: Error, Equatable, CustomStringConvertible {
  case unknownDevice(String, devices: [String])

  public var description: String {
    switch self {
    case .unknownDevice(let name, let devices):
      "No paired device is named \"\(name)\""
        + (devices.isEmpty
          ? "; no device is paired."
          : "; run `faver devices` to list them: \(devices.map { "\"\($0)\"" }.joined(separator: ", ")).")
    }
  }
}
