public import Foundation

extension Date {
  /// Seconds from `earlier` to this date, rounded to the millisecond.
  ///
  /// Capture times are kept as binary floating point, so two photos exactly 3.000 s apart can come
  /// out as 2.9999999 or 3.0000001 s; EXIF records at most milliseconds in practice, so every
  /// threshold compares gaps at that resolution and an exact 3.0 s, 60 s or 30 min is exact.
  public func seconds(since earlier: Date) -> TimeInterval {
    (timeIntervalSince(earlier) * 1000).rounded() / 1000
  }
}
