import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverMetadata

private let reader = MetadataReader(timeZone: TimeZone(secondsFromGMT: 0)!)
private let modified = Date(timeIntervalSince1970: 1_700_000_000)

private func read(_ bytes: [UInt8], name: String = "") throws -> FileMetadata? {
  try reader.read(MemoryByteSource(bytes), head: Array(bytes.prefix(65_536)), modified: modified, name: name)
}

private func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
private func le32(_ v: Int) -> [UInt8] { be32(v).reversed() }

private func exif(bigEndian: Bool = false) -> ExifBuilder {
  var builder = ExifBuilder(bigEndian: bigEndian)
  builder.original("2023:05:12 14:30:12", offset: "+02:00")
  builder.ifd0[0x010F] = .ascii("Maker")
  return builder
}

/// A RAF header whose preview pointer says (`start`, `length`), followed by `preview`.
private func raf(_ preview: [UInt8], start: Int = 0x5C, length: Int? = nil) -> [UInt8] {
  var header = Array("FUJIFILMCCD-RAW 0201FF383501".utf8)
  header += [UInt8](repeating: 0, count: 0x54 - header.count)
  return header + be32(start) + be32(length ?? preview.count) + preview
}

/// An MRW whose metadata holds a PRD block and a TTW block of `tiff`.
private func mrw(_ tiff: [UInt8], ttwLength: Int? = nil) -> [UInt8] {
  let prd = [0x00, 0x50, 0x52, 0x44] + be32(4) + [1, 2, 3, 4]
  let ttw = [0x00, 0x54, 0x54, 0x57] + be32(ttwLength ?? tiff.count) + tiff
  return [0x00, 0x4D, 0x52, 0x4D] + be32(prd.count + ttw.count) + prd + ttw + [0xAB, 0xAB]
}

/// An X3F with the given sections (type, bytes) and its directory at the end.
private func x3f(_ sections: [(String, [UInt8])], directoryAt: Int? = nil) -> [UInt8] {
  var bytes = Array("FOVb".utf8) + [3, 0, 2, 0] + [UInt8](repeating: 0, count: 32)
  var entries: [UInt8] = []
  for (type, payload) in sections {
    entries += le32(bytes.count) + le32(payload.count) + Array(type.utf8)
    bytes += payload
  }
  let directory = bytes.count
  bytes += Array("SECd".utf8) + le32(0x20000) + le32(sections.count) + entries
  return bytes + le32(directoryAt ?? directory)
}

private let jpegSection = X3FStructure.jpegSectionHeader + [UInt8](repeating: 0, count: 12)

@Test func aRAFIsReadFromItsPreviewsExif() throws {
  let metadata = try #require(try read(raf(exif().jpeg())))
  #expect(metadata.format == .raf)
  #expect(metadata.captureTime.iso8601 == "2023-05-12T14:30:12+02:00")
  #expect(metadata.make == "Maker")
  #expect(metadata.problems.isEmpty)
}

@Test(arguments: [(0x5C, 100_000), (90_000, 10), (0, 10)])
func aRAFWhosePreviewIsNotWhereItSaysIsDamaged(start: Int, length: Int) throws {
  let metadata = try #require(try read(raf(exif().jpeg(), start: start, length: length)))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.problems == [.damagedContainer])
}

@Test(arguments: [false, true])
func anMRWIsReadFromItsTTWBlock(bigEndian: Bool) throws {
  let tiff = Array(exif(bigEndian: bigEndian).block().dropFirst(6))
  let metadata = try #require(try read(mrw(tiff)))
  #expect(metadata.format == .mrw)
  #expect(metadata.captureTime.iso8601 == "2023-05-12T14:30:12+02:00")
  #expect(metadata.problems.isEmpty)
}

@Test func anMRWBlockRunningPastTheMetadataIsDamaged() throws {
  let tiff = Array(exif().block().dropFirst(6))
  let metadata = try #require(try read(mrw(tiff, ttwLength: tiff.count + 100)))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.problems == [.damagedContainer])
}

@Test func anX3FIsReadFromItsJPEGSection() throws {
  let bytes = x3f([("PROP", Array("SECp".utf8) + [0, 0]), ("IMA2", jpegSection + exif().jpeg())])
  let metadata = try #require(try read(bytes))
  #expect(metadata.format == .x3f)
  #expect(metadata.captureTime.iso8601 == "2023-05-12T14:30:12+02:00")
  #expect(metadata.problems.isEmpty)
}

@Test func anX3FWithoutAJPEGSectionFallsBackWithoutComplaint() throws {
  // The SD9 and SD10 store only raw image sections (`SECi` of another type).
  var rawSection = jpegSection
  rawSection[8] = 3
  let metadata = try #require(
    try read(x3f([("IMAG", rawSection + [1, 2, 3, 4])]), name: "IMG_20230512_143012.X3F"))
  #expect(metadata.format == .x3f)
  #expect(metadata.captureTime.source == .fileName)
  #expect(metadata.problems.isEmpty)
}

@Test func anX3FWhoseDirectoryIsMissingIsDamaged() throws {
  let metadata = try #require(try read(x3f([("IMA2", jpegSection + exif().jpeg())], directoryAt: 1_000_000)))
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.problems == [.damagedContainer])
}

@Test func aCRWIsRecognisedAndFallsBackToTheModificationTime() throws {
  let bytes = [0x49, 0x49, 0x1A, 0, 0, 0] + Array("HEAPCCDR".utf8) + [UInt8](repeating: 0, count: 64)
  let metadata = try #require(try read(bytes))
  #expect(metadata.format == .crw)
  #expect(metadata.kind == .photo)
  #expect(metadata.captureTime.source == .fileModified)
  #expect(metadata.problems.isEmpty)
}
