/// Where a capture time came from, best first.
public enum TimeSource: String, Codable, Sendable, CaseIterable {
  /// EXIF DateTimeOriginal: when the shutter fired.
  case exifOriginal
  /// EXIF DateTimeDigitized (CreateDate): when the image was digitised.
  case exifDigitized
  /// EXIF IFD0 DateTime (ModifyDate): often the capture time, sometimes an edit time.
  case exifDateTime
  /// An XMP date embedded in the file: `exif:DateTimeOriginal`, `photoshop:DateCreated` or
  /// `xmp:CreateDate`.
  case xmp
  /// IPTC `DateCreated` with `TimeCreated` (JPEG APP13).
  case iptc
  /// EXIF held as hex text in a PNG `Raw profile type exif` (or `APP1`) chunk, as ImageMagick
  /// wrote it before PNG had `eXIf`.
  case pngText
  /// QuickTime container or Apple metadata of a video.
  case quickTime
  /// An XMP date in the sidecar beside the file (`IMG_1.jpg.xmp` or `IMG_1.xmp`).
  case sidecar
  /// A date written in a well-known file name (IMG_20230512_143012 …).
  case fileName
  /// The file's modification time: the last resort.
  case fileModified
}
