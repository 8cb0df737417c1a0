extension RGBImage {
  /// This image with its long edge at most `longEdge`: each new pixel is the average of the
  /// source pixels it covers (an area average, weighted by how much of each it covers), so a
  /// large reduction does not alias. Never enlarges.
  package func downscaled(toLongEdge longEdge: Int) -> RGBImage {
    let (newWidth, newHeight) = size(fittingLongEdge: longEdge)
    guard newWidth != width || newHeight != height else { return self }
    let columns = Self.weights(from: width, to: newWidth)
    let rows = Self.weights(from: height, to: newHeight)
    // Horizontal pass into a float row buffer per source row, then vertical accumulation.
    var output = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    var accumulator = [Float](repeating: 0, count: newWidth * 3)
    var horizontal = [Float](repeating: 0, count: newWidth * 3)
    pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for (outRow, spans) in rows.enumerated() {
          for index in accumulator.indices { accumulator[index] = 0 }
          for (sourceRow, rowWeight) in spans {
            let rowStart = sourceRow * width * 3
            for (outColumn, columnSpans) in columns.enumerated() {
              var red: Float = 0
              var green: Float = 0
              var blue: Float = 0
              for (sourceColumn, weight) in columnSpans {
                let at = rowStart + sourceColumn * 3
                red += Float(source[at]) * weight
                green += Float(source[at + 1]) * weight
                blue += Float(source[at + 2]) * weight
              }
              horizontal[outColumn * 3] = red
              horizontal[outColumn * 3 + 1] = green
              horizontal[outColumn * 3 + 2] = blue
            }
            for index in accumulator.indices { accumulator[index] += horizontal[index] * rowWeight }
          }
          let outStart = outRow * newWidth * 3
          for index in accumulator.indices {
            target[outStart + index] = UInt8(min(255, max(0, accumulator[index].rounded())))
          }
        }
      }
    }
    return RGBImage(width: newWidth, height: newHeight, pixels: output)
  }

  /// For each of `target` output positions, the source positions (of `source`) it covers and how
  /// much of it each covers, the weights summing to 1.
  static func weights(from source: Int, to target: Int) -> [[(Int, Float)]] {
    let scale = Double(source) / Double(target)
    return (0..<target).map { index in
      let start = Double(index) * scale
      let end = min(Double(source), start + scale)
      var spans: [(Int, Float)] = []
      var position = Int(start)
      while Double(position) < end, position < source {
        let covered = min(end, Double(position + 1)) - max(start, Double(position))
        if covered > 1e-9 { spans.append((position, Float(covered / scale))) }
        position += 1
      }
      return spans
    }
  }
}
