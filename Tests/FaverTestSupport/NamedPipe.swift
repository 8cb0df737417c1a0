import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A named pipe (FIFO) a test hook writes into, read without Foundation: a signal arriving while
/// it waits (another test's child ending) interrupts a read, which is then simply read again.
public enum NamedPipe {
  /// The first line written into the pipe at `path` (without its newline); waits for a writer.
  /// Blocks the calling thread: call it off the test's threads (`Task.detached`).
  public static func firstLine(_ path: String) -> String {
    var descriptor: Int32
    repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while !bytes.contains(UInt8(ascii: "\n")) {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
  }
}
