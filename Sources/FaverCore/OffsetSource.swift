/// How faver knows the UTC offset that places a capture time on the timeline.
public enum OffsetSource: String, Codable, Sendable, CaseIterable {
  /// The file says: EXIF `OffsetTime*`, an XMP or IPTC date with its zone, Apple's QuickTime
  /// creation date, or a time that is an instant already (a video's `mvhd`, a modification time).
  case file
  /// The EXIF GPS date and time stamps against the camera's wall clock.
  case gpsTime
  /// Inferred: the same camera's photos with a known offset around the same wall time.
  case sameCamera
  /// Inferred: the offsets other cameras of the library were in around that time.
  case library
  /// Nothing tells: the wall clock is read as UTC, as the file said it.
  case none
}
