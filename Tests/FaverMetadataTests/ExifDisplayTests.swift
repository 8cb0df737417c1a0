import FaverMetadata
import FaverTestSupport
import Foundation
import Testing

@Suite(.enabled(if: Corpus.isPresent, "../shared/corpus is not beside the checkout"))
struct ExifDisplayTests {
  private func bytes(_ relative: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: Corpus.folder.appendingPathComponent(relative)))
  }

  @Test(arguments: 1...8)
  func theOrientationTagIsRead(orientation: Int) throws {
    let display = ExifDisplay.read(jpeg: try bytes("exifr-fixtures/orientation/f\(orientation)t.jpg"))
    #expect(display.orientation == orientation)
  }

  @Test func theThumbnailIsIFD1sJPEG() throws {
    let display = ExifDisplay.read(jpeg: try bytes("elodie/with-null-coordinates.jpg"))
    let thumbnail = try #require(display.thumbnail)
    #expect(thumbnail.count == 2290)  // as exiftool -b -ThumbnailImage gives it
    #expect(thumbnail.starts(with: [0xFF, 0xD8]))
    #expect(display.orientation == 6)
  }

  @Test func aJPEGWithoutEXIFIsUprightWithoutThumbnail() {
    #expect(ExifDisplay.read(jpeg: [0xFF, 0xD8, 0xFF, 0xD9]) == ExifDisplay())
    #expect(
      ExifDisplay.read(block: Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 0x2A, 0xFF, 0xFF, 0xFF, 0xF0])
        == ExifDisplay())
  }
}
