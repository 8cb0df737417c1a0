import FaverPreview
import Testing

/// A `width`×`height` image whose every pixel says where it is: red = x, green = y.
private func coordinates(width: Int, height: Int) -> RGBImage {
  var pixels: [UInt8] = []
  for y in 0..<height {
    for x in 0..<width { pixels += [UInt8(x), UInt8(y), 0] }
  }
  return RGBImage(width: width, height: height, pixels: pixels)
}

@Test(arguments: [
  (4032, 3024, 1440, 1440, 1080),  // landscape: the long edge becomes the size
  (3024, 4032, 1440, 1080, 1440),  // portrait
  (800, 600, 1440, 800, 600),  // smaller than asked: never enlarged
  (1440, 1080, 1440, 1440, 1080),  // exactly the size: unchanged
  (5000, 3, 256, 256, 1),  // a sliver keeps at least one pixel across
])
func downscaleGivesTheLongEdgeAsked(width: Int, height: Int, size: Int, newWidth: Int, newHeight: Int) {
  let image = RGBImage(width: width, height: height, red: 10, green: 20, blue: 30)
  let scaled = image.downscaled(toLongEdge: size)
  #expect((scaled.width, scaled.height) == (newWidth, newHeight))
  #expect(scaled.pixels.count == newWidth * newHeight * 3)
  // An area average of one colour is that colour.
  #expect(scaled.pixels.prefix(3) == [10, 20, 30])
}

@Test func downscaleAveragesTheAreaCovered() {
  // Four pixels, black and white in a checkerboard, become one mid grey.
  let image = RGBImage(width: 2, height: 2, pixels: [0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0])
  #expect(image.downscaled(toLongEdge: 1).pixels == [128, 128, 128])
}

@Test(arguments: [
  // orientation, upright size, the source (x, y) shown at the upright top-left and top-right
  (1, 3, 2, [0, 0], [2, 0]),
  (2, 3, 2, [2, 0], [0, 0]),
  (3, 3, 2, [2, 1], [0, 1]),
  (4, 3, 2, [0, 1], [2, 1]),
  (5, 2, 3, [0, 0], [0, 1]),
  (6, 2, 3, [0, 1], [0, 0]),
  (7, 2, 3, [2, 1], [2, 0]),
  (8, 2, 3, [2, 0], [2, 1]),
])
func uprightTurnsByTheEXIFOrientation(
  orientation: Int, width: Int, height: Int, topLeft: [Int], topRight: [Int]
) {
  let upright = coordinates(width: 3, height: 2).upright(fromOrientation: orientation)
  #expect((upright.width, upright.height) == (width, height))
  #expect(upright.pixels[0..<2].map(Int.init) == topLeft)
  let right = (width - 1) * 3
  #expect(upright.pixels[right..<right + 2].map(Int.init) == topRight)
}
