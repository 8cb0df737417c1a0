import FaverCore
import Foundation
import Testing

/// A 320×240 picture with detail at every scale: rings, bars and a gradient.
private func picture(brightness: Float = 1, offset: Float = 0) -> GrayImage {
  let (width, height) = (320, 240)
  var pixels = [Float](repeating: 0, count: width * height)
  for y in 0..<height {
    for x in 0..<width {
      let dx = Float(x - 120)
      let dy = Float(y - 100)
      let ring = sin((dx * dx + dy * dy).squareRoot() / 6) * 60
      let bars = (x / 8 + y / 40) % 2 == 0 ? 30 : -30
      let value = 110 + ring + Float(bars) + Float(x) / 8
      pixels[y * width + x] = min(255, max(0, value * brightness + offset))
    }
  }
  return GrayImage(width: width, height: height, pixels: pixels)
}

/// `image` blurred by a box of `radius` pixels across and down, `passes` times.
private func blurred(_ image: GrayImage, radius: Int, passes: Int = 2) -> GrayImage {
  guard radius > 0 else { return image }
  var pixels = image.pixels
  let (width, height) = (image.width, image.height)
  for _ in 0..<passes {
    var across = pixels
    for y in 0..<height {
      for x in 0..<width {
        let range = max(0, x - radius)...min(width - 1, x + radius)
        across[y * width + x] = range.reduce(0) { $0 + pixels[y * width + $1] } / Float(range.count)
      }
    }
    for y in 0..<height {
      for x in 0..<width {
        let range = max(0, y - radius)...min(height - 1, y + radius)
        pixels[y * width + x] = range.reduce(0) { $0 + across[$1 * width + x] } / Float(range.count)
      }
    }
  }
  return GrayImage(width: width, height: height, pixels: pixels)
}

@Suite struct SignalAnalyzerTests {
  let analyzer = SignalAnalyzer()

  @Test func brightnessBarelyMovesTheHashAndNotTheSharpness() {
    let base = analyzer.signals(of: picture(), width: 320, height: 240)
    let brighter = analyzer.signals(of: picture(brightness: 1.15, offset: 10), width: 320, height: 240)
    #expect(base.distance(to: brighter) <= 4)
    #expect(abs(base.sharpness - brighter.sharpness) / base.sharpness < 0.1)
  }

  @Test func aDifferentPictureIsFarAway() {
    var flipped = picture()
    flipped.pixels.reverse()
    let base = analyzer.signals(of: picture(), width: 320, height: 240)
    #expect(
      base.distance(to: analyzer.signals(of: flipped, width: 320, height: 240))
        > SimilarGrouper.defaultDistance)
  }

  @Test func sharpnessFallsWithEveryStepOfBlur() {
    let scores = [0, 1, 2, 4, 8].map {
      analyzer.signals(of: blurred(picture(), radius: $0), width: 320, height: 240).sharpness
    }
    #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 > $1 }, "\(scores)")
  }

  @Test func sharpnessDoesNotDependOnResolution() {
    // The same picture at twice the size, averaged down: measured on the same grid.
    let small = picture()
    var large = [Float](repeating: 0, count: 640 * 480)
    for y in 0..<480 { for x in 0..<640 { large[y * 640 + x] = small.pixels[(y / 2) * 320 + x / 2] } }
    let a = analyzer.signals(of: small, width: 320, height: 240)
    let b = analyzer.signals(of: GrayImage(width: 640, height: 480, pixels: large), width: 640, height: 480)
    #expect(abs(a.sharpness - b.sharpness) / a.sharpness < 0.05)
    #expect(a.distance(to: b) <= 2)
  }

  @Test func exposureCountsClippedPixels() {
    var pixels = [Float](repeating: 128, count: 100 * 100)
    for index in 0..<1000 { pixels[index] = 0 }
    for index in 1000..<1500 { pixels[index] = 255 }
    let signals = analyzer.signals(
      of: GrayImage(width: 100, height: 100, pixels: pixels), width: 100, height: 100)
    #expect(signals.shadows == 0.1)
    #expect(signals.highlights == 0.05)
    #expect(abs(signals.clipped - 0.15) < 1e-12)
  }

  @Test func aFlatPictureHasNoSharpness() {
    let flat = GrayImage(width: 64, height: 64, pixels: [Float](repeating: 90, count: 64 * 64))
    #expect(analyzer.signals(of: flat, width: 64, height: 64).sharpness == 0)
  }
}
