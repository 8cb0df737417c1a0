import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A named pipe (FIFO) a test hook writes into, read without Foundation: a signal arriving while
/// it waits (another test's child ending) interrupts a read, which is then simply read again.
public enum NamedPipe {
  /// The first line written into the pipe at `path` (without its newline), and `then` of it, read
  /// on a thread of its own (opening the pipe waits for its writer): never on one of the few
  /// threads Swift's tasks share, which other tests need meanwhile.
  public static func firstLine<T: Sendable>(
    _ path: String, then: @escaping @Sendable (String) -> T = { $0 }
  ) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: then(firstLine(blocking: path))) }
    }
  }

  /// `firstLine`, on the calling thread.
  public static func firstLine(blocking path: String) -> String {
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
