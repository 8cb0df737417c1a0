import FaverMetadata
import FaverPreview
import FaverTestSupport
import Foundation
import Testing

private let maker = PreviewMaker(video: VideoFrame(ffmpeg: VideoFrame.findFFmpeg()))

@Suite(.enabled(if: PreviewCorpus.isPresent, "../shared/corpus is not beside the checkout"))
struct PreviewMakerTests {
  /// exifr's eight orientation fixtures hold the same picture stored in each orientation: turned
  /// upright, each must look like the first (within JPEG's noise), and must not without turning.
  @Test(arguments: 2...8)
  func everyEXIFOrientationComesOutUpright(orientation: Int) throws {
    let reference = try maker.image(
      of: PreviewCorpus.path("exifr-fixtures/orientation/f1t.jpg"), longEdge: 80)
    let path = PreviewCorpus.path("exifr-fixtures/orientation/f\(orientation)t.jpg")
    let upright = try maker.image(of: path, longEdge: 80)
    #expect((upright.width, upright.height) == (48, 80))
    #expect(upright.meanDifference(from: reference) < 8)
    // As stored, without the turn, the picture is not the reference: the check above can fail.
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(ExifDisplay.read(jpeg: bytes).orientation == orientation)
    let stored = try JPEGCodec.decode(bytes, atLeast: 80, limits: PreviewLimits())
    #expect(stored.meanDifference(from: reference) > 20)
  }

  /// Every media file of the corpus, of every format, gives an image of the size asked (or its
  /// own, when smaller) that encodes as a JPEG decoding to that size, or a failure with a reason
  /// whose placeholder is a JPEG of the size asked.
  @Test(arguments: PreviewCorpus.mediaFiles)
  func everyCorpusFileGivesAPreviewOrAReason(relative: String) throws {
    let path = PreviewCorpus.path(relative)
    switch Result(catching: { () throws(PreviewFailure) in try maker.image(of: path, longEdge: 256) }) {
    case .success(let image):
      #expect(image.longEdge <= 256)
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      if let original = JPEGCodec.size(of: bytes) {
        #expect(image.longEdge == min(256, max(original.width, original.height)))
      }
      let jpeg = try JPEGCodec.encode(image)
      let decoded = try #require(JPEGCodec.size(of: jpeg))
      #expect((decoded.width, decoded.height) == (image.width, image.height))
    case .failure(let failure):
      #expect(!failure.description.isEmpty)
      let placeholder = try Placeholder.jpeg(for: failure, longEdge: 256)
      #expect(JPEGCodec.size(of: placeholder).map { [$0.width, $0.height] } == [256, 192])
    }
  }

  @Test(arguments: [
    ("immich-test-assets/formats/jpg/el_torcal_rocks.jpg", "JPEG"),
    ("exifr-fixtures/heic-iphone.heic", "HEIF thumbnail"),
    ("immich-test-assets/formats/heic/IMG_2682.heic", "HEIF primary"),
    ("immich-test-assets/formats/avif/8bit-sRGB.avif", "AVIF"),
    ("exiftool-t-images/FujiFilm.raf", "raw"),
    ("immich-test-assets/formats/webp/denali.webp", "WebP"),
    ("immich-test-assets/formats/png/density_plot.png", "PNG"),
    ("exifr-fixtures/issue-metadata-extractor-65.jpg", "CMYK JPEG"),
    ("pypi-piexif/tests/images/01.tif", "TIFF"),
    ("exifr-fixtures/issue-metadata-extractor-152.tif", "16-bit TIFF LibRaw takes for a raw"),
  ])
  func eachFamilyDecodes(relative: String, family: String) throws {
    let image = try maker.image(of: PreviewCorpus.path(relative), longEdge: 1440)
    #expect(image.longEdge > 0, "\(family)")
    // The preview's bytes are not all one value: something was decoded.
    #expect(Set(image.pixels.prefix(30_000)).count > 4, "\(family)")
  }

  /// The EXIF thumbnail serves when it is large enough and shaped like the photo: the Pixel's
  /// 253 × 189 for 160 px but not 256; never the Canon's 160 × 120 (4:3) of a 3:2 photo.
  @Test(arguments: [
    ("exifr-fixtures/IMG_20180725_163423.jpg", 160, true),
    ("exifr-fixtures/IMG_20180725_163423.jpg", 256, false),
    ("exifr-fixtures/canon-dslr.jpg", 120, false),
    ("exifr-fixtures/iptc-mess.jpg", 256, true),
  ])
  func theEXIFThumbnailServesWhenItFits(relative: String, size: Int, serves: Bool) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PreviewCorpus.path(relative))))
    let start = Array(bytes.prefix(128 << 10))
    let thumbnail = maker.thumbnailImage(ExifDisplay.read(jpeg: start).thumbnail, of: start, longEdge: size)
    #expect((thumbnail != nil) == serves)
    if let thumbnail { #expect(thumbnail.longEdge >= size) }
  }

  @Test(.enabled(if: VideoFrame.findFFmpeg() != nil, "ffmpeg is not installed"))
  func aVideoGivesItsFirstFrame() throws {
    let image = try maker.image(of: PreviewCorpus.path("elodie/video.mov"), longEdge: 256)
    #expect(image.longEdge == 256)
  }

  @Test func aVideoWithoutFFmpegSaysSo() {
    let noTool = PreviewMaker(video: VideoFrame(ffmpeg: nil))
    #expect(throws: PreviewFailure.noVideoTool) {
      try noTool.image(of: PreviewCorpus.path("elodie/video.mov"), longEdge: 256)
    }
  }
}
