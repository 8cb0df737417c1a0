/// What faver says of a photo in its XMP sidecar.
package enum SidecarState: String, Sendable, CaseIterable {
  /// `xmp:Rating="5"`, `digiKam:PickLabel="3"` (accepted), `fstop:favorite="1"`.
  case favorite
  /// `xmp:Rating="-1"`, `digiKam:PickLabel="1"` (rejected), no `fstop:favorite`.
  case rejected
  /// Reviewed or not, but neither: faver's ratings leave the sidecar, a person's other rating
  /// (3 stars, a pending pick) stays.
  case neither
}
