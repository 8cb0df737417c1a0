import FaverCore
package import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file replaced all at once: written to a file with no name in the same folder (`O_TMPFILE`),
/// flushed to disk, given a temporary name and renamed over the old one, so readers see the old
/// file or the new one, never a part, even if faver is killed or the machine loses power. A run
/// killed before the rename leaves nothing behind (the kernel drops an unnamed file); only where
/// the folder's file system has no unnamed files is the temporary named from the start. Either
/// way the temporary is named `.faver-UUID.tmp`, removed by the process that made it when the
/// write fails, and never by any other: faver removes no file it did not make in the same run.
/// A symbolic link at `url` is refused, never replaced, unless the caller knows it made it.
package final class AtomicFile {
  package let url: URL
  private var descriptor: Int32
  /// The temporary's path once it has a name; nil while it has none, and once it is in place.
  private var temporary: String?

  /// A symbolic link at `url` is put in place of only when this says so (an album's link that
  /// faver made, becoming a copy).
  private let replacesLink: Bool

  /// Starts replacing `url`; a file it creates gets `mode` (less the umask): 0600 for the store's
  /// files, which are its person's alone.
  package init(replacing url: URL, replacesLink: Bool = false, mode: mode_t = 0o644) throws(AtomicFileError) {
    self.url = url
    self.replacesLink = replacesLink
    let folder = url.deletingLastPathComponent().path
    descriptor = open(folder, Self.unnamed | O_WRONLY | O_CLOEXEC, mode)
    guard descriptor < 0 else { return }
    let code = errno
    // File systems without unnamed files say so in one of these ways; anything else is a reason.
    guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL else {
      throw Self.failure(code, url)
    }
    let path = Self.temporaryPath(in: folder)
    descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw Self.failure(errno, url) }
    temporary = path
  }

  /// Removes the temporary file unless `commit` put it in place.
  deinit {
    if descriptor >= 0 { close(descriptor) }
    if let temporary { unlink(temporary) }
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
    let folder = url.deletingLastPathComponent().path
    let path: String
    if let temporary {
      path = temporary
    } else {
      // An unnamed file gets a name through its descriptor's entry in /proc.
      path = Self.temporaryPath(in: folder)
      guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
        throw failure(errno)
      }
      temporary = path
    }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else { throw failure(errno) }
    var info = stat()
    if !replacesLink, lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
      throw .symbolicLink(path: url.path)
    }
    Self.stopIfAsked()
    guard rename(path, url.path) == 0 else { throw failure(errno) }
    temporary = nil
    guard durable else { return }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)
      close(directory)
    }
  }

  private func failure(_ code: Int32) -> AtomicFileError { Self.failure(code, url) }

  private static func failure(_ code: Int32, _ url: URL) -> AtomicFileError {
    .cannotWrite(path: url.path, reason: String(cString: strerror(code)), errno: code)
  }

  /// `O_TMPFILE`, which Glibc's Swift module does not export: a file with no name in a folder.
  private static let unnamed: Int32 = 0o20_000_000 | O_DIRECTORY

  /// A temporary's path in `folder`: hidden, saying it is faver's, of a fixed length (a photo's
  /// long name plus a suffix could pass the file system's limit).
  package static func temporaryPath(in folder: String) -> String {
    joinPath(folder, ".faver-\(UUID().uuidString).tmp")
  }

  #if DEBUG
    /// Tests kill a writer at its worst moment: in a debug build with
    /// `FAVER_TEST_STOP_BEFORE_RENAME` set, the process stops itself (SIGSTOP) when a named
    /// temporary is about to be renamed into place. A release build reads no such variable.
    private static let stopsBeforeRename = getenv("FAVER_TEST_STOP_BEFORE_RENAME") != nil
  #else
    private static let stopsBeforeRename = false
  #endif

  private static func stopIfAsked() {
    if stopsBeforeRename { raise(SIGSTOP) }
  }
}

/// Why a file could not be replaced.
package enum AtomicFileError: Error, Equatable, CustomStringConvertible {
  /// `errno` says why, when the system said.
  case cannotWrite(path: String, reason: String, errno: Int32 = 0)
  /// The file to replace is a symbolic link, which faver leaves alone.
  case symbolicLink(path: String)

  /// Why, without the path: for a message that names the file its own way.
  package var reason: String {
    switch self {
    case .cannotWrite(_, let reason, _): reason
    case .symbolicLink: "it is a symbolic link, which faver never replaces"
    }
  }

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
    case .symbolicLink(let path):
      return "\(path) is a symbolic link; faver never replaces a link. "
        + "Put the file it points to in its place, or remove the link, and run it again."
    }
  }
}
