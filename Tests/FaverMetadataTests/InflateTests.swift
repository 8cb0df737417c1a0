import FaverCore
import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverMetadata

/// zlib's own compression, through Perl's Compress::Zlib (which exiftool needs too).
enum PerlZlib {
  static let perl: String? = ["/usr/bin/perl", "/usr/local/bin/perl"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static var shouldRun: Bool { perl != nil || ProcessInfo.processInfo.environment["CI"] != nil }

  static func compress(_ bytes: [UInt8], level: Int) throws -> [UInt8] {
    let perl = try #require(perl, "CI must have Perl (exiftool runs on it)")
    let tree = try TemporaryTree()
    let input = tree.root.appendingPathComponent("in")
    try Data(bytes).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: perl)
    process.arguments = [
      "-MCompress::Zlib", "-e", "binmode STDIN; binmode STDOUT; local $/; print compress(<STDIN>, \(level))",
    ]
    process.standardInput = try FileHandle(forReadingFrom: input)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
  }
}

/// Text that compresses with every kind of block: repeats near and far, and random bytes.
private func sample(_ count: Int, seed: UInt64) -> [UInt8] {
  var random = SeededGenerator(seed: seed)
  var bytes: [UInt8] = []
  let words = ["<rdf:Description ", "xmp:CreateDate=", "\"2023-05-12T14:30:12\" ", "\n  ", "exif"].map {
    Array($0.utf8)
  }
  while bytes.count < count {
    switch random.next() % 4 {
    case 0: bytes += (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    default: bytes += words[Int(random.next() % UInt64(words.count))]
    }
  }
  return bytes
}

@Test(.enabled(if: PerlZlib.shouldRun), arguments: [0, 1, 6, 9])
func zlibsStreamsInflateToWhatWasCompressed(level: Int) throws {
  for (count, seed) in [(0, 1), (1, 2), (300, 3), (70_000, 4)] as [(Int, UInt64)] {
    let original = sample(count, seed: seed)
    let compressed = try PerlZlib.compress(original, level: level)
    #expect(Inflate.zlib(compressed[...], limit: 1 << 20) == original, "\(count) bytes at level \(level)")
    if original.count > 10 {
      #expect(Inflate.zlib(compressed[...], limit: original.count - 1) == nil)
    }
  }
}

@Test(.enabled(if: PerlZlib.shouldRun)) func damagedStreamsGiveNilOrBytesWithoutTrapping() throws {
  let compressed = try PerlZlib.compress(sample(5_000, seed: 7), level: 9)
  var random = SeededGenerator(seed: 11)
  for _ in 0..<2_000 {
    var damaged = compressed
    for _ in 0..<(1 + random.next() % 4) {
      let at = 2 + Int(random.next() % UInt64(damaged.count - 2))
      damaged[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
    }
    let cut = Int(random.next() % UInt64(damaged.count + 1))
    _ = Inflate.zlib(damaged[..<max(cut, damaged.count / 2)], limit: 1 << 16)
  }
  #expect(Inflate.zlib([0x78, 0x9C][...], limit: 100) == nil)
  #expect(Inflate.zlib([0x78, 0x9D, 0x03, 0x00][...], limit: 100) == nil)  // a bad header check
}
