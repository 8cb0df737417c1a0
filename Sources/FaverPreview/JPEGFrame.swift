/// A JPEG's frame header (SOF), read by walking its markers: enough to know what libjpeg will
/// allocate before it does.
struct JPEGFrame: Equatable {
  var width: Int
  var height: Int
  /// Progressive (SOF2, SOF6, SOF10, SOF14): libjpeg keeps every DCT coefficient of the whole
  /// image until the last scan, whatever the scale it decodes to.
  var isProgressive: Bool
  /// Each component's horizontal and vertical sampling factors.
  var sampling: [(horizontal: Int, vertical: Int)]

  static func == (lhs: JPEGFrame, rhs: JPEGFrame) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.isProgressive == rhs.isProgressive
      && lhs.sampling.map(\.horizontal) == rhs.sampling.map(\.horizontal)
      && lhs.sampling.map(\.vertical) == rhs.sampling.map(\.vertical)
  }

  /// The frame header of `jpeg`; nil when none is found before the image data.
  init?(_ jpeg: [UInt8]) {
    guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
    var at = 2
    while at + 4 <= jpeg.count {
      guard jpeg[at] == 0xFF else { return nil }
      let marker = jpeg[at + 1]
      if marker == 0xFF {  // fill byte
        at += 1
        continue
      }
      let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
      guard length >= 2 else { return nil }
      // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC).
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        let start = at + 4
        guard start + 6 <= jpeg.count else { return nil }
        height = Int(jpeg[start + 1]) << 8 | Int(jpeg[start + 2])
        width = Int(jpeg[start + 3]) << 8 | Int(jpeg[start + 4])
        let count = Int(jpeg[start + 5])
        guard count > 0, start + 6 + count * 3 <= jpeg.count else { return nil }
        sampling = (0..<count).map { index in
          let factors = jpeg[start + 6 + index * 3 + 1]
          return (max(1, Int(factors >> 4)), max(1, Int(factors & 0x0F)))
        }
        isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        return
      }
      if marker == 0xDA { return nil }  // image data before any frame header
      at += 2 + length
    }
    return nil
  }

  /// The bytes of DCT coefficients a progressive decode holds: 64 coefficients of 2 bytes per
  /// 8×8 block of each component, at full size; 0 for a sequential JPEG (decoded a row of blocks
  /// at a time).
  var coefficientBytes: Int64 {
    guard isProgressive else { return 0 }
    let largestH = sampling.map(\.horizontal).max() ?? 1
    let largestV = sampling.map(\.vertical).max() ?? 1
    // The image in whole MCUs (a minimal coded unit is largestH × largestV blocks).
    let columns = Int64((width + 8 * largestH - 1) / (8 * largestH))
    let rows = Int64((height + 8 * largestV - 1) / (8 * largestV))
    return sampling.reduce(0) { total, factors in
      total + columns * Int64(factors.horizontal) * rows * Int64(factors.vertical) * 64 * 2
    }
  }
}
