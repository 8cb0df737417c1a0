import NIOCore

/// The address other devices on the network reach this machine at, for the pairing link of
/// `faver serve --lan`: the first private IPv4 address of an interface that is up (10/8,
/// 172.16/12, 192.168/16, then 100.64/10, Tailscale's), else any non-loopback IPv4 address.
public enum LANAddress {
  public static func find() -> String? {
    let addresses = ((try? System.enumerateDevices()) ?? []).compactMap { device -> String? in
      guard let address = device.address, case .v4 = address, let ip = address.ipAddress,
        !ip.hasPrefix("127.")
      else { return nil }
      return ip
    }
    return addresses.first(where: isPrivate) ?? addresses.first
  }

  /// RFC 1918 and carrier-grade NAT (Tailscale) IPv4 addresses.
  static func isPrivate(_ ip: String) -> Bool {
    let parts = ip.split(separator: ".").compactMap { Int($0) }
    guard parts.count == 4 else { return false }
    return parts[0] == 10 || (parts[0] == 172 && (16...31).contains(parts[1]))
      || (parts[0] == 192 && parts[1] == 168) || (parts[0] == 100 && (64...127).contains(parts[1]))
  }
}
