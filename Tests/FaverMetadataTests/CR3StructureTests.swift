import FaverCore
import FaverTestSupport
import SeededRandom
import Testing

@testable import FaverMetadata

/// A CR3 laid out as Canon does: `ftyp crx`, then `moov` holding the Canon `uuid` box with
/// CMT1 (IFD0), CMT2 (EXIF IFD as its first IFD) and CMT4 (GPS IFD as its first IFD).
private func cr3() -> [UInt8] {
  var ifd0 = ExifBuilder()
  ifd0.ifd0[0x010F] = .ascii("Canon")
  ifd0.ifd0[0x0132] = .ascii("2018:02:21 12:08:56")
  var exif = ExifBuilder()
  exif.ifd0[0x9003] = .ascii("2018:02:21 12:08:55")
  exif.ifd0[0x9291] = .ascii("21")
  var gps = ExifBuilder()
  gps.ifd0[0x0001] = .ascii("S")
  gps.ifd0[0x0002] = .rationals([(33, 1), (52, 1), (0, 1)])
  gps.ifd0[0x0003] = .ascii("E")
  gps.ifd0[0x0004] = .rationals([(151, 1), (12, 1), (0, 1)])
  let uuid =
    BoxBuilder.be32(8 + 16) + Array("uuid".utf8) + CR3Structure.canonUUID
    + BoxBuilder.box("CNCV", Array("CanonCR3_001/00.09.00/00.00.00".utf8))
    + BoxBuilder.box("CMT1", Array(ifd0.block().dropFirst(6)))
    + BoxBuilder.box("CMT2", Array(exif.block().dropFirst(6)))
    + BoxBuilder.box("CMT4", Array(gps.block().dropFirst(6)))
  var canon = uuid
  canon.replaceSubrange(0..<4, with: BoxBuilder.be32(uuid.count))
  return BoxBuilder.ftyp("crx ", ["crx ", "isom"]) + BoxBuilder.box("moov", canon)
    + BoxBuilder.box("mdat", [0, 1, 2, 3])
}

@Test func theCanonBoxesGiveDatesAndPosition() throws {
  let read = try CR3Structure.read(cr3())
  #expect(read.problems.isEmpty)
  let block = try #require(read.block)
  let fields = try #require(ExifBlock.read(block))
  #expect(fields.captureTime?.iso8601 == "2018-02-21T12:08:55.210")
  #expect(fields.make == "Canon")
  let position = try #require(try fields.coordinate?.get())
  #expect(position.latitude < -33.8 && position.longitude > 151.1)
}

@Test func everyPrefixAndRandomDamageOfACR3IsSurvived() throws {
  let file = cr3()
  var blocks = 0
  for length in 0..<file.count {
    if try CR3Structure.read(Array(file.prefix(length))).block != nil {
      blocks += 1
    }
  }
  var generator = SeededGenerator(seed: 3)
  var times = 0
  for _ in 0..<2000 {
    let damaged = file.damaged(bytes: 1...1, using: &generator)
    let read = try CR3Structure.read(damaged)
    if read.block.flatMap(ExifBlock.read)?.captureTime != nil { times += 1 }
  }
  #expect(blocks < file.count)
  #expect(times > 0)
}
