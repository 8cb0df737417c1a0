import FaverCore
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverMetadata

private typealias B = BoxBuilder

/// 2015-12-12T08:59:26Z in seconds since 1904.
private let created = 1_449_910_766 + 2_082_844_800

private func mvhd(version: Int, created: Int) -> [UInt8] {
  let times = version == 1 ? B.be64(created) + B.be64(created) : B.be32(created) + B.be32(created)
  return B.fullBox("mvhd", version: version, times + B.be32(600) + [UInt8](repeating: 0, count: 80))
}

/// Apple's `meta` box: `hdlr`, `keys` and `ilst` with UTF-8 `data` values.
private func appleMeta(_ entries: [(String, String)]) -> [UInt8] {
  let hdlr = B.fullBox("hdlr", version: 0, B.be32(0) + Array("mdta".utf8) + [UInt8](repeating: 0, count: 13))
  let keys = B.fullBox(
    "keys", version: 0,
    B.be32(entries.count)
      + entries.flatMap { B.be32(8 + $0.0.utf8.count) + Array("mdta".utf8) + Array($0.0.utf8) })
  let items = entries.enumerated().flatMap { index, entry in
    B.be32(8 + 16 + entry.1.utf8.count) + B.be32(index + 1)
      + B.box("data", B.be32(1) + B.be32(0) + Array(entry.1.utf8))
  }
  return B.box("meta", hdlr + keys + B.box("ilst", items))
}

private func movie(_ moovChildren: [UInt8], mdatFirst: Bool = false) -> [UInt8] {
  let ftyp = B.ftyp("qt  ", ["qt  "])
  let mdat = B.box("mdat", [UInt8](repeating: 0x55, count: 64))
  let moov = B.box("moov", moovChildren)
  return ftyp + (mdatFirst ? mdat + moov : moov + mdat)
}

@Test(arguments: [0, 1])
func mvhdCreationTimeIsUTC(version: Int) throws {
  let read = try QuickTimeStructure.read(movie(mvhd(version: version, created: created)))
  #expect(read.created == Date(timeIntervalSince1970: 1_449_910_766))
  let zone = try #require(TimeZone(secondsFromGMT: -3600))
  let time = try #require(read.captureTime(timeZone: zone))
  #expect(time.iso8601 == "2015-12-12T07:59:26-01:00")
}

@Test(arguments: [0, 60, 2_082_844_800 + 4_200_000_000])
func zeroedOrAbsurdTimesAreMissing(seconds: Int) throws {
  let read = try QuickTimeStructure.read(movie(mvhd(version: 1, created: seconds)))
  #expect(read.created == nil)
  #expect(read.captureTime(timeZone: TimeZone.gmt) == nil)
}

@Test func appleKeysWinOverMvhd() throws {
  let meta = appleMeta([
    ("com.apple.quicktime.location.ISO6709", "+38.1893-119.9558+2004.158/"),
    ("com.apple.quicktime.make", "Apple"),
    ("com.apple.quicktime.creationdate", "2015-01-19T12:45:11-0800"),
    ("com.apple.quicktime.content.identifier", "76C3E45A-2CCC-498B-9C1A-29C3ADD99D39"),
  ])
  let read = try QuickTimeStructure.read(movie(mvhd(version: 0, created: created) + meta, mdatFirst: true))
  let time = try #require(read.captureTime(timeZone: TimeZone.gmt))
  #expect(time.iso8601 == "2015-01-19T12:45:11-08:00" && time.source == .quickTime)
  #expect(read.coordinate == Coordinate(latitude: 38.1893, longitude: -119.9558))
  #expect(read.make == "Apple")
  #expect(read.contentIdentifier == "76C3E45A-2CCC-498B-9C1A-29C3ADD99D39")
}

@Test(arguments: [
  ("2015-01-19T12:45:11-0800", "2015-01-19T12:45:11-08:00"),
  ("2015-01-19T12:45:11+05:30", "2015-01-19T12:45:11+05:30"),
  ("2015-01-19T12:45:11.250Z", "2015-01-19T12:45:11.250+00:00"),
  ("2015-01-19T12:45:11", "2015-01-19T12:45:11"),
])
func appleCreationDatesKeepTheirOffset(text: String, expected: String) {
  #expect(QuickTimeStructure.appleTime(text)?.iso8601 == expected)
}

@Test(arguments: ["2015-01-19T12:45:11 nonsense", "0000-00-00T00:00:00Z", ""])
func brokenAppleCreationDatesAreMissing(text: String) {
  #expect(QuickTimeStructure.appleTime(text) == nil)
}

