import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why `faver serve` cannot listen where it was asked.
public enum ServeError: Error, Equatable, CustomStringConvertible {
  /// `--listen` is not an IP address or `localhost` (a port in it, a DNS name).
  case notAnAddress(String)
  case portInUse(port: Int)
  /// A port below 1024 without the right to it.
  case portNeedsPrivilege(port: Int)
  /// The address is none of this machine's.
  case addressNotHere(String)

  public var description: String {
    switch self {
    case .notAnAddress(let text):
      "--listen \(text) is not an address: give an IP address of this machine (127.0.0.1, ::1, or 0.0.0.0 for every network) or localhost, and the port with --port."
    case .portInUse(let port):
      "Port \(port) is in use by another program; try `--port 0` to pick a free one."
    case .portNeedsPrivilege(let port):
      "Port \(port) is below 1024, which only the administrator may listen on; pick another with `--port 8080`, or `--port 0` for a free one."
    case .addressNotHere(let host):
      "\(host) is not an address of this machine; listen on 127.0.0.1 (the default) or one `ip address` lists."
    }
  }

  /// The error of failing to listen on `host`:`port` as a sentence; nil for any other error.
  init?(listening error: any Error, host: String, port: Int) {
    if error is SocketAddressError {
      self = .notAnAddress(host)
      return
    }
    guard let error = error as? IOError else { return nil }
    switch error.errnoCode {
    case EADDRINUSE: self = .portInUse(port: port)
    case EACCES, EPERM: self = .portNeedsPrivilege(port: port)
    case EADDRNOTAVAIL: self = .addressNotHere(host)
    default: return nil
    }
  }
}
