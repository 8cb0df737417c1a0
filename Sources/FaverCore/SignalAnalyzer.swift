import Foundation

/// Reads a photo's `PhotoSignals` from its luminance, decoded at any size of at least `gridEdge`
/// on the long edge (a JPEG at 1/8 scale is enough for 12 MP and up: 4,000 pixels decode to 500):
///
/// - **hash**: the picture averaged down to 32×32 grey, its 2-D DCT-II, and of the 8×8 lowest
///   frequencies one bit each: set when the coefficient is above their median. Low frequencies
///   carry the layout of light and dark, which re-encoding, resizing, a small crop or a change
///   of brightness barely move, while a different picture changes about half the bits.
/// - **sharpness**: the picture averaged to `gridEdge` pixels on its long edge (so every camera's
///   photo is measured on the same grid, whatever its resolution), the standard deviation of its
///   4-neighbour Laplacian divided by the standard deviation of the grey levels, times 100: fine
///   detail relative to contrast, so a brighter or darker frame of the same scene scores the same.
/// - **exposure**: on that grid, the share of pixels at or below `black` and at or above `white`.
public struct SignalAnalyzer: Sendable {
  /// The long edge of the grid sharpness and exposure are measured on: what a 12 MP JPEG decoded
  /// at 1/8 scale (500 pixels) and an iPhone HEIC's thumbnail item (320×240) both fill, so either
  /// is measured on the same grid without decoding more. A blur under about a 300th of the long
  /// edge is not seen.
  public static let gridEdge = 320
  /// Grey levels counted as clipped to black, and to white.
  public static let black: Float = 4
  public static let white: Float = 251
  /// Bumped when a signal is computed differently: signals kept from another version are
  /// computed again.
  public static let version = 1

  public init() {}

  /// The signals of `image`; `width`×`height` is the photo's full size (for the tie-break).
  public func signals(of image: GrayImage, width: Int, height: Int) -> PhotoSignals {
    let grid = image.fitted(toLongEdge: Self.gridEdge)
    let exposure = Self.exposure(of: grid)
    return PhotoSignals(
      hash: Self.hash(of: grid), sharpness: Self.sharpness(of: grid), shadows: exposure.shadows,
      highlights: exposure.highlights, width: width, height: height)
  }

  /// The DCT hash of `image` (see the type's rules).
  public static func hash(of image: GrayImage) -> UInt64 {
    let square =
      image.width >= 32 && image.height >= 32
      ? image.resized(toWidth: 32, height: 32) : stretched(image, toWidth: 32, height: 32)
    let coefficients = lowFrequencies(of: square.pixels)
    let sorted = coefficients.sorted()
    let median = (sorted[31] + sorted[32]) / 2
    var hash: UInt64 = 0
    for (index, value) in coefficients.enumerated() where value > median { hash |= 1 << UInt64(index) }
    return hash
  }

  /// The 8×8 lowest DCT-II frequencies of a 32×32 block, row by row.
  static func lowFrequencies(of pixels: [Float]) -> [Float] {
    let cosines = (0..<8).map { u in
      (0..<32).map { x in Float(cos(Double((2 * x + 1) * u) * Double.pi / 64)) }
    }
    // Along each row first, then down each of the 8 columns kept.
    var rows = [Float](repeating: 0, count: 32 * 8)
    for y in 0..<32 {
      for u in 0..<8 {
        var sum: Float = 0
        for x in 0..<32 { sum += pixels[y * 32 + x] * cosines[u][x] }
        rows[y * 8 + u] = sum
      }
    }
    var coefficients = [Float](repeating: 0, count: 64)
    for v in 0..<8 {
      for u in 0..<8 {
        var sum: Float = 0
        for y in 0..<32 { sum += rows[y * 8 + u] * cosines[v][y] }
        coefficients[v * 8 + u] = sum
      }
    }
    return coefficients
  }

  /// A tiny image (under 32 pixels on a side) stretched to `width`×`height`, nearest pixel.
  static func stretched(_ image: GrayImage, toWidth width: Int, height: Int) -> GrayImage {
    var pixels = [Float](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        pixels[y * width + x] =
          image.pixels[(y * image.height / height) * image.width + x * image.width / width]
      }
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  /// The sharpness of `grid` (see the type's rules); 0 for a flat or tiny picture.
  public static func sharpness(of grid: GrayImage) -> Double {
    let (width, height) = (grid.width, grid.height)
    guard width >= 3, height >= 3 else { return 0 }
    var laplacian = Statistics()
    var levels = Statistics()
    grid.pixels.withUnsafeBufferPointer { p in
      for y in 1..<height - 1 {
        for x in 1..<width - 1 {
          let at = y * width + x
          let centre = p[at]
          laplacian.add(Double(p[at - 1] + p[at + 1] + p[at - width] + p[at + width] - 4 * centre))
          levels.add(Double(centre))
        }
      }
    }
    let contrast = levels.deviation
    return contrast < 1 ? 0 : 100 * laplacian.deviation / contrast
  }

  /// The shares of `grid`'s pixels clipped to black and to white.
  public static func exposure(of grid: GrayImage) -> (shadows: Double, highlights: Double) {
    let count = Double(grid.pixels.count)
    let shadows = grid.pixels.lazy.filter { $0 <= black }.count
    let highlights = grid.pixels.lazy.filter { $0 >= white }.count
    return (Double(shadows) / count, Double(highlights) / count)
  }

  /// A running mean and variance (Welford).
  struct Statistics {
    var count = 0.0
    var mean = 0.0
    var squares = 0.0

    mutating func add(_ value: Double) {
      count += 1
      let delta = value - mean
      mean += delta / count
      squares += delta * (value - mean)
    }

    var deviation: Double { count > 1 ? (squares / count).squareRoot() : 0 }
  }
}
