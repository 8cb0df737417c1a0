/// Builds EXIF blocks and minimal JPEGs in memory, so each edge case is a value in the test.
public struct ExifBuilder {
  public enum Value {
    case ascii(String)
    case rationals([(UInt32, UInt32)])
    case long(UInt32)
    case short(UInt16)
    case undefined([UInt8])
  }

  public var bigEndian = false
  public var ifd0: [UInt16: Value] = [:]
  public var exif: [UInt16: Value] = [:]
  public var gps: [UInt16: Value] = [:]

  public init(bigEndian: Bool = false) { self.bigEndian = bigEndian }
  /// Bytes of image data between the TIFF header and IFD0 (raw files keep IFDs far in).
  public var padding = 0

  /// DateTimeOriginal with optional sub-seconds and offset.
  public mutating func original(_ date: String, subSec: String? = nil, offset: String? = nil) {
    exif[0x9003] = .ascii(date)
    if let subSec { exif[0x9291] = .ascii(subSec) }
    if let offset { exif[0x9011] = .ascii(offset) }
  }

  /// GPS position in degrees/minutes/seconds rationals with its references.
  public mutating func position(
    lat: (UInt32, UInt32, UInt32), latRef: String, lon: (UInt32, UInt32, UInt32), lonRef: String
  ) {
    gps[0x0001] = .ascii(latRef)
    gps[0x0002] = .rationals([(lat.0, UInt32(1)), (lat.1, UInt32(1)), (lat.2, UInt32(100))])
    gps[0x0003] = .ascii(lonRef)
    gps[0x0004] = .rationals([(lon.0, UInt32(1)), (lon.1, UInt32(1)), (lon.2, UInt32(100))])
  }

  /// `Exif\0\0` and a TIFF structure: IFD0, then the EXIF IFD, then the GPS IFD.
  public func block() -> [UInt8] {
    var main = ifd0
    let exifSize = exif.isEmpty ? 0 : size(of: exif)
    if !exif.isEmpty { main[0x8769] = .long(0) }
    if !gps.isEmpty { main[0x8825] = .long(0) }
    let exifOffset = 8 + padding + size(of: main)
    let gpsOffset = exifOffset + exifSize
    if !exif.isEmpty { main[0x8769] = .long(UInt32(exifOffset)) }
    if !gps.isEmpty { main[0x8825] = .long(UInt32(gpsOffset)) }
    var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
    tiff += u32(8 + padding) + [UInt8](repeating: 0xAB, count: padding)
    tiff += ifd(main, at: 8 + padding)
    if !exif.isEmpty { tiff += ifd(exif, at: exifOffset) }
    if !gps.isEmpty { tiff += ifd(gps, at: gpsOffset) }
    return Array("Exif".utf8) + [0, 0] + tiff
  }

  /// A JPEG holding this block, a pretend scan of `scanBytes` bytes, and an end marker.
  public func jpeg(scanBytes: Int = 64, endMarker: Bool = true) -> [UInt8] {
    Self.jpeg(block: block(), scanBytes: scanBytes, endMarker: endMarker)
  }

  /// A JPEG holding `payload` in its APP1 segment, then a pretend scan and an end marker.
  public static func jpeg(block payload: [UInt8], scanBytes: Int = 64, endMarker: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1] + be16(payload.count + 2) + payload
    bytes += [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 63, 0]
    // Entropy-coded data: any byte, but every FF stuffed with a 00, as in a real scan.
    for index in 0..<scanBytes {
      bytes.append(index % 37 == 36 ? 0xFF : UInt8(truncatingIfNeeded: index * 7 % 255))
      if bytes.last == 0xFF { bytes.append(0x00) }
    }
    if endMarker { bytes += [0xFF, 0xD9] }
    return bytes
  }

  private func size(of entries: [UInt16: Value]) -> Int {
    2 + 12 * entries.count + 4
      + entries.values.map { data($0).count }.filter { $0 > 4 }.reduce(0) { $0 + $1 + $1 % 2 }
  }

  private func ifd(_ entries: [UInt16: Value], at offset: Int) -> [UInt8] {
    var head = u16(entries.count)
    var tail: [UInt8] = []
    let dataStart = offset + 2 + 12 * entries.count + 4
    for (tag, value) in entries.sorted(by: { $0.key < $1.key }) {
      let bytes = data(value)
      head += u16(Int(tag)) + u16(type(value)) + u32(count(value))
      if bytes.count <= 4 {
        head += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
      } else {
        head += u32(dataStart + tail.count)
        tail += bytes
        if bytes.count % 2 == 1 { tail.append(0) }
      }
    }
    return head + u32(0) + tail
  }

  private func type(_ value: Value) -> Int {
    switch value {
    case .ascii: 2
    case .short: 3
    case .long: 4
    case .rationals: 5
    case .undefined: 7
    }
  }

  private func count(_ value: Value) -> Int {
    switch value {
    case .ascii(let text): text.utf8.count + 1
    case .short, .long: 1
    case .rationals(let list): list.count
    case .undefined(let bytes): bytes.count
    }
  }

  private func data(_ value: Value) -> [UInt8] {
    switch value {
    case .ascii(let text): Array(text.utf8) + [0]
    case .short(let v): u16(Int(v))
    case .long(let v): u32(Int(v))
    case .rationals(let list): list.flatMap { u32(Int($0.0)) + u32(Int($0.1)) }
    case .undefined(let bytes): bytes
    }
  }

  private func u16(_ v: Int) -> [UInt8] { bigEndian ? be16(v) : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
  private func u32(_ v: Int) -> [UInt8] {
    bigEndian ? be16(v >> 16) + be16(v) : u16(v) + u16(v >> 16)
  }
}

public func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
