package import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A file replaced all at once: written to a temporary file in the same folder, flushed to disk,
/// then renamed over the old one, so readers see the old file or the new one, never a part, even
/// if faver is killed or the machine loses power. Temporary files left by killed runs are removed
/// the first time a run writes into their folder.
package final class AtomicFile {
  package let url: URL
  private let temporary: URL
  private var descriptor: Int32

  /// Starts replacing `url`.
  package init(replacing url: URL) throws(AtomicFileError) {
    self.url = url
    let folder = url.deletingLastPathComponent()
    Self.removeAbandonedTemporariesOnce(in: folder)
    temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
    descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw failure(errno)
    }
  }

  /// Removes the temporary file unless `commit` put it in place.
  deinit {
    guard descriptor >= 0 else { return }
    close(descriptor)
    unlink(temporary.path)
  }

  package func write(_ bytes: UnsafeRawBufferPointer) throws(AtomicFileError) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      offset += written
    }
  }

  /// Gives the new file these access and modification times (a copy keeping its source's).
  package func setTimes(accessed: timespec, modified: timespec) throws(AtomicFileError) {
    let times = [accessed, modified]
    guard futimens(descriptor, times) == 0 else { throw failure(errno) }
  }

  /// Flushes what was written to disk and puts it in place of the old file. Not `durable`: put in
  /// place without waiting for the disk (a cache that checks what it reads back): readers and a
  /// killed run still never see a part, but a power cut may lose the file or leave it short.
  package func commit(durable: Bool = true) throws(AtomicFileError) {
    guard !durable || fsync(descriptor) == 0 else { throw failure(errno) }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else {
      let code = errno
      unlink(temporary.path)
      throw failure(code)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw failure(code)
    }
    guard durable else { return }
    let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      _ = fsync(folder)
      close(folder)
    }
  }

  private func failure(_ code: Int32) -> AtomicFileError {
    .cannotWrite(path: url.path, reason: String(cString: strerror(code)), errno: code)
  }

  /// Folders already cleaned by this process.
  private static let cleaned = Mutex<Set<String>>([])

  /// Removes the abandoned temporaries of `folder` the first time this process writes there: a
  /// listing per folder, not per file (a sidecar per photo, an album of copies).
  static func removeAbandonedTemporariesOnce(in folder: URL) {
    guard cleaned.withLock({ $0.insert(folder.path).inserted }) else { return }
    removeAbandonedTemporaries(in: folder)
  }

  /// Removes `.NAME.PID.UUID.tmp` files, as `init` names them, whose process is gone (killed
  /// mid-write).
  static func removeAbandonedTemporaries(in folder: URL) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    for entry in entries where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
      // From the end: `tmp`, the UUID (no dots), the pid; the name may hold dots of its own.
      let fields = entry.split(separator: ".").reversed().dropFirst()
      guard let uuid = fields.first, UUID(uuidString: String(uuid)) != nil,
        let pid = fields.dropFirst().first.flatMap({ pid_t($0) }), pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
    }
  }
}

/// Why a file could not be replaced.
package enum AtomicFileError: Error, Equatable, CustomStringConvertible {
  /// `errno` says why, when the system said.
  case cannotWrite(path: String, reason: String, errno: Int32 = 0)

  package var description: String {
    switch self {
    case .cannotWrite(let path, let reason, let code):
      let advice =
        switch code {
        case ENOSPC, EDQUOT: "The disk is full: free some space and run it again; nothing was replaced."
        case ENOENT, ENOTDIR: "The folder does not exist: create it, or name another."
        case EACCES, EPERM, EROFS: "The folder is not writable: fix its permissions, or name another."
        default: "Nothing was replaced."
        }
      return "Cannot write \(path): \(reason). \(advice)"
    }
  }
}
