package import FaverCore

/// The EXIF values faver uses, as strings and numbers straight from the block.
package struct ExifFields: Equatable, Sendable {
  package struct Stamp: Equatable, Sendable {
    package var dateTime: String?
    package var subSeconds: String?
    package var offset: String?
    package init(dateTime: String? = nil, subSeconds: String? = nil, offset: String? = nil) {
      self.dateTime = dateTime
      self.subSeconds = subSeconds
      self.offset = offset
    }
  }

  /// DateTimeOriginal with SubSecTimeOriginal and OffsetTimeOriginal.
  package var original = Stamp()
  /// DateTimeDigitized (CreateDate) with its SubSec and Offset tags.
  package var digitized = Stamp()
  /// IFD0 DateTime (ModifyDate) with SubSecTime and OffsetTime.
  package var modified = Stamp()
  /// GPSLatitude / GPSLongitude as degrees, minutes, seconds.
  package var latitude: [Double]?
  package var latitudeRef: String?
  package var longitude: [Double]?
  package var longitudeRef: String?
  package var gpsDate: String?
  package var gpsTime: [Double]?
  package var make: String?
  package var model: String?
  /// BodySerialNumber (0xA431): tells two bodies of one model apart.
  package var serial: String?
  /// The lens and the exposure (LensModel, ExposureTime, FNumber, ISO, FocalLength).
  package var exposure = Exposure()
  /// The MakerNote (0x927C) bytes, for the maker notes faver reads itself (Apple's).
  package var makerNote: [UInt8]?
  /// How many entries libexif found in all IFDs.
  package var entryCount = 0
  /// How many times libexif reported corrupt data while loading.
  package var corruptions = 0

  package init() {}
}
