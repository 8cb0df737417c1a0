import FaverSidecars
import Foundation
import Testing

/// A sidecar as exiftool writes one, around `descriptions`, where `{xmp}`, `{digiKam}`,
/// `{fstop}` and `{dc}` stand for those namespaces.
func sidecar(_ descriptions: String) -> Data {
  let namespaces = [
    "{xmp}": "http://ns.adobe.com/xap/1.0/", "{digiKam}": "http://www.digikam.org/ns/1.0/",
    "{fstop}": "http://www.fstopapp.com/xmp/", "{dc}": "http://purl.org/dc/elements/1.1/",
  ]
  let descriptions = namespaces.reduce(descriptions) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
  return Data(
    """
    <?xpacket begin='\u{FEFF}' id='W5M0MpCehiHzreSzNTczkc9d'?>
    <x:xmpmeta xmlns:x='adobe:ns:meta/' x:xmptk='Image::ExifTool 12.57'>
    <rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>
    \(descriptions)
    </rdf:RDF>
    </x:xmpmeta>
    <?xpacket end='w'?>

    """.utf8)
}

func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

@Test func aNewFavoriteSidecarIsAMinimalPacket() throws {
  let favorite = try XMPSidecar.merged(existing: nil, state: .favorite)
  #expect(
    text(favorite) == """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="faver">
       <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description
         rdf:about=""
         xmlns:xmp="http://ns.adobe.com/xap/1.0/"
         xmlns:digiKam="http://www.digikam.org/ns/1.0/"
         xmlns:fstop="http://www.fstopapp.com/xmp/"
         xmp:Rating="5"
         digiKam:PickLabel="3"
         fstop:favorite="1"/>
       </rdf:RDF>
      </x:xmpmeta>
      <?xpacket end="w"?>

      """)
}

@Test func aNewRejectedSidecarHasNoFavoriteFlag() throws {
  let rejected = try #require(text(try XMPSidecar.merged(existing: nil, state: .rejected)))
  #expect(rejected.contains(#"xmp:Rating="-1""#))
  #expect(rejected.contains(#"digiKam:PickLabel="1""#))
  #expect(!rejected.contains("fstop"))
}

@Test func neitherWithoutASidecarWritesNothing() throws {
  #expect(try XMPSidecar.merged(existing: nil, state: .neither) == nil)
}

/// One merge: a sidecar's descriptions before, the state, and the descriptions after.
struct Merge: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var before: String
  var state: SidecarState
  var after: String
}

