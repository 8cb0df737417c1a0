/// The EXIF values faver uses, as strings and numbers straight from the block.
public struct ExifFields: Equatable, Sendable {
  public struct Stamp: Equatable, Sendable {
    public var dateTime: String?
    public var subSeconds: String?
    public var offset: String?
    public init(dateTime: String? = nil, subSeconds: String? = nil, offset: String? = nil) {
      self.dateTime = dateTime
      self.subSeconds = subSeconds
      self.offset = offset
    }
  }

  /// DateTimeOriginal with SubSecTimeOriginal and OffsetTimeOriginal.
  public var original = Stamp()
  /// DateTimeDigitized (CreateDate) with its SubSec and Offset tags.
  public var digitized = Stamp()
  /// IFD0 DateTime (ModifyDate) with SubSecTime and OffsetTime.
  public var modified = Stamp()
  /// GPSLatitude / GPSLongitude as degrees, minutes, seconds.
  public var latitude: [Double]?
  public var latitudeRef: String?
  public var longitude: [Double]?
  public var longitudeRef: String?
  public var gpsDate: String?
  public var gpsTime: [Double]?
  public var make: String?
  public var model: String?
  /// The MakerNote (0x927C) bytes, for the maker notes faver reads itself (Apple's).
  public var makerNote: [UInt8]?
  /// How many entries libexif found in all IFDs.
  public var entryCount = 0
  /// How many times libexif reported corrupt data while loading.
  public var corruptions = 0

  public init() {}
}
