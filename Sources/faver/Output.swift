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
    try FileHandle.standardOutput.write(contentsOf: bytes)
  }

  static func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
  }
}
