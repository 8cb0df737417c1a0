import FaverSidecars
import Testing

@Test(arguments: [
  ("/photos/IMG_1.jpg", "/photos/IMG_1.jpg.xmp", "/photos/IMG_1.xmp"),
  ("/photos/IMG_1.CR2", "/photos/IMG_1.CR2.xmp", "/photos/IMG_1.xmp"),
  ("archive.tar.gz", "archive.tar.gz.xmp", "archive.tar.xmp"),
  // A folder's dots and a leading dot are not extensions.
  ("/photos/2024.05/IMG_1", "/photos/2024.05/IMG_1.xmp", "/photos/2024.05/IMG_1.xmp"),
  ("/photos/.hidden", "/photos/.hidden.xmp", "/photos/.hidden.xmp"),
  ("夜景 ブルックリン.jpg", "夜景 ブルックリン.jpg.xmp", "夜景 ブルックリン.xmp"),
])
func sidecarPathFollowsTheNaming(photo: String, ext: String, base: String) {
  #expect(SidecarNaming.sidecarPath(for: photo, naming: .ext) == ext)
  #expect(SidecarNaming.sidecarPath(for: photo, naming: .base) == base)
}
