/// Where a capture time came from, best first.
public enum TimeSource: String, Codable, Sendable, CaseIterable {
  /// EXIF DateTimeOriginal: when the shutter fired.
  case exifOriginal
  /// EXIF DateTimeDigitized (CreateDate): when the image was digitised.
  case exifDigitized
  /// EXIF IFD0 DateTime (ModifyDate): often the capture time, sometimes an edit time.
  case exifDateTime
  /// QuickTime container or Apple metadata of a video.
  case quickTime
  /// A date written in a well-known file name (IMG_20230512_143012 …).
  case fileName
  /// The file's modification time: the last resort.
  case fileModified
}
