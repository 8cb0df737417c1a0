import FaverSidecars
import Foundation
import Testing

@Test(
  arguments: [
    ("xmp:Rating='5'", SidecarState.favorite),
    ("xmp:Rating='-1'", .rejected),
    ("xmp:Rating=' 5.0 '", .favorite),
    ("xmp:Rating='3'", nil),
    ("xmp:Rating='0'", nil),
    ("xmp:Rating='five'", nil),
    ("fstop:favorite='1'", .favorite),
    ("fstop:favorite='0'", nil),
    ("digiKam:PickLabel='3'", .favorite),
    ("digiKam:PickLabel='1'", .rejected),
    ("digiKam:PickLabel='2'", nil),
    // A rating that says nothing leaves it to the others; the rating speaks first.
    ("xmp:Rating='3' digiKam:PickLabel='1'", .rejected),
    ("xmp:Rating='-1' fstop:favorite='1'", .rejected),
    ("", nil),
  ] as [(String, SidecarState?)])
func stateComesFromTheAttributes(attributes: String, state: SidecarState?) {
  let xmp = sidecar(
    """
    <rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/'
     xmlns:digiKam='http://www.digikam.org/ns/1.0/' xmlns:fstop='http://www.fstopapp.com/xmp/' \(attributes)/>
    """)
  #expect(XMPSidecar.state(in: xmp) == state)
}

@Test(
  arguments: [
    // Element form, under another prefix, in the second description.
    (
      """
      <rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/' dc:format='image/jpeg'/>
      <rdf:Description rdf:about='' xmlns:xap='http://ns.adobe.com/xap/1.0/'>
       <xap:Rating>5</xap:Rating>
      </rdf:Description>
      """, SidecarState.favorite
    ),
    (
      "<rdf:Description xmlns:dk='http://www.digikam.org/ns/1.0/'><dk:PickLabel>1</dk:PickLabel></rdf:Description>",
      .rejected
    ),
    // `xmp` bound to another namespace: not the rating.
    ("<rdf:Description rdf:about='' xmlns:xmp='http://purl.org/dc/elements/1.1/' xmp:Rating='5'/>", nil),
    // Inside a structure: a value of something else, not the photo's rating.
    (
      """
      <rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/' xmlns:ex='http://example.com/'>
       <ex:Version rdf:parseType='Resource'><xmp:Rating>5</xmp:Rating></ex:Version>
      </rdf:Description>
      """, nil
    ),
  ] as [(String, SidecarState?)])
func stateComesFromAnyFormAndPrefix(descriptions: String, state: SidecarState?) {
  #expect(XMPSidecar.state(in: sidecar(descriptions)) == state)
}

@Test(arguments: ["", "<x:xmpmeta", "not xml at all", "<a>xmp:Rating='5'</a>"])
func stateOfWhatIsNotXMPIsNil(bytes: String) {
  #expect(XMPSidecar.state(in: Data(bytes.utf8)) == nil)
}
