import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension FileHandle {
  /// Reads the file's bytes from `offset` into `buffer` until it is full or the file ends, with
  /// as few calls as the kernel allows (Foundation's `read(upToCount:)` asks for 4 KiB at a time,
  /// and makes a new buffer each call); returns how many were read (fewer than the buffer holds
  /// only at the end of the file).
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
    var count = 0
    while count < buffer.count {
      let read = pread(
        fileDescriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count, off_t(offset + count))
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      if read == 0 { break }
      count += read
    }
    return count
  }
}
