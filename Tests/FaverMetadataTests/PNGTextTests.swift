import FaverCore
import FaverTestSupport
import Foundation
import Testing

@testable import FaverMetadata

/// ImageMagick's `Raw profile type exif`: a name line, the length, then hex digits in lines.
private func rawProfile(_ bytes: [UInt8]) -> [UInt8] {
  let hex = bytes.map { String(format: "%02x", $0) }.joined()
  var lines = ""
  var rest = Substring(hex)
  while !rest.isEmpty {
    lines += rest.prefix(72) + "\n"
    rest = rest.dropFirst(72)
  }
  return Array("\nexif\n  \(bytes.count)\n\(lines)".utf8)
}

private func pngWithText(_ type: String, keyword: String, text: [UInt8], compressed: Bool = false) -> [UInt8]
{
  let flags: [UInt8] =
    switch type {
    case "iTXt": [compressed ? 1 : 0, 0, 0, 0]
    case "zTXt": [0]
    default: []
    }
  let data = Array(keyword.utf8) + [0] + flags + text
  return ContainerBuilder.pngSignature + ContainerBuilder.pngChunk("IHDR", [UInt8](repeating: 1, count: 13))
    + ContainerBuilder.pngChunk(type, data) + ContainerBuilder.pngChunk("IDAT", [1, 2, 3])
    + ContainerBuilder.pngChunk("IEND", [])
}

@Test(arguments: ["tEXt", "iTXt"], ["Raw profile type exif", "Raw profile type APP1"])
func aRawExifProfileInAPNGTextChunkIsRead(type: String, keyword: String) throws {
  var exif = ExifBuilder()
  exif.original("2018:09:10 11:12:13", subSec: "5", offset: "-03:00")
  exif.position(lat: (48, 51, 2400), latRef: "N", lon: (2, 21, 300), lonRef: "E")
  let png = pngWithText(type, keyword: keyword, text: rawProfile(exif.block()))
  let metadata = try #require(
    try MetadataReader().read(MemoryByteSource(png), head: png, modified: Date(timeIntervalSince1970: 0)))
  #expect(metadata.captureTime.iso8601 == "2018-09-10T11:12:13.500-03:00")
  #expect(metadata.captureTime.source == .pngText)
  #expect(metadata.coordinate != nil)
}

@Test func anotherKeywordOrAShortProfileIsNotRead() throws {
  var exif = ExifBuilder()
  exif.original("2018:09:10 11:12:13")
  let text = rawProfile(exif.block())
  let other = pngWithText("tEXt", keyword: "Comment", text: text)
  let short = pngWithText("tEXt", keyword: "Raw profile type exif", text: Array(text.dropLast(10)))
  for png in [other, short] {
    let metadata = try MetadataReader().read(
      MemoryByteSource(png), head: png, modified: Date(timeIntervalSince1970: 0))
    #expect(metadata?.captureTime.source == .fileModified)
  }
}

@Test(.enabled(if: PerlZlib.shouldRun), arguments: ["zTXt", "iTXt"])
func aCompressedRawExifProfileIsRead(type: String) throws {
  var exif = ExifBuilder()
  exif.original("2018:09:10 11:12:13", offset: "+01:00")
  let text = try PerlZlib.compress(rawProfile(exif.block()), level: 9)
  let png = pngWithText(type, keyword: "Raw profile type exif", text: text, compressed: true)
  let metadata = try MetadataReader().read(
    MemoryByteSource(png), head: png, modified: Date(timeIntervalSince1970: 0))
  #expect(metadata?.captureTime.iso8601 == "2018-09-10T11:12:13+01:00")
  #expect(metadata?.captureTime.source == .pngText)
}

@Test(.enabled(if: PerlZlib.shouldRun)) func aCompressedXMPiTXtIsRead() throws {
  let packet =
    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:Description xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\""
    + " xmp:CreateDate=\"2019-04-05T06:07:08.5-07:00\"/></x:xmpmeta>"
  let text = try PerlZlib.compress(Array(packet.utf8), level: 6)
  let png = pngWithText("iTXt", keyword: "XML:com.adobe.xmp", text: text, compressed: true)
  let metadata = try MetadataReader().read(
    MemoryByteSource(png), head: png, modified: Date(timeIntervalSince1970: 0))
  #expect(metadata?.captureTime.iso8601 == "2019-04-05T06:07:08.500-07:00")
  #expect(metadata?.captureTime.source == .xmp)
}
