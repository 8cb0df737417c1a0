/// The image shown in place of a preview that could not be made: a grey card of the asked size
/// (4:3) with a short word saying why (`PreviewFailure.label`) in a tiny bitmap font.
package enum Placeholder {
  /// The placeholder for `failure` whose long edge is `longEdge`, as a JPEG.
  package static func jpeg(for failure: PreviewFailure, longEdge: Int) throws(PreviewFailure) -> [UInt8] {
    try JPEGCodec.encode(image(label: failure.label, longEdge: longEdge))
  }

  /// A grey card `longEdge` wide (and three quarters of that high) with `label` written across.
  package static func image(label: String, longEdge: Int) -> RGBImage {
    let width = max(1, longEdge)
    let height = max(1, longEdge * 3 / 4)
    var image = RGBImage(width: width, height: height, red: 0x5A, green: 0x5A, blue: 0x5A)
    let glyphs = label.uppercased().map { PlaceholderFont.glyphs[$0] ?? PlaceholderFont.blank }
    // Each glyph is 5×7 dots with one dot between glyphs; the text spans about 2/3 of the width.
    let columns = glyphs.count * 6 - 1
    let dot = max(1, width * 2 / 3 / max(columns, 1))
    let left = (width - columns * dot) / 2
    let top = (height - 7 * dot) / 2
    guard left >= 0, top >= 0 else { return image }
    for (index, glyph) in glyphs.enumerated() {
      for (row, bits) in glyph.enumerated() {
        for column in 0..<5 where bits & (0x10 >> column) != 0 {
          let x0 = left + (index * 6 + column) * dot
          let y0 = top + row * dot
          for y in y0..<y0 + dot {
            for x in x0..<x0 + dot {
              let at = (y * width + x) * 3
              image.pixels[at] = 0xE6
              image.pixels[at + 1] = 0xE6
              image.pixels[at + 2] = 0xE6
            }
          }
        }
      }
    }
    return image
  }
}

/// The letters placeholders use, 5 dots wide and 7 high, one row per number (high bit left).
enum PlaceholderFont {
  static let blank: [UInt8] = [0, 0, 0, 0, 0, 0, 0]
  static let glyphs: [Character: [UInt8]] = [
    "A": [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
    "B": [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
    "C": [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
    "D": [0x1E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1E],
    "E": [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
    "G": [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
    "H": [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
    "I": [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
    "L": [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
    "M": [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
    "N": [0x11, 0x19, 0x15, 0x13, 0x11, 0x11, 0x11],
    "O": [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
    "P": [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
    "R": [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
    "S": [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
    "T": [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
    "U": [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
    "V": [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
    "W": [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
  ]
}
