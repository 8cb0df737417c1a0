import FaverSidecars
import FaverTestSupport
import Foundation
import Testing

/// `text` decoded as the sidecar is encoded (some are UTF-16LE with a BOM).
private func decoded(_ bytes: Data, like original: Data) -> String {
  original.starts(with: [0xFF, 0xFE])
    ? String(data: bytes, encoding: .utf16LittleEndian) ?? "" : String(decoding: bytes, as: UTF8.self)
}

/// Where `after` differs from `before` by one insertion: the inserted bytes; nil when it differs
/// otherwise (bytes removed or replaced anywhere, or two separate insertions).
func insertion(from before: Data, to after: Data) -> Data? {
  let (old, new) = (Array(before), Array(after))
  guard new.count >= old.count else { return nil }
  let prefix = zip(old, new).prefix { $0 == $1 }.count
  let suffix = zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count
  let kept = min(suffix, old.count - prefix)
  guard prefix + kept == old.count else { return nil }
  return Data(new[prefix..<(new.count - kept)])
}

@Test(.enabled(if: SidecarCorpus.isPresent, "../shared/corpus is not beside the checkout; set FAVER_CORPUS"))
func theCorpusHoldsItsSixteenSidecars() {
  #expect(SidecarCorpus.files.count == 16)
}

@Test(
  .enabled(if: SidecarCorpus.isPresent, "../shared/corpus is not beside the checkout; set FAVER_CORPUS"),
  arguments: SidecarCorpus.files)
func aRealSidecarKeepsEveryByteFaverDoesNotTouch(file: String) throws {
  let original = try SidecarCorpus.bytes(file)
  let favorite = try #require(try XMPSidecar.merged(existing: original, state: .favorite))
  #expect(XMPSidecar.state(in: favorite) == .favorite)

  // The expected edit, described apart from the code under test: a rating already there gets
  // 5 in place; everything else is one insertion of declarations and faver's attributes.
  let expected = decoded(original, like: original)
    .replacing(/(\b(?:xmp|xap):Rating=["'])[^"']*(["'])/) { "\($0.output.1)5\($0.output.2)" }
    .replacing(/(<(?:xmp|xap):Rating>)[^<]*(<\/)/) { "\($0.output.1)5\($0.output.2)" }
  let expectedBytes =
    original.starts(with: [0xFF, 0xFE])
    ? try #require(expected.data(using: .utf16LittleEndian)) : Data(expected.utf8)
  let inserted = try #require(insertion(from: expectedBytes, to: favorite))
  let attributes = /(\s+xmlns:\w+=(["'])[^"']+\2)*(\s+\w+:(Rating|PickLabel|favorite)=(["'])\d\5)+/
  #expect(try attributes.wholeMatch(in: decoded(inserted, like: original)) != nil)

  // None of the sidecars holds a rating of faver's: neither changes none of them.
  #expect(XMPSidecar.state(in: original) == nil)
  #expect(try XMPSidecar.merged(existing: original, state: .neither) == original)
  let neither = try #require(try XMPSidecar.merged(existing: favorite, state: .neither))
  if decoded(original, like: original).contains(/\b(xmp|xap):Rating/) {
    #expect(!decoded(neither, like: original).contains(/\b(xmp|xap):Rating/))
  } else {
    #expect(neither == original)
  }
}

@Test(
  .enabled(if: SidecarCorpus.isPresent && Exiftool.shouldRun, "needs ../shared/corpus and exiftool"),
  arguments: SidecarCorpus.files.filter { !$0.hasPrefix("immich-test-assets/") })
func exiftoolReadsTheSameSidecarPlusFaversRating(file: String) throws {
  let original = try SidecarCorpus.bytes(file)
  let favorite = try #require(try XMPSidecar.merged(existing: original, state: .favorite))
  var before = try Exiftool.tags(of: original)
  let after = try Exiftool.tags(of: favorite)
  #expect(after["XMP-xmp:Rating"] == "[5]")
  #expect(after["XMP-digiKam:PickLabel"] == "[3]")
  #expect(after["XMP-fstop:Favorite"] == "[1]")
  before["XMP-xmp:Rating"] = "[5]"
  before["XMP-digiKam:PickLabel"] = "[3]"
  before["XMP-fstop:Favorite"] = "[1]"
  #expect(after == before)
}
