/// Luminance in memory: one value a pixel, row after row, no padding.
public struct GrayImage: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// `width * height` values, 0 black … 255 white.
  public var pixels: [Float]

  public init(width: Int, height: Int, pixels: [Float]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height)
    (self.width, self.height, self.pixels) = (width, height, pixels)
  }

  /// The luminance of 8-bit RGB pixels (`width * height * 3` bytes), Rec. 601 weights.
  public init(width: Int, height: Int, rgb: [UInt8]) {
    precondition(width > 0 && height > 0 && rgb.count == width * height * 3)
    var pixels = [Float](repeating: 0, count: width * height)
    rgb.withUnsafeBufferPointer { source in
      for index in 0..<pixels.count {
        pixels[index] =
          0.299 * Float(source[index * 3]) + 0.587 * Float(source[index * 3 + 1]) + 0.114
          * Float(source[index * 3 + 2])
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// This image brought to `newWidth`×`newHeight` (each no larger than its own) by an area
  /// average: each new pixel is the mean of the source pixels it covers, weighted by how much of
  /// each it covers, so a large reduction does not alias.
  public func resized(toWidth newWidth: Int, height newHeight: Int) -> GrayImage {
    guard newWidth != width || newHeight != height else { return self }
    let columns = Self.weights(from: width, to: newWidth)
    let rows = Self.weights(from: height, to: newHeight)
    // Across first (every source row), then down.
    var across = [Float](repeating: 0, count: newWidth * height)
    for row in 0..<height {
      for (column, spans) in columns.enumerated() {
        var sum: Float = 0
        for (source, weight) in spans { sum += pixels[row * width + source] * weight }
        across[row * newWidth + column] = sum
      }
    }
    var output = [Float](repeating: 0, count: newWidth * newHeight)
    for (row, spans) in rows.enumerated() {
      for (source, weight) in spans {
        for column in 0..<newWidth {
          output[row * newWidth + column] += across[source * newWidth + column] * weight
        }
      }
    }
    return GrayImage(width: newWidth, height: newHeight, pixels: output)
  }

  /// This image with its long edge at most `longEdge`, proportions kept.
  public func fitted(toLongEdge longEdge: Int) -> GrayImage {
    guard max(width, height) > longEdge else { return self }
    let scale = Double(longEdge) / Double(max(width, height))
    return width >= height
      ? resized(toWidth: longEdge, height: max(1, Int((Double(height) * scale).rounded())))
      : resized(toWidth: max(1, Int((Double(width) * scale).rounded())), height: longEdge)
  }

  /// For each of `target` positions, the source positions it covers and their weights (summing
  /// to 1).
  static func weights(from source: Int, to target: Int) -> [[(Int, Float)]] {
    let scale = Double(source) / Double(target)
    return (0..<target).map { index in
      let start = Double(index) * scale
      let end = min(Double(source), start + scale)
      var spans: [(Int, Float)] = []
      var position = Int(start)
      while Double(position) < end, position < source {
        let covered = min(end, Double(position + 1)) - max(start, Double(position))
        if covered > 0 { spans.append((position, Float(covered / scale))) }
        position += 1
      }
      return spans
    }
  }
}