@Test func userDataXYZAndLociGivePositions() throws {
  let text = Array("-33.8650+151.2094/".utf8)
  let xyzType: [UInt8] = [0xA9] + Array("xyz".utf8)
  let xyzBody: [UInt8] = be16(text.count) + be16(0x15C7) + text
  let xyz: [UInt8] = B.be32(8 + xyzBody.count) + xyzType + xyzBody
  var read = try QuickTimeStructure.read(movie(B.box("udta", xyz)))
  #expect(read.coordinate == Coordinate(latitude: -33.865, longitude: 151.2094))
  // loci: language, name "Home", role, then longitude, latitude, altitude in 16.16.
  let name: [UInt8] = Array("Home".utf8) + [0, 0]
  let position: [UInt8] = B.be32(-(122 << 16) & 0xFFFF_FFFF) + B.be32(37 << 16 | 0x8000) + B.be32(0)
  let loci = B.fullBox("loci", version: 0, be16(0x15C7) + name + position)
  read = try QuickTimeStructure.read(movie(B.box("udta", loci)))
  #expect(read.coordinate == Coordinate(latitude: 37.5, longitude: -122))
}

@Test(arguments: ["+38.1893-119.9558+2004.158/", "+38.1893-119.9558/", "+38.1893-119.9558"])
func iso6709PositionsAreRead(text: String) {
  #expect(ISO6709.coordinate(text) == Coordinate(latitude: 38.1893, longitude: -119.9558))
}

@Test(arguments: ["", "38.1893-119.9558/", "+99.0+10.0/", "+38.1893", "+38.1893x-119.9558/"])
func invalidISO6709IsMissing(text: String) {
  #expect(ISO6709.coordinate(text) == nil)
}

/// A file of `size` bytes that is all `mdat` except `tail` at its end; it records what is read.
private final class SparseMovie: ByteSource, @unchecked Sendable {
  let head: [UInt8]
  let tail: [UInt8]
  let size: Int64
  var bytesRead = 0

  init(head: [UInt8], tail: [UInt8], size: Int64) {
    self.head = head
    self.tail = tail
    self.size = size
  }

  func read(at offset: Int64, count: Int) -> [UInt8] {
    let end = min(size, offset + Int64(count))
    guard offset >= 0, offset < end else { return [] }
    bytesRead += Int(end - offset)
    return (offset..<end).map { at in
      if at < Int64(head.count) { return head[Int(at)] }
      let fromTail = at - (size - Int64(tail.count))
      return fromTail >= 0 ? tail[Int(fromTail)] : 0
    }
  }
}

@Test func aMoovAfterAHugeMdatIsFoundWithoutReadingTheMdat() throws {
  let moov = B.box("moov", mvhd(version: 0, created: created))
  let mdatSize: Int64 = 6 << 30
  let ftyp = B.ftyp("isom", ["isom", "mp42"])
  let head = ftyp + B.be32(1) + Array("mdat".utf8) + B.be64(Int(mdatSize))
  let source = SparseMovie(head: head, tail: moov, size: Int64(ftyp.count) + mdatSize + Int64(moov.count))
  let read = try QuickTimeStructure.read(from: source, head: source.head)
  #expect(read.created == Date(timeIntervalSince1970: 1_449_910_766))
  #expect(source.bytesRead < 1024)
}

@Test func everyPrefixAndRandomDamageOfAMovieIsSurvived() throws {
  let meta = appleMeta([
    ("com.apple.quicktime.creationdate", "2015-01-19T12:45:11-0800"),
    ("com.apple.quicktime.location.ISO6709", "+38.1893-119.9558+2004.158/"),
  ])
  let utf16Name: [UInt8] = [0xFE, 0xFF, 0, 0x41, 0, 0, 0]
  let position: [UInt8] = B.be32(1 << 16) + B.be32(2 << 16)
  let loci = B.fullBox("loci", version: 0, be16(0) + utf16Name + position)
  let file = movie(mvhd(version: 1, created: created) + meta + B.box("udta", loci))
  var found = 0
  for length in 0...file.count {
    let read = try QuickTimeStructure.read(Array(file.prefix(length)))
    if read.appleCreationDate != nil { found += 1 }
  }
  var generator = SeededGenerator(seed: 5)
  var times = 0
  for _ in 0..<3000 {
    let damaged = file.damaged(bytes: 1...4, using: &generator)
    let read = try QuickTimeStructure.read(damaged)
    if read.captureTime(timeZone: TimeZone.gmt) != nil { times += 1 }
  }
  #expect(found > 0 && found < file.count)
  #expect(times > 0)
}

@Test func anMvhdSaysHowLongTheMovieIs() {
  // version 0: flags, creation, modification, timescale 600, duration 1800 (3 s).
  let v0: [UInt8] = [0, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + [0, 0, 2, 88] + [0, 0, 7, 8]
  #expect(QuickTimeStructure.duration(mvhd: v0) == 3)
  // version 1: 64-bit times and duration, timescale 1000, duration 90,500 (90.5 s).
  let v1: [UInt8] =
    [1, 0, 0, 0] + [UInt8](repeating: 0, count: 16) + [0, 0, 3, 232] + [0, 0, 0, 0, 0, 1, 97, 132]
  #expect(QuickTimeStructure.duration(mvhd: v1) == 90.5)
  // No timescale, and a payload cut short.
  #expect(QuickTimeStructure.duration(mvhd: [0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)) == nil)
  #expect(QuickTimeStructure.duration(mvhd: [0, 0, 0]) == nil)
}
