import FaverCore
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverMetadata

/// An Apple maker note (big-endian, offsets from its start) with ASCII entries.
private func makerNote(_ entries: [(Int, String)]) -> [UInt8] {
  var head = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8) + be16(entries.count)
  var tail: [UInt8] = []
  let dataStart = head.count + entries.count * 12 + 4
  for (tag, text) in entries {
    let value = Array(text.utf8) + [0]
    head += be16(tag) + be16(2) + BoxBuilder.be32(value.count) + BoxBuilder.be32(dataStart + tail.count)
    tail += value
  }
  return head + BoxBuilder.be32(0) + tail
}

private let live = "76C3E45A-2CCC-498B-9C1A-29C3ADD99D39"
private let burst = "4E2B5A4C-1D57-4F4A-A3C4-46A8A9D5F1B0"

@Test func contentIdentifierAndBurstAreRead() throws {
  let note = try #require(AppleMakerNote(makerNote([(0x000B, burst), (0x0011, live), (0x0001, "x")])))
  #expect(note.contentIdentifier == live && note.burstID == burst)
}

@Test func theyReachTheMetadataOfAJPEG() throws {
  var builder = ExifBuilder()
  builder.ifd0[0x010F] = .ascii("Apple")
  builder.original("2024:05:12 14:30:12")
  builder.exif[0x927C] = .undefined(makerNote([(0x0011, live)]))
  let jpeg = builder.jpeg()
  let metadata = try #require(
    try MetadataReader().read(MemoryByteSource(jpeg), head: jpeg, modified: Date()))
  #expect(metadata.contentIdentifier == live && metadata.burstID == nil)
  #expect(metadata.captureTime.source == .exifOriginal)
}

@Test(arguments: [[UInt8](), Array("Nikon\0".utf8) + [UInt8](repeating: 0, count: 20)])
func otherMakerNotesAreNotApple(bytes: [UInt8]) {
  #expect(AppleMakerNote(bytes) == nil)
}

@Test func everyPrefixAndRandomDamageOfAMakerNoteIsSurvived() {
  let note = makerNote([(0x000B, burst), (0x0011, live)])
  var read = 0
  for length in 0...note.count where AppleMakerNote(Array(note.prefix(length)))?.contentIdentifier != nil {
    read += 1
  }
  var generator = SeededGenerator(seed: 9)
  for _ in 0..<2000 {
    let damaged = note.damaged(bytes: 1...1, using: &generator)
    _ = AppleMakerNote(damaged)  // must not crash
  }
  #expect(read > 0 && read < note.count)
}
