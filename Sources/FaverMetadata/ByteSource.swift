#if canImport(Glibc)
  package import Glibc  // `stat`, in FileByteSource.status
#elseif canImport(Darwin)
  package import Darwin
#endif

/// Random-access reads of a file's bytes, so a parser reads only the headers it needs.
package protocol ByteSource {
  /// The total size in bytes.
  var size: Int64 { get }
  /// Up to `count` bytes from `offset`; fewer only at the end of the data.
  func read(at offset: Int64, count: Int) throws(MetadataError) -> [UInt8]
}

/// Bytes held in memory (tests, fuzzing, and containers nested in a read buffer).
package struct MemoryByteSource: ByteSource {
  package var bytes: [UInt8]
  package init(_ bytes: [UInt8]) { self.bytes = bytes }
  package var size: Int64 { Int64(bytes.count) }
  package func read(at offset: Int64, count: Int) -> [UInt8] {
    guard offset >= 0, offset < Int64(bytes.count), count > 0 else { return [] }
    let start = Int(offset)
    return Array(bytes[start..<min(bytes.count, start + count)])
  }
}

/// A file opened read-only. Nothing here can write to it.
package final class FileByteSource: ByteSource {
  package let size: Int64
  /// What `fstat` said about the open file; nil when the size was given.
  package let status: stat?
  private let descriptor: Int32
  private let path: String

  /// Opens `path` read-only; `size` is taken from the open descriptor, so it matches what is read.
  package convenience init(path: String) throws(MetadataError) {
    try self.init(folder: AT_FDCWD, name: path, path: path, flags: 0, size: nil)
  }

  /// Opens the regular file at `path`, which no one stat'ed yet (a folder listing said what it
  /// was). What was put in its place since is refused as vanished, never followed (a symbolic
  /// link) nor waited on (a pipe).
  package convenience init(regularFileAt path: String) throws(MetadataError) {
    try self.init(regularFileNamed: path, inFolder: AT_FDCWD, path: path)
  }

  /// As `init(regularFileAt:)`, for the file `name` in the folder open as `folder`: the kernel
  /// then need not walk down the whole path again for each file. `path` is the file's whole
  /// path, for messages.
  package convenience init(regularFileNamed name: String, inFolder folder: Int32, path: String)
    throws(MetadataError)
  {
    do {
      try self.init(folder: folder, name: name, path: path, flags: O_NOFOLLOW | O_NONBLOCK, size: nil)
    } catch .cannotOpen(_, ELOOP) {
      throw .cannotOpen(path: path, errno: ENOENT)
    }
    guard let status, status.st_mode & S_IFMT == S_IFREG else {
      throw .cannotOpen(path: path, errno: ENOENT)
    }
  }

  /// Opens the file `name` in the folder open as `folder`, taking `size` as its size (the walk's
  /// `lstat` said it a moment ago, which saves an `fstat`). A file that shrank since then reads
  /// short, as one cut short while it is read would; a pipe put in its place is not waited on.
  package convenience init(named name: String, inFolder folder: Int32, path: String, size known: Int64)
    throws(MetadataError)
  {
    try self.init(folder: folder, name: name, path: path, flags: O_NONBLOCK, size: known)
  }

  private init(folder: Int32, name: String, path: String, flags: Int32, size known: Int64?)
    throws(MetadataError)
  {
    let fd = openat(folder, name, O_RDONLY | O_CLOEXEC | flags)
    guard fd >= 0 else { throw MetadataError.cannotOpen(path: path, errno: errno) }
    if let known {
      size = known
      status = nil
    } else {
      var info = stat()
      guard fstat(fd, &info) == 0 else {
        let code = errno
        close(fd)
        throw MetadataError.cannotOpen(path: path, errno: code)
      }
      size = Int64(info.st_size)
      status = info
    }
    descriptor = fd
    self.path = path
  }

  deinit { close(descriptor) }

  package func read(at offset: Int64, count: Int) throws(MetadataError) -> [UInt8] {
    guard offset >= 0, count > 0, offset < size else { return [] }
    let wanted = Int(min(Int64(count), size - offset))
    var failure: Int32 = 0
    // Not zero-filled first: every byte handed back is one `pread` wrote.
    let buffer = [UInt8](unsafeUninitializedCapacity: wanted) { raw, done in
      guard let base = raw.baseAddress else { return }
      while done < wanted {
        let n = pread(descriptor, base + done, wanted - done, off_t(offset) + off_t(done))
        if n < 0, errno == EINTR { continue }
        guard n > 0 else {  // an error, or the file shrank under us
          if n < 0 { failure = errno }
          return
        }
        done += n
      }
    }
    guard failure == 0 else { throw MetadataError.cannotRead(path: path, errno: failure) }
    return buffer
  }
}
