import Foundation

#if canImport(Glibc)
  import Glibc
#endif

enum Output {
  /// Pretty JSON with sorted keys, so scripts and diffs see a stable text.
  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Writes bytes to standard output as they are, after anything `print` still holds.
  static func write(_ bytes: UnsafeRawBufferPointer) throws {
    fflush(nil)  // every stream: what `print` holds goes out first
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(STDOUT_FILENO, base + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        throw CocoaError(
          .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
      }
      offset += written
    }
  }

  static func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
  }
}
