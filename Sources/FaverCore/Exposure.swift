/// How a photo was taken, as its EXIF says: the lens and the exposure. Every value is optional:
/// a phone may name no lens, a scan says nothing.
public struct Exposure: Hashable, Sendable {
  /// LensModel (0xA434).
  public var lens: String?
  /// ExposureTime (0x829A), in seconds.
  public var exposureTime: Double?
  /// FNumber (0x829D).
  public var fNumber: Double?
  /// ISOSpeedRatings / PhotographicSensitivity (0x8827).
  public var iso: Int?
  /// FocalLength (0x920A), in millimetres: the lens's own, not the 35 mm equivalent.
  public var focalLength: Double?

  public init(
    lens: String? = nil, exposureTime: Double? = nil, fNumber: Double? = nil, iso: Int? = nil,
    focalLength: Double? = nil
  ) {
    self.lens = lens
    self.exposureTime = exposureTime
    self.fNumber = fNumber
    self.iso = iso
    self.focalLength = focalLength
  }

  /// Whether the EXIF said none of it.
  public var isEmpty: Bool { self == Exposure() }
}
