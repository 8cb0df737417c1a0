/// Something wrong with a file that was indexed anyway.
package enum MetadataProblem: Equatable, Sendable, CustomStringConvertible {
  /// The EXIF block is there but cannot be parsed.
  case corruptExif
  /// The file ends before its image data does.
  case truncated
  /// The JPEG header's segments are damaged.
  case malformedHeader
  /// The boxes, chunks, blocks or sections of a HEIF, MP4, PNG, WebP or raw file are damaged or
  /// cut short.
  case damagedContainer
  /// A GPS position outside ±90° / ±180°.
  case gpsOutOfRange

  package var description: String {
    switch self {
    case .corruptExif: "EXIF data is corrupt; capture time taken from the file's modification time"
    case .truncated: "file is truncated; the image may be incomplete"
    case .malformedHeader: "JPEG header is damaged"
    case .damagedContainer: "the file's structure is damaged; some metadata may be missing"
    case .gpsOutOfRange: "GPS position is out of range and was ignored"
    }
  }
}
