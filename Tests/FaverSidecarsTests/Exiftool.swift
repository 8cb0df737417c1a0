import FaverTestSupport
import Foundation
import Testing

/// exiftool's readings of sidecar bytes, written to a temporary file.
extension Exiftool {
  /// One tag's value as `-s3` prints it, "" when the file does not hold it.
  static func value(_ tag: String, of bytes: Data) throws -> String {
    try withFile(bytes) { try value(tag, ofFile: $0) }
  }

  /// Every tag exiftool reads in the file (`-G1 -n -a -struct`: a list of structures, such as
  /// darktable's history, whole), by `Group:Tag`, as JSON text, without the file system's (name,
  /// size, dates) and exiftool's own.
  static func tags(of bytes: Data) throws -> [String: String] {
    let json = try withFile(bytes) { try run(["-j", "-G1", "-n", "-a", "-struct", $0]) }
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    var tags: [String: String] = [:]
    for (key, value) in try #require(objects.first) {
      guard !["SourceFile", "ExifTool:", "System:", "File:"].contains(where: key.hasPrefix) else { continue }
      let data = try JSONSerialization.data(withJSONObject: [value], options: .sortedKeys)
      tags[key] = String(decoding: data, as: UTF8.self)
    }
    return tags
  }

  private static func withFile<T>(_ bytes: Data, _ body: (String) throws -> T) throws -> T {
    let tree = try TemporaryTree()
    let path = tree.root.appendingPathComponent("sidecar.xmp").path
    try bytes.write(to: URL(fileURLWithPath: path))
    return try body(path)
  }
}
