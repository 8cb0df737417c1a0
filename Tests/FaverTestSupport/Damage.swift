extension Array where Element == UInt8 {
  /// A copy with a few bytes (how many drawn from `changes`), at or after `start`, set to random
  /// values: the damage the fuzzing tests feed every parser.
  public func damaged(
    bytes changes: ClosedRange<Int>, from start: Int = 0, using generator: inout SeededGenerator
  ) -> [UInt8] {
    var copy = self
    for _ in 0..<Int.random(in: changes, using: &generator) {
      copy[Int.random(in: start..<copy.count, using: &generator)] = UInt8.random(
        in: 0...255, using: &generator)
    }
    return copy
  }
}
