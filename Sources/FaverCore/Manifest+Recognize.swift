import Foundation

extension Manifest {
  /// How many bytes of a file's start and end `isWrittenByFaver` looks at.
  public static let recognizedLength = 256

  /// Whether a file whose first bytes are `start` and whose last are `end` (up to
  /// `recognizedLength` each) is laid out as `Writer` writes a manifest: an object whose first key
  /// is `generatedAt` and whose last two are `schemaVersion` (an integer) and `thresholdSeconds`
  /// (a number), two-space indented, with `"key" : value`. Another program's JSON (another's keys,
  /// or `jq`'s `"key": value`), a text file or a photo is not.
  public static func isWrittenByFaver(start: [UInt8], end: [UInt8]) -> Bool {
    guard start.starts(with: Array("{\n  \"generatedAt\" : \"".utf8)) else { return false }
    var tail = String(decoding: end, as: UTF8.self)[...]
    if tail.hasSuffix("\n") { tail = tail.dropLast() }
    let closing = "\n}"
    let thresholdKey = ",\n  \"thresholdSeconds\" : "
    let versionKey = "\n  \"schemaVersion\" : "
    guard tail.hasSuffix(closing),
      let threshold = tail.dropLast(closing.count).range(of: thresholdKey, options: .backwards),
      let version = tail[..<threshold.lowerBound].range(of: versionKey, options: .backwards)
    else { return false }
    let number = tail[threshold.upperBound..<tail.index(tail.endIndex, offsetBy: -closing.count)]
    let digits = tail[version.upperBound..<threshold.lowerBound]
    return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
      && Double(number) != nil
  }
}
