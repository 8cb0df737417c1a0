package import FaverCore

/// The capture date of an IPTC-IIM record as a JPEG's APP13 segment holds it: `Photoshop 3.0\0`,
/// then Photoshop image resources (`8BIM`, a 16-bit ID, a padded Pascal name, a 32-bit size, the
/// data padded to an even length); resource 0x0404 holds the IPTC datasets (`0x1C`, record,
/// dataset, 16-bit length, value). `DateCreated` (2:55, `CCYYMMDD`) with `TimeCreated` (2:60,
/// `HHMMSS±HHMM`) give the time; a date without its time is not a capture time.
package enum IPTCDates {
  /// What an APP13 segment's payload starts with.
  static let header: [UInt8] = Array("Photoshop 3.0".utf8) + [0]

  /// The capture time of an APP13 payload (from its `Photoshop 3.0\0` header on).
  package static func captureTime(inAPP13 payload: [UInt8]) -> CaptureTime? {
    guard payload.starts(with: header) else { return nil }
    var reader = ByteReader(payload, order: .bigEndian)
    guard reader.skip(header.count) else { return nil }
    while let signature = reader.fourCC(), signature == "8BIM", let id = reader.u16(),
      let nameLength = reader.u8()
    {
      // The name with its length byte is padded to an even size.
      guard reader.skip(nameLength + (nameLength % 2 == 0 ? 1 : 0)), let size = reader.u32() else {
        return nil
      }
      let start = reader.offset
      guard start + size <= payload.count else { return nil }
      if id == 0x0404 { return captureTime(inRecords: Array(payload[start..<start + size])) }
      guard reader.skip(size + size % 2) else { return nil }
    }
    return nil
  }

  /// The capture time of IPTC datasets.
  static func captureTime(inRecords records: [UInt8]) -> CaptureTime? {
    var reader = ByteReader(records, order: .bigEndian)
    var date: [UInt8]?
    var time: [UInt8]?
    while let tag = reader.u8(), tag == 0x1C, let record = reader.u8(), let dataset = reader.u8(),
      let length = reader.u16(), length < 0x8000
    {
      let start = reader.offset
      guard reader.skip(length) else { break }
      let value = Array(records[start..<start + length])
      if record == 2, dataset == 55, date == nil { date = value }
      if record == 2, dataset == 60, time == nil { time = value }
    }
    guard let date, let time, date.count >= 8, time.count >= 6 else { return nil }
    let d = String(decoding: date.prefix(8), as: UTF8.self)
    let t = String(decoding: time.prefix(6), as: UTF8.self)
    let text =
      "\(d.prefix(4)):\(d.dropFirst(4).prefix(2)):\(d.dropFirst(6)) \(t.prefix(2)):\(t.dropFirst(2).prefix(2)):\(t.dropFirst(4))"
    guard let wallClock = ExifText.dateTime(text) else { return nil }
    let offset = time.count >= 11 ? ExifText.utcOffset(String(decoding: time[6..<11], as: UTF8.self)) : nil
    return CaptureTime(wallClock: wallClock, utcOffset: offset, source: .iptc)
  }
}
