internal import CExif
import FaverCore
import Foundation

/// The libexif adapter: an EXIF block's bytes in, Swift values out. Every C call of faver's
/// lives in this file, and no C pointer leaves it.
package enum ExifBlock {
  /// The six bytes that start an EXIF block in JPEG APP1 segments and HEIF items.
  package static let header: [UInt8] = Array("Exif".utf8) + [0, 0]

  /// Reads a block that starts with `Exif\0\0` or directly with a TIFF header.
  /// Returns nil when the bytes hold no TIFF structure at all.
  package static func read(_ bytes: [UInt8]) -> ExifFields? {
    // The reader holds the only copy of a new block, so hiding tags in it copies nothing.
    var block = ByteReader(bytes.starts(with: header) ? bytes : header + bytes, order: .bigEndian)
    guard let tiff = TIFFHeader(block.bytes[header.count...]), tiff.firstIFDOffset >= 8,
      tiff.firstIFDOffset + 2 <= block.count - header.count
    else { return nil }
    block.order = tiff.order
    tiff.hideUnreadablePointers(in: &block, from: header.count)
    guard let memory = faver_exif_arena_mem_new() else { return nil }
    defer { faver_exif_arena_reset() }  // last: after the data is freed
    guard let data = exif_data_new_mem(memory) else {
      exif_mem_unref(memory)
      return nil
    }
    exif_mem_unref(memory)  // the data holds its own reference
    defer { exif_data_unref(data) }
    // Loading without these options skips exif_data_fix, which costs half the time and would
    // invent "mandatory" tags (such as a DateTime of today) that the file never had.
    exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
    exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
    let counter = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    counter.initialize(to: 0)
    defer { counter.deallocate() }
    if let log = faver_exif_corruption_log_new(counter) {
      exif_data_log(data, log)
      exif_log_unref(log)  // the data holds its own reference
    }
    block.bytes.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
    // libexif reads as many entries as fit and says so only in a debug message.
    let overrun = tiff.firstIFDOverruns(block, from: header.count) ? 1 : 0
    return Fields(data: data).read(corruptions: Int(counter.pointee) + overrun)
  }

  /// `bytes` as UTF-8 text without leading and trailing `.whitespaces`. Spaces and tabs are cut
  /// from the bytes directly; Foundation's trimming (which costs more than libexif's whole parse)
  /// runs only when a non-ASCII character, which may be a Unicode space, is left at either end.
  static func trimmedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var start = 0
    var end = bytes.count
    while start < end, isBlank(bytes[start]) { start += 1 }
    while end > start, isBlank(bytes[end - 1]) { end -= 1 }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 else { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  private struct Fields {
    let data: UnsafeMutablePointer<ExifData>
    let order: ExifByteOrder

    init(data: UnsafeMutablePointer<ExifData>) {
      self.data = data
      order = exif_data_get_byte_order(data)
    }

    func read(corruptions: Int) -> ExifFields {
      var fields = ExifFields()
      fields.original = stamp(0x9003, 0x9291, 0x9011)
      fields.digitized = stamp(0x9004, 0x9292, 0x9012)
      fields.modified = ExifFields.Stamp(
        dateTime: text(EXIF_IFD_0, 0x0132) ?? text(EXIF_IFD_EXIF, 0x0132),
        subSeconds: text(EXIF_IFD_EXIF, 0x9290), offset: text(EXIF_IFD_EXIF, 0x9010))
      fields.latitudeRef = text(EXIF_IFD_GPS, 0x0001)
      fields.latitude = rationals(EXIF_IFD_GPS, 0x0002)
      fields.longitudeRef = text(EXIF_IFD_GPS, 0x0003)
      fields.longitude = rationals(EXIF_IFD_GPS, 0x0004)
      fields.gpsTime = rationals(EXIF_IFD_GPS, 0x0007)
      fields.gpsDate = text(EXIF_IFD_GPS, 0x001D)
      fields.make = text(EXIF_IFD_0, 0x010F)
      fields.model = text(EXIF_IFD_0, 0x0110)
      fields.serial = text(EXIF_IFD_EXIF, 0xA431)
      fields.exposure = Exposure(
        lens: text(EXIF_IFD_EXIF, 0xA434), exposureTime: rationals(EXIF_IFD_EXIF, 0x829A)?.first,
        fNumber: rationals(EXIF_IFD_EXIF, 0x829D)?.first, iso: integer(EXIF_IFD_EXIF, 0x8827),
        focalLength: rationals(EXIF_IFD_EXIF, 0x920A)?.first)
      fields.makerNote = bytes(EXIF_IFD_EXIF, 0x927C)
      fields.entryCount = (0..<Int(EXIF_IFD_COUNT.rawValue)).reduce(0) {
        $0 + Int(faver_exif_entry_count(data, ExifIfd(rawValue: UInt32($1))))
      }
      fields.corruptions = corruptions
      return fields
    }

    /// A date tag with its sub-second and offset companions; some writers put the date in IFD0.
    private func stamp(_ date: UInt32, _ subSec: UInt32, _ offset: UInt32) -> ExifFields.Stamp {
      ExifFields.Stamp(
        dateTime: text(EXIF_IFD_EXIF, date) ?? text(EXIF_IFD_0, date),
        subSeconds: text(EXIF_IFD_EXIF, subSec), offset: text(EXIF_IFD_EXIF, offset))
    }

    private func entry(_ ifd: ExifIfd, _ tag: UInt32) -> ExifEntry? {
      faver_exif_entry(data, ifd, ExifTag(rawValue: tag))?.pointee
    }

    /// An entry's raw value bytes; nil when absent or empty.
    private func bytes(_ ifd: ExifIfd, _ tag: UInt32) -> [UInt8]? {
      guard let entry = entry(ifd, tag), let bytes = entry.data, entry.size > 0 else { return nil }
      return Array(UnsafeBufferPointer(start: bytes, count: Int(entry.size)))
    }

    /// An ASCII (or mislabelled UNDEFINED) value up to its first NUL, trimmed; nil when empty.
    private func text(_ ifd: ExifIfd, _ tag: UInt32) -> String? {
      guard let entry = entry(ifd, tag), let bytes = entry.data, entry.size > 0,
        entry.format == EXIF_FORMAT_ASCII || entry.format == EXIF_FORMAT_UNDEFINED
      else { return nil }
      let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.size))
      let value = ExifBlock.trimmedText(UnsafeBufferPointer(rebasing: buffer.prefix { $0 != 0 }))
      return value.isEmpty ? nil : value
    }

    /// The first SHORT or LONG component; nil when absent or of another format.
    private func integer(_ ifd: ExifIfd, _ tag: UInt32) -> Int? {
      guard let entry = entry(ifd, tag), let bytes = entry.data, entry.components > 0 else { return nil }
      switch entry.format {
      case EXIF_FORMAT_SHORT where entry.size >= 2: return Int(exif_get_short(bytes, order))
      case EXIF_FORMAT_LONG where entry.size >= 4: return Int(exif_get_long(bytes, order))
      default: return nil
      }
    }

    /// RATIONAL or SRATIONAL components as doubles; nil when absent or a denominator is zero.
    private func rationals(_ ifd: ExifIfd, _ tag: UInt32) -> [Double]? {
      guard let entry = entry(ifd, tag), let bytes = entry.data, entry.components > 0,
        entry.format == EXIF_FORMAT_RATIONAL || entry.format == EXIF_FORMAT_SRATIONAL,
        Int(entry.size) >= Int(entry.components) * 8
      else { return nil }
      var values: [Double] = []
      for index in 0..<Int(entry.components) {
        let pointer = bytes + index * 8
        if entry.format == EXIF_FORMAT_RATIONAL {
          let r = exif_get_rational(pointer, order)
          guard r.denominator != 0 else { return nil }
          values.append(Double(r.numerator) / Double(r.denominator))
        } else {
          let r = exif_get_srational(pointer, order)
          guard r.denominator != 0 else { return nil }
          values.append(Double(r.numerator) / Double(r.denominator))
        }
      }
      return values
    }
  }
}
