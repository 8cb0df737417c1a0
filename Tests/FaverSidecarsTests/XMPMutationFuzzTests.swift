import FaverTestSupport
import Foundation
import SeededRandom
import Testing

@testable import FaverSidecars

// A seeded mutation fuzzer over sidecars and embedded XMP, the way `MutationFuzzTests` covers
// metadata. Seeds: the real sidecars of the corpus, the packets embedded in its photos, and
// faver's own packet. Each case damages one seed one to three ways (the metadata fuzzer's
// `Mutation`s, and `XMLMutation`s that aim at names, values, text and the encoding), then reads
// it and merges each state into it. Nothing may trap; each mutant gives a state or a
// `SidecarError`, and a merge that succeeds reads back as the state it wrote.
//
//   FAVER_FUZZ_XMP_CASES=20000 swift test --filter mutatedSidecars   a longer run (default 1000)
//   FAVER_FUZZ_SEED=… FAVER_FUZZ_CASE=…                               replays one case

/// A damage aimed at what an XML parser reads as text: bytes that are not UTF-8 inside an
/// element name, an attribute name or value, character data, a processing instruction's target
/// or a new comment; or the whole file turned into UTF-16.
enum XMLMutation: String, CaseIterable {
  case elementName, attributeName, attributeValue, text, instruction, comment, utf16