@Test(arguments: [
  Merge(
    testDescription:
      "an attribute's value is replaced; the others follow the last attribute, written like it",
    before: """
       <rdf:Description rdf:about='' xmlns:xmp='{xmp}'
        xmp:Rating='3'/>
      """,
    state: .rejected,
    after: """
       <rdf:Description rdf:about='' xmlns:xmp='{xmp}'
        xmp:Rating='-1'
        xmlns:digiKam='{digiKam}'
        digiKam:PickLabel='1'/>
      """),
  Merge(
    testDescription: "an element's text is replaced",
    before: """
       <rdf:Description rdf:about='' xmlns:xmp='{xmp}'>
        <xmp:Rating>3</xmp:Rating>
       </rdf:Description>
      """,
    state: .favorite,
    after: """
       <rdf:Description rdf:about='' xmlns:xmp='{xmp}' xmlns:digiKam='{digiKam}' xmlns:fstop='{fstop}' digiKam:PickLabel='3' fstop:favorite='1'>
        <xmp:Rating>5</xmp:Rating>
       </rdf:Description>
      """),
  Merge(
    testDescription: "an empty element gets its value",
    before: "<rdf:Description xmlns:xmp='{xmp}'><xmp:Rating/></rdf:Description>",
    state: .rejected,
    after: """
      <rdf:Description xmlns:xmp='{xmp}' xmlns:digiKam='{digiKam}' digiKam:PickLabel='1'><xmp:Rating>-1</xmp:Rating></rdf:Description>
      """),
  Merge(
    testDescription: "another prefix bound to the xmp namespace is used",
    before: "<rdf:Description rdf:about='' xmlns:xap='{xmp}' xap:CreatorTool='Photoshop'/>",
    state: .rejected,
    after: """
      <rdf:Description rdf:about='' xmlns:xap='{xmp}' xap:CreatorTool='Photoshop' xmlns:digiKam='{digiKam}' xap:Rating='-1' digiKam:PickLabel='1'/>
      """),
  Merge(
    testDescription: "a prefix bound to another namespace is not",
    before: "<rdf:Description rdf:about='' xmlns:xmp='{dc}' xmp:title='dc, not xmp'/>",
    state: .rejected,
    after: """
      <rdf:Description rdf:about='' xmlns:xmp='{dc}' xmp:title='dc, not xmp' xmlns:xmp1='{xmp}' xmlns:digiKam='{digiKam}' xmp1:Rating='-1' digiKam:PickLabel='1'/>
      """),
  Merge(
    testDescription:
      "a rating in a later description is edited there; the rest go to the one about the photo",
    before: """
      <rdf:Description rdf:nodeID='lens'><dc:format xmlns:dc='{dc}'>image/jpeg</dc:format></rdf:Description>
      <rdf:Description rdf:about=''/>
      <rdf:Description rdf:about='' xmlns:xmp='{xmp}' xmp:Rating='-1'/>
      """,
    state: .favorite,
    after: """
      <rdf:Description rdf:nodeID='lens'><dc:format xmlns:dc='{dc}'>image/jpeg</dc:format></rdf:Description>
      <rdf:Description rdf:about='' xmlns:digiKam='{digiKam}' xmlns:fstop='{fstop}' digiKam:PickLabel='3' fstop:favorite='1'/>
      <rdf:Description rdf:about='' xmlns:xmp='{xmp}' xmp:Rating='5'/>
      """),
  Merge(
    testDescription: "a description without attributes gets them after its name",
    before: "<rdf:Description><dc:format xmlns:dc='{dc}'>image/jpeg</dc:format></rdf:Description>",
    state: .rejected,
    after: """
      <rdf:Description xmlns:xmp="{xmp}" xmlns:digiKam="{digiKam}" xmp:Rating="-1" digiKam:PickLabel="1"><dc:format xmlns:dc='{dc}'>image/jpeg</dc:format></rdf:Description>
      """),
  Merge(
    testDescription: "neither removes faver's values, and the declarations only they used",
    before: """
       <rdf:Description rdf:about='' xmlns:dc='{dc}' xmlns:xmp='{xmp}'
        xmlns:fstop='{fstop}' xmlns:digiKam='{digiKam}'
        dc:format='image/jpeg' xmp:CreatorTool='darktable' fstop:favorite='1'
        digiKam:PickLabel='3'>
        <xmp:Rating>5</xmp:Rating>
        <dc:creator>me</dc:creator>
       </rdf:Description>
      """,
    state: .neither,
    after: """
       <rdf:Description rdf:about='' xmlns:dc='{dc}' xmlns:xmp='{xmp}'
        dc:format='image/jpeg' xmp:CreatorTool='darktable'>
        <dc:creator>me</dc:creator>
       </rdf:Description>
      """),
  Merge(
    testDescription: "rejected removes the favorite flag and keeps the rest",
    before:
      "<rdf:Description xmlns:xmp='{xmp}' xmlns:fstop='{fstop}' xmp:Rating='5' fstop:favorite='1' xmp:Label='Red'/>",
    state: .rejected,
    after: """
      <rdf:Description xmlns:xmp='{xmp}' xmp:Rating='-1' xmp:Label='Red' xmlns:digiKam='{digiKam}' digiKam:PickLabel='1'/>
      """),
  Merge(
    testDescription: "an rdf:RDF without a description gets one",
    before: "",
    state: .rejected,
    after: """
       <rdf:Description rdf:about=""
         xmlns:xmp="{xmp}"
         xmlns:digiKam="{digiKam}"
         xmp:Rating="-1"
         digiKam:PickLabel="1"/>

      """),
])
func mergeEditsOnlyWhatItMust(merge: Merge) throws {
  let result = try XMPSidecar.merged(existing: sidecar(merge.before), state: merge.state)
  #expect(text(result) == text(sidecar(merge.after)))
  #expect(XMPSidecar.state(in: try #require(result)) == (merge.state == .neither ? nil : merge.state))
}

