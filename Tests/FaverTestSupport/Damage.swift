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

/// One way a fuzzer damages a file. Where a mutation lands is drawn with a bias to the first and
/// last 64 KiB, where containers keep their structure (a movie's `moov` is often at the end).
public enum Mutation: String, CaseIterable, Sendable {
  /// A few bytes set to random values.
  case setBytes
  /// A few bits flipped.
  case flipBits
  /// The file cut short.
  case truncate
  /// Random bytes inserted.
  case insertBytes
  /// A run of the file (from a box or chunk header, half the time) copied to another place.
  case duplicateChunk
  /// A run of the file removed.
  case removeChunk
  /// A length field set to 0: the 4 bytes before a four-letter tag (a box or chunk size), the 4
  /// after it (RIFF), the 2 after a JPEG marker, or 2, 4 or 8 bytes anywhere.
  case zeroLength
  /// A length field (found the same way) set to its largest value, signed or not.
  case maxLength
}

extension Array where Element == UInt8 {
  /// A copy with `mutation` applied once (an empty file stays empty).
  public func mutated(_ mutation: Mutation, using generator: inout SeededGenerator) -> [UInt8] {
    guard !isEmpty else { return self }
    var copy = self
    switch mutation {
    case .setBytes:
      return damaged(bytes: 1...8, from: position(using: &generator), using: &generator)
    case .flipBits:
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        copy[position(using: &generator)] ^= 1 << UInt8.random(in: 0...7, using: &generator)
      }
    case .truncate:
      copy.removeSubrange(position(using: &generator)...)
    case .insertBytes:
      let bytes = (0..<Int.random(in: 1...64, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      copy.insert(contentsOf: bytes, at: position(using: &generator))
    case .duplicateChunk:
      let start = Swift.max(
        0, Bool.random(using: &generator) ? tagged(using: &generator) - 4 : position(using: &generator))
      let chunk = self[start..<Swift.min(count, start + Int.random(in: 1...4096, using: &generator))]
      copy.insert(contentsOf: chunk, at: position(using: &generator))
    case .removeChunk:
      let start = position(using: &generator)
      copy.removeSubrange(start..<Swift.min(count, start + Int.random(in: 1...4096, using: &generator)))
    case .zeroLength, .maxLength:
      let (offset, width, littleEndian) = lengthField(using: &generator)
      let signed = Bool.random(using: &generator)
      for index in 0..<width where offset + index >= 0 && offset + index < count {
        let most = littleEndian ? index == width - 1 : index == 0
        copy[offset + index] = mutation == .zeroLength ? 0 : most && signed ? 0x7F : 0xFF
      }
    }
    return copy
  }

  /// A position in the file: a quarter of the time in its first 64 KiB, a quarter in its last.
  private func position(using generator: inout SeededGenerator) -> Int {
    let window = Swift.min(count, 65_536)
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: return Int.random(in: 0..<window, using: &generator)
    case 1: return count - 1 - Int.random(in: 0..<window, using: &generator)
    default: return Int.random(in: 0..<count, using: &generator)
    }
  }

  /// Where a four-letter tag (`moov`, `IHDR`, `VP8X`, `Exif`) starts, searching on from a
  /// random position; a random position when none is found within 64 KiB.
  private func tagged(using generator: inout SeededGenerator) -> Int {
    let start = position(using: &generator)
    var run = 0
    for index in start..<Swift.min(count, start + 65_536) {
      let byte = self[index]
      let isTagByte =
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
        || byte == 0x20 || byte == 0xA9
      run = isTagByte ? run + 1 : 0
      if run == 4 { return index - 3 }
    }
    return start
  }

  /// A length field: offset, width and byte order.
  private func lengthField(using generator: inout SeededGenerator) -> (Int, Int, Bool) {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: return (tagged(using: &generator) - 4, 4, false)  // box and chunk sizes
    case 1: return (tagged(using: &generator) + 4, 4, true)  // RIFF chunk sizes
    case 2:
      // A JPEG segment length: the 2 bytes after FF xx.
      let start = position(using: &generator)
      let marker = self[start...].firstIndex(of: 0xFF) ?? start
      return (marker + 2, 2, false)
    default:
      let width = [2, 4, 8].randomElement(using: &generator) ?? 4
      return (position(using: &generator), width, Bool.random(using: &generator))
    }
  }
}
