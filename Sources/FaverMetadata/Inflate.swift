/// A zlib stream's bytes (RFC 1950 around RFC 1951's deflate), for the compressed text chunks of
/// a PNG (`zTXt`, a compressed `iTXt`): Foundation on Linux has no zlib API, and these few
/// kilobytes of metadata do not need one. Written after zlib's `puff.c`: decoding a bit at a
/// time, so simple to check rather than fast; every read is bounded, and malformed or oversized
/// data gives nil.
enum Inflate {
  /// The inflated bytes of `stream`, nil when it is not a zlib stream, is malformed or would
  /// inflate to more than `limit` bytes. The Adler-32 check is not verified.
  static func zlib(_ stream: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
    guard stream.count >= 2 else { return nil }
    let cmf = Int(stream[stream.startIndex])
    let flags = Int(stream[stream.startIndex + 1])
    // Deflate, a window of at most 32 KiB, a valid check, and no preset dictionary.
    guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flags) % 31 == 0, flags & 0x20 == 0 else { return nil }
    var state = State(input: BitReader(bytes: stream.dropFirst(2)), limit: limit)
    return state.inflate() ? state.output : nil
  }

  struct BitReader {
    let bytes: ArraySlice<UInt8>
    var index: Int
    var buffer = 0
    var count = 0

    init(bytes: ArraySlice<UInt8>) {
      self.bytes = bytes
      index = bytes.startIndex
    }

    /// The next `width` bits (at most 16), least significant first; nil past the end.
    mutating func bits(_ width: Int) -> Int? {
      while count < width {
        guard index < bytes.endIndex else { return nil }
        buffer |= Int(bytes[index]) << count
        index += 1
        count += 8
      }
      let value = buffer & (1 << width - 1)
      buffer >>= width
      count -= width
      return value
    }

    /// Drops the rest of the current byte.
    mutating func align() {
      buffer = 0
      count = 0
    }
  }

  /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
  struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int]

    /// Nil when the lengths over-subscribe the code; an incomplete code is allowed (a single
    /// distance code is).
    init?(lengths: [Int]) {
      for length in lengths { counts[length] += 1 }
      var left = 1
      for length in 1...15 {
        left = left << 1 - counts[length]
        guard left >= 0 else { return nil }
      }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      symbols = [Int](repeating: 0, count: lengths.count)
      for (symbol, length) in lengths.enumerated() where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }
  }

  struct State {
    var input: BitReader
    let limit: Int
    var output: [UInt8] = []

    static let lengthBase = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
      227,
      258,
    ]
    static let lengthExtra = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBase = [
      1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
      4097,
      6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
      0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    static let fixed: (Huffman, Huffman)? = {
      let literal =
        [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
        + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
      guard let lengths = Huffman(lengths: literal),
        let distances = Huffman(lengths: [Int](repeating: 5, count: 30))
      else { return nil }
      return (lengths, distances)
    }()
    /// The order in which a dynamic block gives its code-length code lengths.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    mutating func inflate() -> Bool {
      var last = 0
      while last == 0 {
        guard let final = input.bits(1), let type = input.bits(2) else { return false }
        last = final
        switch type {
        case 0: guard stored() else { return false }
        case 1:
          guard let (lengths, distances) = Self.fixed, codes(lengths, distances) else { return false }
        case 2:
          guard let (lengths, distances) = dynamicCodes(), codes(lengths, distances) else { return false }
        default: return false
        }
      }
      return true
    }

    private mutating func stored() -> Bool {
      input.align()
      guard let length = input.bits(16), let complement = input.bits(16), length == ~complement & 0xFFFF,
        input.bytes.endIndex - input.index >= length, output.count + length <= limit
      else { return false }
      output += input.bytes[input.index..<input.index + length]
      input.index += length
      return true
    }

    private mutating func decode(_ code: Huffman) -> Int? {
      var value = 0
      var first = 0
      var index = 0
      for length in 1...15 {
        guard let bit = input.bits(1) else { return nil }
        value |= bit
        let count = code.counts[length]
        if value - first < count { return code.symbols[index + value - first] }
        index += count
        first = (first + count) << 1
        value <<= 1
      }
      return nil
    }

    private mutating func codes(_ lengths: Huffman, _ distances: Huffman) -> Bool {
      while true {
        guard let symbol = decode(lengths) else { return false }
        if symbol < 256 {
          guard output.count < limit else { return false }
          output.append(UInt8(symbol))
          continue
        }
        if symbol == 256 { return true }
        let lengthIndex = symbol - 257
        guard lengthIndex < 29, let extra = input.bits(Self.lengthExtra[lengthIndex]),
          let distanceIndex = decode(distances), distanceIndex < 30,
          let distanceExtra = input.bits(Self.distanceExtra[distanceIndex])
        else { return false }
        let length = Self.lengthBase[lengthIndex] + extra
        let distance = Self.distanceBase[distanceIndex] + distanceExtra
        guard distance <= output.count, output.count + length <= limit else { return false }
        let start = output.count - distance
        for offset in 0..<length { output.append(output[start + offset]) }
      }
    }

    private mutating func dynamicCodes() -> (Huffman, Huffman)? {
      guard let literalCount = input.bits(5).map({ $0 + 257 }),
        let distanceCount = input.bits(5).map({ $0 + 1 }),
        let codeLengthCount = input.bits(4).map({ $0 + 4 }), literalCount <= 286, distanceCount <= 30
      else { return nil }
      var codeLengthLengths = [Int](repeating: 0, count: 19)
      for index in 0..<codeLengthCount {
        guard let length = input.bits(3) else { return nil }
        codeLengthLengths[Self.codeLengthOrder[index]] = length
      }
      guard let codeLengths = Huffman(lengths: codeLengthLengths) else { return nil }
      var lengths: [Int] = []
      let total = literalCount + distanceCount
      while lengths.count < total {
        guard let symbol = decode(codeLengths) else { return nil }
        switch symbol {
        case 0..<16: lengths.append(symbol)
        case 16:
          guard let previous = lengths.last, let repeats = input.bits(2) else { return nil }
          lengths += [Int](repeating: previous, count: 3 + repeats)
        case 17:
          guard let repeats = input.bits(3) else { return nil }
          lengths += [Int](repeating: 0, count: 3 + repeats)
        default:
          guard let repeats = input.bits(7) else { return nil }
          lengths += [Int](repeating: 0, count: 11 + repeats)
        }
        guard lengths.count <= total else { return nil }
      }
      // The end-of-block code must be there.
      guard lengths[256] != 0, let literal = Huffman(lengths: Array(lengths[..<literalCount])),
        let distance = Huffman(lengths: Array(lengths[literalCount...]))
      else { return nil }
      return (literal, distance)
    }
  }
}
