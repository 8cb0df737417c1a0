extension RGBImage {
  /// This image with its long edge at most `longEdge`: each new pixel is the average of the
  /// source pixels it covers (an area average, weighted by how much of each it covers), so a
  /// large reduction does not alias. Never enlarges.
  package func downscaled(toLongEdge longEdge: Int) -> RGBImage {
    let (newWidth, newHeight) = size(fittingLongEdge: longEdge)
    return resized(toWidth: newWidth, height: newHeight)
  }

  /// This image brought to `newWidth`×`newHeight`, each no larger than its own, by an area
  /// average.
  func resized(toWidth newWidth: Int, height newHeight: Int) -> RGBImage {
    guard newWidth != width || newHeight != height else { return self }
    let columns = Spans(from: width, to: newWidth)
    let rows = Spans(from: height, to: newHeight)
    var output = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    // Each output row: the source rows it covers, each resampled across then added in by weight.
    var accumulator = [Float](repeating: 0, count: newWidth * 3)
    pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        accumulator.withUnsafeMutableBufferPointer { sum in
          for outRow in 0..<newHeight {
            for index in 0..<sum.count { sum[index] = 0 }
            for span in rows.range(outRow) {
              let rowWeight = rows.weights[span]
              let rowStart = (rows.firstSource[outRow] + span - rows.offsets[outRow]) * width * 3
              for outColumn in 0..<newWidth {
                var red: Float = 0
                var green: Float = 0
                var blue: Float = 0
                var at = rowStart + columns.firstSource[outColumn] * 3
                for weightIndex in columns.range(outColumn) {
                  let weight = columns.weights[weightIndex]
                  red += Float(source[at]) * weight
                  green += Float(source[at + 1]) * weight
                  blue += Float(source[at + 2]) * weight
                  at += 3
                }
                sum[outColumn * 3] += red * rowWeight
                sum[outColumn * 3 + 1] += green * rowWeight
                sum[outColumn * 3 + 2] += blue * rowWeight
              }
            }
            let outStart = outRow * newWidth * 3
            for index in 0..<sum.count {
              target[outStart + index] = UInt8(min(255, max(0, sum[index] + 0.5)))
            }
          }
        }
      }
    }
    return RGBImage(width: newWidth, height: newHeight, pixels: output)
  }
}

/// For each of `target` output positions, the run of source positions (of `source`) it covers
/// and how much of it each covers, the weights of a run summing to 1; kept flat, one array for
/// all runs.
struct Spans {
  /// The first source position of each output position's run.
  var firstSource: [Int] = []
  /// Where each output position's weights start in `weights`; one more at the end.
  var offsets: [Int] = [0]
  var weights: [Float] = []

  init(from source: Int, to target: Int) {
    let scale = Double(source) / Double(target)
    for index in 0..<target {
      let start = Double(index) * scale
      let end = min(Double(source), start + scale)
      var position = Int(start)
      firstSource.append(position)
      while Double(position) < end, position < source {
        let covered = min(end, Double(position + 1)) - max(start, Double(position))
        weights.append(Float(max(0, covered) / scale))
        position += 1
      }
      offsets.append(weights.count)
    }
  }

  /// The indices in `weights` of output position `index`'s run.
  func range(_ index: Int) -> Range<Int> { offsets[index]..<offsets[index + 1] }
}
