/// One change to a document's bytes: a range replaced (an insertion replaces an empty range).
/// Every byte outside the edits' ranges stays as it is.
struct ByteEdit: Equatable {
  var range: Range<Int>
  var replacement: [UInt8]

  init(_ range: Range<Int>, _ replacement: some Sequence<UInt8>) {
    self.range = range
    self.replacement = Array(replacement)
  }

  /// `bytes` with every edit made, or nil when two edits overlap.
  static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.count })
    var position = 0
    for edit in edits.sorted(by: {
      ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
    }) {
      guard edit.range.lowerBound >= position, edit.range.upperBound <= bytes.count else { return nil }
      result += bytes[position..<edit.range.lowerBound]
      result += edit.replacement
      position = edit.range.upperBound
    }
    return result + bytes[position...]
  }
}
