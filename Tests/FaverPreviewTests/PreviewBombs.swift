import FaverPreview

/// Files built in the tests whose headers make a decoder allocate far more than they hold.
enum PreviewBombs {
  /// A small real JPEG (`width`×`height`, a gradient) as faver encodes it: baseline, no EXIF.
  static func jpeg(width: Int = 96, height: Int = 64) throws -> [UInt8] {
    var image = RGBImage(width: width, height: height, red: 0, green: 0, blue: 0)
    for y in 0..<height {
      for x in 0..<width {
        let at = (y * width + x) * 3
        image.pixels[at] = UInt8(x * 255 / max(1, width - 1))
        image.pixels[at + 1] = UInt8(y * 255 / max(1, height - 1))
        image.pixels[at + 2] = 0x80
      }
    }
    return try JPEGCodec.encode(image)
  }

  /// `jpeg` with its frame header made progressive (SOF2) and claiming `width`×`height`: a few
  /// hundred bytes that libjpeg would decode through width × height × 2 bytes per component of
  /// coefficients, whatever the scale.
  static func progressive(claiming width: Int, _ height: Int) throws -> [UInt8] {
    var bytes = try jpeg()
    var at = 2
    while at + 9 < bytes.count, bytes[at] == 0xFF {
      let marker = bytes[at + 1]
      let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
      if marker == 0xC0 {
        bytes[at + 1] = 0xC2
        bytes[at + 5] = UInt8(height >> 8)
        bytes[at + 6] = UInt8(height & 0xFF)
        bytes[at + 7] = UInt8(width >> 8)
        bytes[at + 8] = UInt8(width & 0xFF)
        return bytes
      }
      at += 2 + length
    }
    throw BombError.noFrameHeader
  }

  enum BombError: Error { case noFrameHeader }

  /// A grey RGB TIFF of `width`×`height` pixels, PackBits-compressed, `rowsPerStrip` rows a strip,
  /// every strip pointing at the same compressed bytes: tiny on disk, `width × height × 3` bytes
  /// decoded.
  /// With `shaded`, strip `n` is grey `shade(n)` and each has its own bytes.
  static func tiff(width: Int, height: Int, rowsPerStrip: Int, shaded: Bool = false) -> [UInt8] {
    let strips = (height + rowsPerStrip - 1) / rowsPerStrip
    // One row: runs of up to 128 equal bytes, each a count byte (257 − n) and the value.
    func strip(_ value: UInt8) -> [UInt8] {
      var row: [UInt8] = []
      var left = width * 3
      while left > 0 {
        let run = min(128, left)
        row += [UInt8(257 - run), value]
        left -= run
      }
      return Array([[UInt8]](repeating: row, count: rowsPerStrip).joined())
    }
    let data = shaded ? (0..<strips).map { strip(shade($0)) } : [strip(0x80)]
    var tags: [(tag: UInt16, type: UInt16, values: [UInt32])] = [
      (256, 4, [UInt32(width)]), (257, 4, [UInt32(height)]), (258, 3, [8, 8, 8]), (259, 3, [32773]),
      (262, 3, [2]), (273, 4, []), (277, 3, [3]), (278, 4, [UInt32(rowsPerStrip)]),
      (279, 4, (0..<strips).map { UInt32(data[$0 % data.count].count) }), (284, 3, [1]),
    ]
    let ifdSize = 2 + tags.count * 12 + 4
    // After the header and the IFD: the out-of-line values, then the strip.
    var extra: [UInt8] = []
    var entries: [UInt8] = []
    let extraStart = 8 + ifdSize
    let stripOffset = extraStart + 12 + strips * 8 + 8
    var offsets: [UInt32] = []
    var at = stripOffset
    for block in data {
      offsets.append(UInt32(at))
      at += block.count
    }
    tags[5].values = (0..<strips).map { offsets[$0 % offsets.count] }
    for (tag, type, values) in tags {
      entries += le16(tag) + le16(type) + le32(UInt32(values.count))
      let encoded = values.flatMap { type == 3 ? le16(UInt16($0)) : le32($0) }
      if encoded.count <= 4 {
        entries += encoded + [UInt8](repeating: 0, count: 4 - encoded.count)
      } else {
        entries += le32(UInt32(extraStart + extra.count))
        extra += encoded
        if extra.count % 2 == 1 { extra.append(0) }
      }
    }
    var file: [UInt8] = [0x49, 0x49, 42, 0] + le32(8) + le16(UInt16(tags.count)) + entries + le32(0) + extra
    file += [UInt8](repeating: 0, count: max(0, stripOffset - file.count))
    return file + data.joined()
  }

  /// The grey of strip `index` in a shaded TIFF.
  static func shade(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index * 37) }

  private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
