package import FaverStore
package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a store for the runs that update it (`index`, `refresh`), so two runs
/// that overlap (cron and a person, two cron jobs) never interleave. Reads and review marks do not
/// need it: SQLite keeps them consistent. The lock is released when the value is dropped or the
/// process dies, so a killed run never leaves a stale lock behind.
package final class StoreLock {
  private let descriptor: Int32

  package static let fileName = "lock"

  /// Takes the lock; with `wait` false a store already locked throws `StoreError.busy` at once.
  package init(folder: URL, wait: Bool) throws(StoreError) {
    let path = folder.appendingPathComponent(Self.fileName).path
    try StoreFolder.prepare(folder)
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .lockUnavailable(path: path, reason: String(cString: strerror(errno))) }
    while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
      if errno == EINTR { continue }
      let code = errno
      close(fd)
      if code == EWOULDBLOCK { throw .busy(path: folder.path) }
      throw .lockUnavailable(path: path, reason: String(cString: strerror(code)))
    }
    descriptor = fd
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
