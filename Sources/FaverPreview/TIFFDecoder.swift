import CTIFF

/// TIFF images that are not raw photos (scans, exports) through libtiff's RGBA interface, which
/// reads any layout (strips, tiles, 16 bits, palettes, CMYK) into 8-bit RGBA, the image's first
/// page only. The only file that imports CTIFF; no pointer leaves it.
///
/// Read in bands of whole strips (or tiles) of about 4 MP (`bandRows`), each band brought to the
/// preview's width as it comes, so a large TIFF never sits in memory whole: what it holds at once
/// is one strip or tile as libtiff decodes it, one band of RGBA and the image at the preview's
/// width (`memoryNeeded`), refused past `PreviewLimits.memoryBytes`. A TIFF stored bottom-up
/// (rare) is read in one band.
package enum TIFFDecoder {
  /// The image at `path` whose long edge is at most `longEdge`.
  package static func decode(path: String, longEdge: Int = .max, limits: PreviewLimits) throws(PreviewFailure)
    -> RGBImage
  {
    var message = FaverTIFFMessage()
    let limit = tmsize_t(min(Int64(limits.maxDecodedPixels) * 4, Int64(tmsize_t.max)))
    guard let tiff = faver_tiff_open(path, limit, &message) else {
      throw .damaged(format: "TIFF", reason: text(&message))
    }
    defer { TIFFClose(tiff) }
    var width32: UInt32 = 0
    var height32: UInt32 = 0
    guard faver_tiff_size(tiff, &width32, &height32) != 0, width32 > 0, height32 > 0 else {
      throw .damaged(format: "TIFF", reason: "no image size")
    }
    let (width, height) = (Int(width32), Int(height32))
    guard width * height <= limits.maxDecodedPixels else {
      throw .tooLarge(width: width, height: height, limit: limits.maxDecodedPixels)
    }
    guard let rgba = faver_tiff_rgba_begin(tiff, &message) else {
      throw .damaged(format: "TIFF", reason: text(&message))
    }
    defer { faver_tiff_rgba_end(rgba) }
    let (newWidth, newHeight) = RGBImage.size(width: width, height: height, fittingLongEdge: longEdge)
    let bandRows =
      faver_tiff_rgba_is_top_down(rgba) != 0
      ? Self.bandRows(width: width, height: height, block: Int(faver_tiff_rows_per_block(tiff))) : height
    let needed = memoryNeeded(
      width: width, height: height, bandRows: bandRows, newWidth: newWidth,
      blockBytes: faver_tiff_block_bytes(tiff))
    guard needed <= limits.memoryBytes else { throw .needsMemory(limit: limits.memoryBytes) }

    let columns = Spans(from: width, to: newWidth)
    var band = [UInt32](repeating: 0, count: width * bandRows)
    var row = [UInt8](repeating: 0, count: width * 3)
    var narrow = [UInt8](repeating: 0, count: newWidth * height * 3)
    var first = 0
    while first < height {
      let count = min(bandRows, height - first)
      let read = band.withUnsafeMutableBufferPointer {
        faver_tiff_rgba_rows(rgba, $0.baseAddress, UInt32(first), UInt32(count))
      }
      guard read != 0 else { throw .damaged(format: "TIFF", reason: text(&message)) }
      for line in 0..<count {
        composite(band, from: line * width, count: width, into: &row)
        resample(row, columns: columns, into: &narrow, at: (first + line) * newWidth * 3)
      }
      first += count
    }
    return RGBImage(width: newWidth, height: height, pixels: narrow).resized(
      toWidth: newWidth, height: newHeight)
  }

  /// About how many pixels one band holds.
  static let bandPixels = 4 << 20

  /// The rows of one band: whole strips (or rows of tiles) of `block` rows, about `bandPixels`
  /// in all. A strip of over 4 bands' pixels is read in quarters: libtiff decodes a strip from
  /// its start up to the rows asked, so each quarter decodes again what came before it (2.5 times
  /// the strip in all), but never holds the whole strip's RGBA at once. A multiple of 4 rows
  /// (YCbCr subsampling).
  package static func bandRows(width: Int, height: Int, block: Int) -> Int {
    let block = max(1, min(height, block))
    let rows = max(1, bandPixels / max(width, 1))
    guard block * width > 4 * bandPixels else { return min(height, block * max(1, rows / block)) }
    let quarter = (block + 3) / 4
    return min(height, (max(rows, quarter) + 3) / 4 * 4)
  }

  /// The bytes a decode holds at once: libtiff's strip or tile, a band of RGBA, a row, the image
  /// at the preview's width, and that image brought to the preview's height.
  static func memoryNeeded(width: Int, height: Int, bandRows: Int, newWidth: Int, blockBytes: Int64) -> Int64
  {
    let newHeight = Int64(height) * Int64(newWidth) / Int64(max(width, 1))
    return max(blockBytes, 0) + Int64(width) * Int64(bandRows) * 4 + Int64(width) * 3
      + Int64(newWidth) * Int64(height) * 3 + Int64(newWidth) * newHeight * 3
  }

  /// `count` RGBA pixels of `band` from `start` as RGB in `row`, alpha shown over white. libtiff
  /// packs A, B, G, R from the high byte down.
  private static func composite(_ band: [UInt32], from start: Int, count: Int, into row: inout [UInt8]) {
    for index in 0..<count {
      let value = band[start + index]
      let alpha = value >> 24
      for channel in 0..<3 {
        let colour = (value >> (8 * UInt32(channel))) & 0xFF
        row[index * 3 + channel] = UInt8((colour * alpha + 255 * (255 - alpha)) / 255)
      }
    }
  }

  /// `row` brought to `columns`' width by an area average, written into `target` from `start`.
  private static func resample(_ row: [UInt8], columns: Spans, into target: inout [UInt8], at start: Int) {
    for column in 0..<columns.firstSource.count {
      var sums: (Float, Float, Float) = (0, 0, 0)
      var at = columns.firstSource[column] * 3
      for index in columns.range(column) {
        let weight = columns.weights[index]
        sums.0 += Float(row[at]) * weight
        sums.1 += Float(row[at + 1]) * weight
        sums.2 += Float(row[at + 2]) * weight
        at += 3
      }
      target[start + column * 3] = UInt8(min(255, max(0, sums.0 + 0.5)))
      target[start + column * 3 + 1] = UInt8(min(255, max(0, sums.1 + 0.5)))
      target[start + column * 3 + 2] = UInt8(min(255, max(0, sums.2 + 0.5)))
    }
  }

  private static func text(_ message: inout FaverTIFFMessage) -> String {
    let text = withUnsafeBytes(of: &message.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return text.isEmpty ? "libtiff could not read it" : text
  }
}
