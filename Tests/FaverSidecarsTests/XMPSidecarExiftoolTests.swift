import FaverSidecars
import FaverTestSupport
import Foundation
import Testing

/// A sidecar as darktable (through exiv2) writes one: the rating and darktable's settings as
/// attributes, the edit history as an `rdf:Seq` of `rdf:li` with attributes.
let darktableSidecar = Data(
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
   <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about=""
      xmlns:exif="http://ns.adobe.com/exif/1.0/"
      xmlns:xmp="http://ns.adobe.com/xap/1.0/"
      xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
      xmlns:darktable="http://darktable.sf.net/"
     exif:DateTimeOriginal="2024:05:12 14:30:12.000"
     xmp:Rating="1"
     xmpMM:DerivedFrom="IMG_0101.jpg"
     darktable:import_timestamp="63851234567000000"
     darktable:change_timestamp="63851234599000000"
     darktable:export_timestamp="-1"
     darktable:print_timestamp="-1"
     darktable:xmp_version="5"
     darktable:raw_params="0"
     darktable:auto_presets_applied="1"
     darktable:history_end="2"
     darktable:iop_order_version="4">
     <darktable:masks_history>
      <rdf:Seq/>
     </darktable:masks_history>
     <darktable:history>
      <rdf:Seq>
  \(darktableStep(0, "colorin", modversion: 7, params: "gz48eJzjZBgFo2AU0AsAAAWcAAE="))
  \(darktableStep(1, "exposure", modversion: 6, params: "00000000000080b90000003f00004842000080c0"))
      </rdf:Seq>
     </darktable:history>
    </rdf:Description>
   </rdf:RDF>
  </x:xmpmeta>

  """.utf8)

/// One step of darktable's history: an `rdf:li` with its fields as attributes, one a line.
private func darktableStep(_ num: Int, _ operation: String, modversion: Int, params: String) -> String {
  let fields = [
    ("num", "\(num)"), ("operation", operation), ("enabled", "1"), ("modversion", "\(modversion)"),
    ("params", params), ("multi_name", ""), ("multi_priority", "0"), ("blendop_version", "13"),
    ("blendop_params", "gz11eJxjYIAACQYYOOHEgAYY0QWgLMPoAAUOAAC7Fwbf"),
  ]
  return "       <rdf:li" + fields.map { "\n        darktable:\($0.0)=\"\($0.1)\"" }.joined() + "/>"
}

@Test(
  .enabled(if: Exiftool.shouldRun, "exiftool is not installed"),
  arguments: [(SidecarState.favorite, "5", "3", "1"), (.rejected, "-1", "1", "")])
func exiftoolReadsANewSidecar(state: SidecarState, rating: String, pickLabel: String, favorite: String) throws
{
  let sidecar = try #require(try XMPSidecar.merged(existing: nil, state: state))
  #expect(try Exiftool.value("XMP:Rating", of: sidecar) == rating)
  #expect(try Exiftool.value("XMP-digiKam:PickLabel", of: sidecar) == pickLabel)
  #expect(try Exiftool.value("XMP-fstop:Favorite", of: sidecar) == favorite)
  #expect(try Exiftool.value("validate", of: sidecar) == "OK")
}

@Test(.enabled(if: Exiftool.shouldRun, "exiftool is not installed"), arguments: SidecarState.allCases)
func aDarktableSidecarKeepsEveryOtherTag(state: SidecarState) throws {
  let merged = try #require(try XMPSidecar.merged(existing: darktableSidecar, state: state))
  let expected: [SidecarState: (String, String)] = [
    .favorite: ("5", "3"), .rejected: ("-1", "1"), .neither: ("1", ""),
  ]
  #expect(try Exiftool.value("XMP:Rating", of: merged) == expected[state]?.0)
  #expect(try Exiftool.value("XMP-digiKam:PickLabel", of: merged) == expected[state]?.1)

  let faverTags: Set = ["XMP-xmp:Rating", "XMP-digiKam:PickLabel", "XMP-fstop:Favorite"]
  let before = try Exiftool.tags(of: darktableSidecar).filter { !faverTags.contains($0.key) }
  let after = try Exiftool.tags(of: merged).filter { !faverTags.contains($0.key) }
  #expect(before["XMP-darktable:History"]?.contains("exposure") == true)
  #expect(after == before)
}

@Test(.enabled(if: Exiftool.shouldRun, "exiftool is not installed"))
func exiftoolReadsNoRatingOnceNeitherRemovedIt() throws {
  let favorite = try #require(try XMPSidecar.merged(existing: darktableSidecar, state: .favorite))
  let neither = try #require(try XMPSidecar.merged(existing: favorite, state: .neither))
  #expect(try Exiftool.value("XMP:Rating", of: neither) == "")
  #expect(try Exiftool.value("XMP-digiKam:PickLabel", of: neither) == "")
  #expect(try Exiftool.value("XMP-fstop:Favorite", of: neither) == "")
}
