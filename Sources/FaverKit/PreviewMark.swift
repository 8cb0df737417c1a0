public import Foundation

/// How a preview faver copies into a person's folder (`preview --out DIR`) says that faver wrote
/// it: a JPEG comment (a COM segment) reading "faver preview", right after the start of image and
/// its JFIF segment (APP0) when one comes first. A file of that name without it is a person's,
/// which faver does not replace; a JPEG that merely starts as one is not enough.
public enum PreviewMark {
  static let comment = Array("faver preview".utf8)

  /// The COM segment: its marker, its length (counting itself) and the comment.
  static var segment: [UInt8] { [0xFF, 0xFE, 0x00, UInt8(comment.count + 2)] + comment }

  /// How many of a file's first bytes `isMarked` needs, at most: the start of image, a JFIF
  /// segment of the largest length, and the comment.
  public static let prefixLength = 2 + 2 + 0xFFFF + 4 + comment.count

  /// `jpeg` with the comment (as it is when it holds it already, or is no JPEG).
  static func marked(_ jpeg: Data) -> Data {
    let bytes = [UInt8](jpeg.prefix(prefixLength))
    guard !isMarked(bytes), let at = insertionPoint(bytes) else { return jpeg }
    var result = jpeg
    result.insert(contentsOf: segment, at: result.startIndex + at)
    return result
  }

  /// Whether `prefix`, a file's first bytes (up to `prefixLength`), holds the comment where
  /// `marked` puts it.
  public static func isMarked(_ prefix: [UInt8]) -> Bool {
    guard let at = insertionPoint(prefix) else { return false }
    return prefix.dropFirst(at).starts(with: segment)
  }

  /// Where the comment goes in a JPEG starting with `bytes`: after the start of image, and after
  /// an APP0 segment that comes next; nil when `bytes` does not start as a JPEG.
  private static func insertionPoint(_ bytes: [UInt8]) -> Int? {
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    guard bytes.count >= 6, bytes[2] == 0xFF, bytes[3] == 0xE0 else { return 2 }
    let length = Int(bytes[4]) << 8 | Int(bytes[5])
    guard length >= 2, bytes.count >= 4 + length else { return nil }
    return 4 + length
  }
}
