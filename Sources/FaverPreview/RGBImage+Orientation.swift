extension RGBImage {
  /// This image turned upright from EXIF orientation `orientation` (1…8; anything else is taken as
  /// 1): 2 mirrored, 3 turned 180°, 4 flipped, 5 transposed, 6 turned 90° clockwise to stand,
  /// 7 transversed, 8 turned 90° counter-clockwise to stand.
  package func upright(fromOrientation orientation: Int) -> RGBImage {
    guard (2...8).contains(orientation) else { return self }
    let swaps = orientation >= 5
    let newWidth = swaps ? height : width
    let newHeight = swaps ? width : height
    var output = [UInt8](repeating: 0, count: pixels.count)
    pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<newHeight {
          for x in 0..<newWidth {
            // The source pixel shown at (x, y) once upright.
            let (sx, sy): (Int, Int) =
              switch orientation {
              case 2: (width - 1 - x, y)
              case 3: (width - 1 - x, height - 1 - y)
              case 4: (x, height - 1 - y)
              case 5: (y, x)
              case 6: (y, height - 1 - x)
              case 7: (width - 1 - y, height - 1 - x)
              default: (width - 1 - y, x)  // 8
              }
            let from = (sy * width + sx) * 3
            let to = (y * newWidth + x) * 3
            target[to] = source[from]
            target[to + 1] = source[from + 1]
            target[to + 2] = source[from + 2]
          }
        }
      }
    }
    return RGBImage(width: newWidth, height: newHeight, pixels: output)
  }
}
