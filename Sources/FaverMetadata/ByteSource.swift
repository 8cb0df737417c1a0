#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Random-access reads of a file's bytes, so a parser reads only the headers it needs.
public protocol ByteSource {
  /// The total size in bytes.
  var size: Int64 { get }
  /// Up to `count` bytes from `offset`; fewer only at the end of the data.
  func read(at offset: Int64, count: Int) throws(MetadataError) -> [UInt8]
}

/// Bytes held in memory (tests, fuzzing, and containers nested in a read buffer).
public struct MemoryByteSource: ByteSource {
  public var bytes: [UInt8]
  public init(_ bytes: [UInt8]) { self.bytes = bytes }
  public var size: Int64 { Int64(bytes.count) }
  public func read(at offset: Int64, count: Int) -> [UInt8] {
    guard offset >= 0, offset < Int64(bytes.count), count > 0 else { return [] }
    let start = Int(offset)
    return Array(bytes[start..<min(bytes.count, start + count)])
  }
}

/// A file opened read-only. Nothing here can write to it.
public final class FileByteSource: ByteSource {
  public let size: Int64
  private let descriptor: Int32
  private let path: String

  /// Opens `path` read-only; `size` is taken from the open descriptor, so it matches what is read.
  public init(path: String) throws(MetadataError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw MetadataError.cannotOpen(path: path, errno: errno) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      close(fd)
      throw MetadataError.cannotOpen(path: path, errno: code)
    }
    descriptor = fd
    size = Int64(info.st_size)
    self.path = path
  }

  deinit { close(descriptor) }

  public func read(at offset: Int64, count: Int) throws(MetadataError) -> [UInt8] {
    guard offset >= 0, count > 0, offset < size else { return [] }
    let wanted = Int(min(Int64(count), size - offset))
    var buffer = [UInt8](repeating: 0, count: wanted)
    var done = 0
    while done < wanted {
      let n = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return pread(descriptor, base + done, wanted - done, off_t(offset) + off_t(done))
      }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { throw MetadataError.cannotRead(path: path, errno: errno) }
      if n == 0 { break }  // the file shrank under us
      done += n
    }
    if done < wanted { buffer.removeLast(wanted - done) }
    return buffer
  }
}
