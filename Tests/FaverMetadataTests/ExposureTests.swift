import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverMetadata

/// The lens and the exposure come from LensModel, ExposureTime, FNumber, ISO (a SHORT, or a
/// LONG) and FocalLength of the EXIF IFD; a block without them says none.
@Test(arguments: [false, true])
func theLensAndTheExposureAreReadFromTheExifIFD(long: Bool) throws {
  var builder = ExifBuilder()
  builder.original("2024:05:12 09:00:00")
  builder.exif[0xA434] = .ascii("EF24-70mm f/2.8L II USM")
  builder.exif[0x829A] = .rationals([(1, 250)])
  builder.exif[0x829D] = .rationals([(28, 10)])
  builder.exif[0x8827] = long ? .long(6400) : .short(400)
  builder.exif[0x920A] = .rationals([(50, 1)])
  let fields = try #require(ExifBlock.read(builder.block()))
  #expect(
    fields.exposure
      == Exposure(
        lens: "EF24-70mm f/2.8L II USM", exposureTime: 0.004, fNumber: 2.8, iso: long ? 6400 : 400,
        focalLength: 50))
  let jpeg = builder.jpeg()
  let metadata = try MetadataReader().read(MemoryByteSource(jpeg), head: jpeg, modified: Date())
  #expect(metadata?.exposure?.iso == (long ? 6400 : 400))

  var plain = ExifBuilder()
  plain.original("2024:05:12 09:00:00")
  #expect(try #require(ExifBlock.read(plain.block())).exposure.isEmpty)
  let bare = plain.jpeg()
  #expect(try MetadataReader().read(MemoryByteSource(bare), head: bare, modified: Date())?.exposure == nil)
}

/// Real cameras' files read as exiftool reads them.
@Test(
  .enabled(if: Corpus.isPresent && Exiftool.shouldRun, "needs ../shared/corpus and exiftool"),
  arguments: [
    "exifr-fixtures/canon-dslr.jpg", "exifr-fixtures/IMG_20180725_163423.jpg", "exiftool-t-images/Canon.jpg",
    "exiftool-t-images/Nikon.jpg",
  ])
func theExposureIsWhatExiftoolReads(relative: String) throws {
  let path = Corpus.folder.appendingPathComponent(relative).path
  let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  let exposure = try #require(
    try MetadataReader().read(MemoryByteSource(bytes), head: Array(bytes.prefix(65_536)), modified: Date())?
      .exposure)
  let number = { (tag: String) in Double(try Exiftool.run(["-n", "-s3", "-EXIF:" + tag, path]).trimmed) }
  let close = { (mine: Double?, theirs: Double?) in
    switch (mine, theirs) {
    case (nil, nil): true
    case (let mine?, let theirs?): abs(mine - theirs) <= 0.0001 * max(1, abs(theirs))
    default: false
    }
  }
  #expect(close(exposure.exposureTime, try number("ExposureTime")), "\(exposure)")
  #expect(close(exposure.fNumber, try number("FNumber")), "\(exposure)")
  #expect(close(exposure.focalLength, try number("FocalLength")), "\(exposure)")
  #expect(exposure.iso.map(Double.init) == (try number("ISO")), "\(exposure)")
  let lens = try Exiftool.run(["-s3", "-EXIF:LensModel", path]).trimmed
  #expect(exposure.lens == (lens.isEmpty ? nil : lens), "\(exposure)")
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