  /// Bytes that are never valid UTF-8 where they stand: a lone continuation byte, a lead byte
  /// cut short, an overlong `/`, a surrogate, a code point past U+10FFFF, and bytes never used.
  static let invalid: [[UInt8]] = [
    [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    [0xFE], [0xFF], [0xF8, 0x88, 0x80, 0x80, 0x80],
  ]

  func applied(to bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    if self == .utf16 {
      let units = String(decoding: bytes, as: UTF8.self).utf16
      return [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
    let bad = Self.invalid.randomElement(using: &generator) ?? [0xFF]
    // Where the bad bytes go: just after `<`, `</`, `<?`, a space before a name, `="` or `>`,
    // so that they land inside what follows.
    var places: [Int] = []
    for index in bytes.indices.dropLast(2) {
      let (byte, next, after) = (bytes[index], bytes[index + 1], bytes[index + 2])
      switch self {
      case .elementName where byte == UInt8(ascii: "<") && isLetter(next): places.append(index + 2)
      case .elementName where byte == UInt8(ascii: "<") && next == UInt8(ascii: "/"): places.append(index + 3)
      case .attributeName where isWhitespace(byte) && isLetter(next) && isLetter(after):
        places.append(index + 2)
      case .attributeValue where byte == UInt8(ascii: "=") && (next == 0x22 || next == 0x27):
        places.append(index + 2)
      case .text where byte == UInt8(ascii: ">") && isLetter(next): places.append(index + 1)
      case .instruction where byte == UInt8(ascii: "<") && next == UInt8(ascii: "?"): places.append(index + 3)
      case .comment where byte == UInt8(ascii: "<"): places.append(index)
      default: break
      }
    }
    let place = places.randomElement(using: &generator) ?? bytes.count
    let inserted = self == .comment ? Array("<!-- ".utf8) + bad + Array(" -->".utf8) : bad
    var copy = bytes
    copy.insert(contentsOf: inserted, at: min(place, copy.count))
    return copy
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }
}

/// The packets the cases start from.
enum XMPFuzzSeeds {
  static let all: [(name: String, bytes: [UInt8])] = {
    var seeds: [(String, [UInt8])] = [("faver's own packet", XMPSidecar.emptyPacket)]
    for file in SidecarCorpus.files {
      if let bytes = try? SidecarCorpus.bytes(file) { seeds.append(("sidecars/" + file, Array(bytes))) }
    }
    // The packets the corpus's photos carry, found the way `sidecars import` finds them.
    if let corpus = SidecarCorpus.folder?.deletingLastPathComponent(),
      let paths = FileManager.default.subpaths(atPath: corpus.path)
    {
      for path in paths.sorted() where !path.hasPrefix("sidecars") && !path.hasSuffix(".json") {
        guard let handle = FileHandle(forReadingAtPath: corpus.appendingPathComponent(path).path) else {
          continue
        }
        defer { try? handle.close() }
        if let head = try? handle.read(upToCount: 1 << 20), let packet = XMPPacket.find(in: Array(head)) {
          seeds.append((path, Array(packet)))
        }
      }
    }
    return seeds
  }()
}

struct XMPFuzzCase {
  var index: Int
  var seed: (name: String, bytes: [UInt8])
  var damage: [String] = []
  var bytes: [UInt8]

  init(index: Int, seed: UInt64, seeds: [(name: String, bytes: [UInt8])]) {
    self.index = index
    self.seed = seeds[index % seeds.count]
    var generator = SeededGenerator(seed: seed ^ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    bytes = self.seed.bytes
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      if Bool.random(using: &generator), let mutation = XMLMutation.allCases.randomElement(using: &generator)
      {
        damage.append(mutation.rawValue)
        bytes = mutation.applied(to: bytes, using: &generator)
      } else {
        let mutation = Mutation.allCases.randomElement(using: &generator) ?? .setBytes
        damage.append(mutation.rawValue)
        bytes = bytes.mutated(mutation, using: &generator)
      }
    }
  }

  var description: String { "case \(index) (\(seed.name); \(damage.joined(separator: ", ")))" }

  /// What went wrong with this mutant, if anything: a merge that reads back otherwise.
  func run() -> [String] {
    var failures: [String] = []
    let data = Data(bytes)
    let read: Result<SidecarState?, SidecarError> = Result { () throws(SidecarError) in
      try XMPSidecar.readState(in: data)
    }
    if case .failure(let error) = read, error.description.isEmpty || error.problem.isEmpty {
      failures.append("\(description): an error without a message")
    }
    for state in SidecarState.allCases {
      guard let merged = try? XMPSidecar.merged(existing: data, state: state) else { continue }
      let back = XMPSidecar.state(in: merged)
      if back != (state == .neither ? nil : state) {
        failures.append("\(description): merging \(state) reads back as \(String(describing: back))")
      }
    }
    return failures
  }
}

@Test func mutatedSidecarsAndEmbeddedXMPReadOrFailCleanly() {
  let environment = ProcessInfo.processInfo.environment
  let seed = environment["FAVER_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_F00D
  let onlyCase = environment["FAVER_FUZZ_CASE"].flatMap { Int($0) }
  let count = environment["FAVER_FUZZ_XMP_CASES"].flatMap { Int($0) } ?? 1000
  let seeds = XMPFuzzSeeds.all
  #expect(!SidecarCorpus.isPresent || seeds.count > 16, "seeds: \(seeds.map(\.name))")
  let cases = onlyCase.map { $0...$0 } ?? 0...(count - 1)
  var failures: [String] = []
  var refused = 0
  for index in cases {
    let fuzz = XMPFuzzCase(index: index, seed: seed, seeds: seeds)
    failures += fuzz.run()
    do { _ = try XMPSidecar.readState(in: Data(fuzz.bytes)) } catch { refused += 1 }
  }
  for failure in failures.prefix(20) {
    Issue.record(
      Comment(
        rawValue: "seed \(seed) \(failure); replay: FAVER_FUZZ_SEED=\(seed) FAVER_FUZZ_CASE=… "
          + "swift test --skip-build --filter mutatedSidecars"))
  }
  // The damage reaches the parser: a good share of the mutants are refused, not all.
  #expect(onlyCase != nil || (refused > cases.count / 10 && refused < cases.count), "refused \(refused)")
}

@Test(arguments: XMLMutation.allCases.filter { $0 != .utf16 }, XMLMutation.invalid)
func bytesThatAreNotUTF8AnywhereInASidecarAreRefusedWithTheirPlace(mutation: XMLMutation, bad: [UInt8]) throws
{
  let packet = sidecar(
    "<rdf:Description rdf:about='' xmlns:dc='{dc}'><dc:title>Harbour</dc:title></rdf:Description>")
  var generator = SeededGenerator(seed: 7)
  let damaged = mutation.applied(to: Array(packet), using: &generator)
  try #require(damaged.count > packet.count)
  #expect {
    try XMPSidecar.readState(in: Data(damaged))
  } throws: { error in
    guard case .notXML(let line, _, let reason) = error as? SidecarError else { return false }
    return reason == "bytes that are not UTF-8 text" && line >= 1
  }
}

/// A TIFF whose tag 700 holds a packet with an element name that is not UTF-8, as the fuzzed
/// files of a public test suite do: the packet is found, refused with a reason, and nothing traps.
@Test func anEmbeddedPacketWithAnElementNameThatIsNotUTF8IsRefused() throws {
  let packet = Array(sidecar("<rdf:Description rdf:about='' xmlns:xmp='{xmp}' xmp:Rating='5'/>"))
  let name = try #require(packet.firstRange(of: Array("rdf:Description".utf8)))
  var damaged = packet
  damaged[name.lowerBound + 5] = 0xE9  // `rdf:D\u{E9}scription` in Latin-1
  let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0xBC, 0x02, 1, 0] + damaged + [0, 0, 0, 0]
  let found = try #require(XMPPacket.find(in: tiff))
  #expect(XMPSidecar.state(in: found) == nil)
  #expect(throws: SidecarError.notXML(line: 4, column: 7, reason: "bytes that are not UTF-8 text")) {
    try XMPSidecar.readState(in: found)
  }
  #expect(XMPSidecar.state(in: Data(packet)) == .favorite)
}

@Test(arguments: [
  ([UInt8]("a\u{E9}\u{10FFFF}".utf8), nil),
  ([0x61, 0xC3], 1),  // cut short
  ([0xC0, 0xAF], 0),  // overlong
  ([0xED, 0xA0, 0x80], 0),  // a surrogate
  ([0x61, 0x62, 0xF4, 0x90, 0x80, 0x80], 2),  // past U+10FFFF
  ([0xE2, 0x82, 0x41], 0),
])
func theFirstByteThatIsNotUTF8IsFound(bytes: [UInt8], offset: Int?) {
  #expect(XMPText.firstInvalidUTF8(in: bytes) == offset)
}
/// Where faver's reader accepts a mutant, libxml2 accepts it too and finds the same elements,
/// names and namespaces: faver's reader is never laxer than the parser it replaced.
@Test func whatFaverAcceptsLibxml2ReadsAlike() {
  let seeds = XMPFuzzSeeds.all
  var compared = 0
  for index in 0..<3000 {
    let fuzz = XMPFuzzCase(index: index, seed: 0x5EED_F00D, seeds: seeds)
    guard let text = try? XMPText(fuzz.bytes), let source = try? XMLSource(text.utf8) else {
      continue
    }
    compared += 1
    let libxml2 = LibXML2Outline.read(text.encoded(wrapperBlanked(text.utf8)))
    #expect(
      libxml2.outline == LibXML2Outline(source), "\(fuzz.description); libxml2 errors \(libxml2.errors)")
  }
  #expect(compared > 100)
}

/// `utf8` with the characters XML does not allow inside `<?xpacket …?>` made spaces (f-spot wrote
/// U+001A in `begin=""`): faver lets them pass there, libxml2 does not.
private func wrapperBlanked(_ utf8: [UInt8]) -> [UInt8] {
  var result = utf8
  var searchFrom = 0
  while let start = result[searchFrom...].firstRange(of: Array("<?xpacket".utf8))?.upperBound,
    let end = result[start...].firstRange(of: Array("?>".utf8))?.lowerBound
  {
    for index in start..<end where result[index] < 0x20 && !isWhitespace(result[index]) {
      result[index] = 0x20
    }
    // U+FFFE and U+FFFF too (a BOM written into `begin=""` byte-swapped, or damaged).
    for index in start..<max(start, end - 2)
    where result[index] == 0xEF && result[index + 1] == 0xBF && result[index + 2] >= 0xBE {
      result.replaceSubrange(index...(index + 2), with: [0x20, 0x20, 0x20])
    }
    searchFrom = end
  }
  return result
}
