import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Entries that are not regular files: a pipe, a socket.
extension TemporaryTree {
  /// Makes a named pipe (FIFO) at `relative`.
  public func fifo(_ relative: String) throws {
    guard mkfifo(root.appendingPathComponent(relative).path, 0o644) == 0 else { throw POSIXError(errno) }
  }

  /// Binds a Unix-domain socket at `relative` (its path must fit `sun_path`, 108 bytes); the
  /// socket file stays after its descriptor is closed.
  public func socket(_ relative: String) throws {
    let path = root.appendingPathComponent(relative).path
    let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(errno) }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw POSIXError(errno) }
  }
}

extension POSIXError {
  fileprivate init(_ code: Int32) { self.init(POSIXErrorCode(rawValue: code) ?? .EIO) }
}
