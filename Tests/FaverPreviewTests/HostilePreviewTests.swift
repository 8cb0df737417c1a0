import FaverMetadata
import FaverPreview
import FaverTestSupport
import Foundation
import Testing

/// A JPEG whose frame header claims `width`×`height`, with `f1t.jpg`'s data after it.
private func jpegClaiming(width: Int, height: Int) throws -> [UInt8] {
  var bytes = try [UInt8](
    Data(contentsOf: URL(fileURLWithPath: PreviewCorpus.path("exifr-fixtures/orientation/f1t.jpg"))))
  let sof = try #require(
    bytes.indices.dropLast().first { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) })
  bytes[sof + 5] = UInt8(height >> 8)
  bytes[sof + 6] = UInt8(height & 0xFF)
  bytes[sof + 7] = UInt8(width >> 8)
  bytes[sof + 8] = UInt8(width & 0xFF)
  return bytes
}

@Suite(.enabled(if: PreviewCorpus.isPresent, "../shared/corpus is not beside the checkout"))
struct HostilePreviewTests {
  let tree: TemporaryTree
  init() throws { tree = try TemporaryTree() }

  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try tree.write(name, bytes)
    return tree.root.appendingPathComponent(name).path
  }

  @Test func aDecompressionBombIsRefusedBeforeDecoding() throws {
    let path = try write("bomb.jpg", jpegClaiming(width: 60_000, height: 60_000))
    #expect(
      throws: PreviewFailure.tooLarge(width: 60_000, height: 60_000, limit: PreviewLimits().maxImagePixels)
    ) {
      try PreviewMaker().image(of: path, longEdge: 256)
    }
  }

  /// A HEIC whose every `ispe` box (the image sizes) claims 60,000 × 60,000.
  @Test func aHEICClaimingAHugeSizeIsRefused() throws {
    var bytes = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: PreviewCorpus.path("exifr-fixtures/heic-iphone.heic"))))
    let ispe = Array("ispe".utf8)
    var patched = 0
    for index in 0..<(bytes.count - 16) where Array(bytes[index..<index + 4]) == ispe {
      // version and flags (4 bytes), then width and height, 32 bits each.
      for offset in [index + 8, index + 12] {
        bytes.replaceSubrange(offset..<offset + 4, with: [0x00, 0x00, 0xEA, 0x60])
      }
      patched += 1
    }
    #expect(patched > 0)
    let path = try write("huge.heic", bytes)
    #expect(throws: PreviewFailure.self) { try PreviewMaker().image(of: path, longEdge: 1440) }
  }

  /// A PNG whose header claims 100,000 × 100,000 pixels (its checksums right), with 2 bytes of data.
  @Test func aPNGBombIsRefusedBeforeDecoding() throws {
    var header = Array("IHDR".utf8)
    header += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 2, 0, 0, 0]
    let data = Array("IDAT".utf8) + [0x78, 0x9C]
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + header + bigEndian(crc32(header))
      + [0, 0, 0, 2] + data + bigEndian(crc32(data))
      + [0, 0, 0, 0] + Array("IEND".utf8) + bigEndian(crc32(Array("IEND".utf8)))
    let path = try write("bomb.png", png)
    #expect(
      throws: PreviewFailure.tooLarge(
        width: 100_000, height: 100_000, limit: PreviewLimits().maxDecodedPixels)
    ) {
      try PreviewMaker().image(of: path, longEdge: 256)
    }
  }

  @Test func theDecodedPixelLimitHolds() throws {
    let path = try write("large.jpg", jpegClaiming(width: 20_000, height: 20_000))
    var limits = PreviewLimits()
    limits.maxDecodedPixels = 1_000_000
    // At 1440 px the smallest DCT scale is 1/8, 2,500 × 2,500: over a 1 MP limit.
    #expect(throws: PreviewFailure.tooLarge(width: 20_000, height: 20_000, limit: 1_000_000)) {
      try PreviewMaker(limits: limits).image(of: path, longEdge: 1440)
    }
  }

  @Test func aFileOverTheReadLimitIsNotRead() throws {
    let path = PreviewCorpus.path("immich-test-assets/formats/heic/IMG_2682.heic")
    var limits = PreviewLimits()
    limits.maxFileBytes = 1000
    #expect(throws: PreviewFailure.fileTooLarge(bytes: 880_703, limit: 1000)) {
      try PreviewMaker(limits: limits).image(of: path, longEdge: 256)
    }
  }

  /// One file of each family cut at a quarter, half and nearly its whole length: a preview of
  /// the size asked (a JPEG shows what it has) or a failure, never a crash or a hang.
  @Test(arguments: [
    "immich-test-assets/formats/jpg/el_torcal_rocks.jpg", "exifr-fixtures/heic-iphone.heic",
    "immich-test-assets/formats/avif/8bit-sRGB.avif", "exiftool-t-images/FujiFilm.raf",
    "exiftool-t-images/Panasonic.rw2", "exiftool-t-images/CanonRaw.cr3", "elodie/video.mov",
  ])
  func aTruncatedFileNeverCrashes(relative: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PreviewCorpus.path(relative))))
    let name = (relative as NSString).lastPathComponent
    for cut in [bytes.count / 4, bytes.count / 2, bytes.count - 100] where cut > 0 {
      let path = try write("cut-\(cut)-\(name)", Array(bytes.prefix(cut)))
      let made = Result { () throws(PreviewFailure) in try PreviewMaker().image(of: path, longEdge: 256) }
      switch made {
      case .success(let image):
        #expect(image.longEdge <= 256 && image.pixels.count == image.width * image.height * 3)
      case .failure(let failure): #expect(!failure.description.isEmpty)
      }
    }
  }

  @Test func garbageWithARawSignatureIsNoPreview() throws {
    let path = try write(
      "fake.nef", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0xAB, count: 4000))
    #expect(throws: PreviewFailure.self) { try PreviewMaker().image(of: path, longEdge: 256) }
  }

  @Test func aMissingFileIsUnreadable() {
    #expect {
      try PreviewMaker().image(of: tree.root.appendingPathComponent("gone.jpg").path, longEdge: 256)
    } throws: { error in
      guard case .unreadable = error as? PreviewFailure else { return false }
      return true
    }
  }
}

/// CRC-32 (ISO 3309, as PNG uses it).
private func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
  (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
}
