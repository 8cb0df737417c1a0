/// Pixels in memory: 8-bit RGB, row after row, no padding.
package struct RGBImage: Equatable, Sendable {
  package var width: Int
  package var height: Int
  /// `width * height * 3` bytes.
  package var pixels: [UInt8]

  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height * 3)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image of one colour.
  package init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for index in stride(from: 0, to: pixels.count, by: 3) {
      pixels[index] = red
      pixels[index + 1] = green
      pixels[index + 2] = blue
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  package var longEdge: Int { max(width, height) }

  /// The size whose long edge is `longEdge` with this image's proportions (at least 1 pixel
  /// across); this image's own size when it is smaller already.
  package func size(fittingLongEdge longEdge: Int) -> (width: Int, height: Int) {
    Self.size(width: width, height: height, fittingLongEdge: longEdge)
  }

  /// The size whose long edge is `longEdge` with the proportions of `width`×`height`, or that
  /// size itself when it is smaller.
  package static func size(width: Int, height: Int, fittingLongEdge longEdge: Int) -> (
    width: Int, height: Int
  ) {
    guard longEdge < max(width, height) else { return (width, height) }
    let scale = Double(longEdge) / Double(max(width, height))
    return width >= height
      ? (longEdge, max(1, Int((Double(height) * scale).rounded())))
      : (max(1, Int((Double(width) * scale).rounded())), longEdge)
  }
}
