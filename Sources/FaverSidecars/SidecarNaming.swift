/// Where a photo's sidecar lies, by the convention of the tools that read it.
package enum SidecarNaming: String, Sendable, CaseIterable {
  /// `IMG_1.jpg.xmp`: darktable, digiKam, Immich, PhotoPrism. One sidecar per file, even when a
  /// RAW and its JPEG share a name.
  case ext
  /// `IMG_1.xmp`: Lightroom and Camera Raw. `IMG_1.CR2` and `IMG_1.jpg` share it.
  case base

  /// The sidecar's path beside `photoPath`: `.ext` appends `.xmp`; `.base` replaces the file
  /// name's last extension (a folder's dots, and a leading dot, are not extensions).
  package static func sidecarPath(for photoPath: String, naming: SidecarNaming) -> String {
    switch naming {
    case .ext:
      return photoPath + ".xmp"
    case .base:
      let nameStart = photoPath.lastIndex(of: "/").map { photoPath.index(after: $0) } ?? photoPath.startIndex
      let name = photoPath[nameStart...]
      guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return photoPath + ".xmp" }
      return photoPath[..<dot] + ".xmp"
    }
  }
}