@Test(arguments: [
  // A person's 3 stars and a pending pick are theirs.
  "<rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/' xmp:Rating='3'/>",
  """
  <rdf:Description rdf:about='' xmlns:digiKam='http://www.digikam.org/ns/1.0/'>
   <digiKam:PickLabel>2</digiKam:PickLabel>
  </rdf:Description>
  """,
  // faver's properties inside a structure are not the photo's.
  """
  <rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/' xmlns:ex='http://example.com/'>
   <ex:Version rdf:parseType='Resource'><xmp:Rating>5</xmp:Rating></ex:Version>
  </rdf:Description>
  """,
  "",
])
func neitherLeavesOtherRatingsAndReturnsTheSameBytes(descriptions: String) throws {
  let existing = sidecar(descriptions)
  #expect(try XMPSidecar.merged(existing: existing, state: .neither) == existing)
}

@Test(arguments: SidecarState.allCases)
func aSidecarThatAlreadySaysItIsReturnedAsItIs(state: SidecarState) throws {
  let existing = try #require(
    try XMPSidecar.merged(existing: nil, state: state == .neither ? .favorite : state))
  let once = try #require(try XMPSidecar.merged(existing: existing, state: state))
  #expect(try XMPSidecar.merged(existing: once, state: state) == once)
}

@Test(arguments: [
  "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/' dc:format='image/jpeg'/>",
  """
   <rdf:Description rdf:about=''
    xmlns:xmp='http://ns.adobe.com/xap/1.0/'
    xmp:CreatorTool='darktable'>
    <!-- a comment -->
   </rdf:Description>
  """,
])
func favoriteThenNeitherGivesBackTheOriginal(descriptions: String) throws {
  let original = sidecar(descriptions)
  let favorite = try #require(try XMPSidecar.merged(existing: original, state: .favorite))
  let rejected = try #require(try XMPSidecar.merged(existing: favorite, state: .rejected))
  #expect(try XMPSidecar.merged(existing: rejected, state: .neither) == original)
}

@Test func aUTF16SidecarStaysUTF16() throws {
  let utf8 = try #require(text(sidecar("<rdf:Description\n rdf:about=''/>")))
    .replacingOccurrences(of: "\n", with: "\r\n")
  let utf16 = Data([0xFF, 0xFE]) + Data(try #require(utf8.data(using: .utf16LittleEndian)))
  let merged = try #require(try XMPSidecar.merged(existing: utf16, state: .favorite))
  let expected = try #require(try XMPSidecar.merged(existing: Data(utf8.utf8), state: .favorite))
  #expect(merged.prefix(2) == Data([0xFF, 0xFE]))
  #expect(String(data: merged.dropFirst(2), encoding: .utf16LittleEndian) == text(expected))
  #expect(text(expected)?.contains("\r\n fstop:favorite='1'/>") == true)
  #expect(XMPSidecar.state(in: merged) == .favorite)
}

/// f-spot wrote U+001A in `begin=""`, which XML forbids; XMP readers find the wrapper by its text.
@Test func aControlCharacterInThePacketWrapperIsLeftAlone() throws {
  let existing = Data(
    "<?xpacket begin=\"\u{1A}\" id=\"testing\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\"/></rdf:RDF></x:xmpmeta><?xpacket end=\"r\"?>"
      .utf8)
  let favorite = try #require(try XMPSidecar.merged(existing: existing, state: .favorite))
  #expect(favorite.prefix(20) == existing.prefix(20))
  #expect(XMPSidecar.state(in: favorite) == .favorite)
}
