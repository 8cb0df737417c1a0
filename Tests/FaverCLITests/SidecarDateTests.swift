import FaverTestSupport
import Foundation
import Testing

/// An XMP sidecar holding only `photoshop:DateCreated`.
private func sidecar(_ date: String) -> [UInt8] {
  Array(
    """
    <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:ps="http://ns.adobe.com/photoshop/1.0/">
       <ps:DateCreated>\(date)</ps:DateCreated>
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>
    <?xpacket end="w"?>
    """.utf8)
}

@Test func anUndatedPhotoTakesItsSidecarsDateBeforeItsName() throws {
  let tree = try TemporaryTree()
  var undated = ExifBuilder()
  undated.ifd0[0x010F] = .ascii("Camera")
  try tree.write("a/IMG_1.jpg", undated.jpeg())
  try tree.write("a/IMG_1.jpg.xmp", sidecar("2019-04-05T06:07:08+09:00"))
  try tree.write("b/IMG_20230512_143012.jpg", undated.jpeg(scanBytes: 65))
  try tree.write("b/IMG_20230512_143012.xmp", sidecar("2018-01-02T03:04:05.5"))
  try tree.write("c/IMG_3.jpg", undated.jpeg(scanBytes: 66))
  var dated = ExifBuilder()
  dated.original("2017:01:01 12:00:00")
  try tree.write("d/IMG_4.jpg", dated.jpeg())
  try tree.write("d/IMG_4.jpg.xmp", sidecar("2019-04-05T06:07:08"))
  let store = tree.root.path + "-store"
  defer { try? FileManager.default.removeItem(atPath: store) }
  #expect(try faver(["index", tree.path, "--store", store]).status == 0)
  let listing = try faver(["assets", "--json", "--store", store])
  let objects = try #require(
    try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
  var byPath: [String: (String?, String?)] = [:]
  for object in objects {
    byPath[relativePath(object) ?? ""] = (object["takenAt"] as? String, object["timeSource"] as? String)
  }
  #expect(byPath["a/IMG_1.jpg"]?.0 == "2019-04-05T06:07:08+09:00")
  #expect(byPath["a/IMG_1.jpg"]?.1 == "sidecar")
  #expect(byPath["b/IMG_20230512_143012.jpg"]?.0 == "2018-01-02T03:04:05.500")
  #expect(byPath["b/IMG_20230512_143012.jpg"]?.1 == "sidecar")
  #expect(byPath["c/IMG_3.jpg"]?.1 == "fileModified")
  #expect(byPath["d/IMG_4.jpg"]?.1 == "exifOriginal")
}
