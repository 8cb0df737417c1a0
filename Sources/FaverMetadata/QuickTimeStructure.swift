package import FaverCore
package import Foundation

/// What the `moov` box of a QuickTime or MP4 video says about when and where it was shot:
/// `mvhd` times, Apple's `meta`/`keys`/`ilst` entries, `©xyz` in `udta` and 3GPP `loci`.
/// Only box headers and these small boxes are read; `moov` may sit after gigabytes of `mdat`.
package struct QuickTimeStructure: ContainerReader, ContainerFinding, Equatable, Sendable {
  /// `mvhd` creation time (UTC by specification); nil when zeroed or absurd.
  package var created: Date?
  /// `mvhd` duration in seconds; nil when the file does not say.
  package var duration: Double?
  /// `com.apple.quicktime.creationdate`: the local time with its offset.
  package var appleCreationDate: String?
  /// An ISO 6709 position (`+38.1893-119.9558+2004.158/`) from keys, `©xyz` or `loci`.
  package var coordinate: Coordinate?
  package var contentIdentifier: String?
  package var make: String?
  package var model: String?
  /// A box is cut short or impossible.
  package var isDamaged = false

  /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
  static let epochOffset: Int64 = 2_082_844_800
  /// `meta` and `udta` boxes larger than this are not read.
  static let maxMetadataBytes: Int64 = 1 << 20

  package static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError)
    -> QuickTimeStructure
  {
    var result = QuickTimeStructure()
    let top = try BoxWalker.boxes(in: source, from: 0, to: source.size)
    result.isDamaged = top.isDamaged
    guard let moov = top.boxes.first(where: { $0.type == "moov" }) else { return result }
    let inMoov = try BoxWalker.children(of: moov, in: source)
    result.isDamaged = result.isDamaged || inMoov.isDamaged
    for box in inMoov.boxes {
      switch box.type {
      case "mvhd":
        let mvhd = try source.read(at: box.payloadStart, count: Int(min(box.payloadSize, 32)))
        result.created = Self.creationTime(mvhd: mvhd)
        result.duration = Self.duration(mvhd: mvhd)
      case "meta" where box.payloadSize <= maxMetadataBytes:
        result.readKeys(meta: try source.read(at: box.payloadStart, count: Int(box.payloadSize)))
      case "udta" where box.payloadSize <= maxMetadataBytes:
        result.readUserData(try source.read(at: box.payloadStart, count: Int(box.payloadSize)))
      default: break
      }
    }
    return result
  }

  /// The creation time of an `mvhd` payload (version 0: 32-bit, version 1: 64-bit seconds).
  static func creationTime(mvhd: [UInt8]) -> Date? {
    var reader = ByteReader(mvhd, order: .bigEndian)
    guard let version = reader.u8(), reader.skip(3) else { return nil }
    let seconds: Int64?
    switch version {
    case 0: seconds = reader.u32().map(Int64.init)
    case 1: seconds = reader.u64()
    default: seconds = nil
    }
    guard let seconds else { return nil }
    let unix = seconds - epochOffset
    // 1904 (zero) and anything before 1971 or after 2100 is an unset or broken clock.
    guard unix > 365 * 86_400, unix < 4_102_444_800 else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(unix))
  }

  /// The duration of an `mvhd` payload in seconds: `duration` over `timescale` (version 0:
  /// 32-bit times and duration, version 1: 64-bit); nil without a timescale.
  static func duration(mvhd: [UInt8]) -> Double? {
    var reader = ByteReader(mvhd, order: .bigEndian)
    guard let version = reader.u8(), reader.skip(3) else { return nil }
    let wide = version == 1
    guard version <= 1, reader.skip(wide ? 16 : 8), let timescale = reader.u32(), timescale > 0,
      let duration = wide ? reader.u64() : reader.u32().map(Int64.init)
    else { return nil }
    return Double(duration) / Double(timescale)
  }

  /// Apple's `keys` and `ilst` boxes from a `meta` payload (a plain box in QuickTime files,
  /// a full box with version and flags in MP4 `udta`).
  mutating func readKeys(meta payload: [UInt8]) {
    let source = MemoryByteSource(payload)
    let isFullBox = payload.count >= 8 && String(decoding: payload[4..<8], as: UTF8.self) != "hdlr"
    let children = BoxWalker.boxesInMemory(source, from: isFullBox ? 4 : 0)
    isDamaged = isDamaged || children.isDamaged
    func payloadOf(_ type: String) -> [UInt8]? {
      guard let box = children.boxes.first(where: { $0.type == type }) else { return nil }
      return Array(payload[Int(box.payloadStart)..<Int(box.end)])
    }
    guard let keysBox = payloadOf("keys"), let ilst = payloadOf("ilst") else { return }
    var keys: [String] = []
    var reader = ByteReader(keysBox, order: .bigEndian)
    guard reader.skip(4), let count = reader.u32() else { return }
    for _ in 0..<min(count, 4096) {
      guard let size = reader.u32(), size >= 8, reader.skip(4), let name = reader.take(size - 8)
      else { break }
      keys.append(String(decoding: name, as: UTF8.self))
    }
    let items = BoxWalker.boxesInMemory(MemoryByteSource(ilst), from: 0)
    let itemHeaders = ByteReader(ilst, order: .bigEndian)
    for item in items.boxes {
      // An item's type is the 1-based index of its key.
      guard let index = itemHeaders.u32(at: Int(item.start) + 4), index >= 1, index <= keys.count,
        let value = Self.text(inItem: Array(ilst[Int(item.payloadStart)..<Int(item.end)]))
      else { continue }
      switch keys[index - 1] {
      case "com.apple.quicktime.creationdate": appleCreationDate = value
      case "com.apple.quicktime.location.ISO6709": coordinate = ISO6709.coordinate(value) ?? coordinate
      case "com.apple.quicktime.content.identifier": contentIdentifier = value
      case "com.apple.quicktime.make": make = value
      case "com.apple.quicktime.model": model = value
      default: break
      }
    }
  }

  /// The UTF-8 value of the `data` box in an `ilst` item.
  static func text(inItem payload: [UInt8]) -> String? {
    let boxes = BoxWalker.boxesInMemory(MemoryByteSource(payload), from: 0)
    guard let data = boxes.boxes.first(where: { $0.type == "data" }) else { return nil }
    var reader = ByteReader(payload[Int(data.payloadStart)..<Int(data.end)], order: .bigEndian)
    guard let type = reader.u32(), type == 1, reader.skip(4), let bytes = reader.take(reader.remaining)
    else { return nil }
    let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    return text.isEmpty ? nil : text
  }

  /// `©xyz` (QuickTime user data) and `loci` (3GPP) positions, and a `meta` box in `udta`.
  mutating func readUserData(_ payload: [UInt8]) {
    let children = BoxWalker.boxesInMemory(MemoryByteSource(payload), from: 0)
    isDamaged = isDamaged || children.isDamaged
    for box in children.boxes {
      let body = Array(payload[Int(box.payloadStart)..<Int(box.end)])
      switch box.type {
      case "\u{A9}xyz":
        var reader = ByteReader(body, order: .bigEndian)
        guard let length = reader.u16(), reader.skip(2), let text = reader.take(length) else { continue }
        coordinate = coordinate ?? ISO6709.coordinate(String(decoding: text, as: UTF8.self))
      case "loci":
        coordinate = coordinate ?? Self.location(loci: body)
      case "meta":
        readKeys(meta: body)
      default: break
      }
    }
  }

  /// A 3GPP `loci` payload: version and flags, language, a NUL-ended name, role, then
  /// longitude, latitude and altitude as 16.16 fixed-point numbers.
  static func location(loci: [UInt8]) -> Coordinate? {
    var reader = ByteReader(loci, order: .bigEndian)
    guard reader.skip(6) else { return nil }
    if reader.remaining >= 2, loci[reader.offset] == 0xFE || loci[reader.offset] == 0xFF {
      // UTF-16 name with a byte order mark: ends at a 16-bit NUL.
      while let unit = reader.u16(), unit != 0 {}
    } else {
      while let byte = reader.u8(), byte != 0 {}
    }
    guard reader.skip(1), let lon = reader.u32(), let lat = reader.u32() else { return nil }
    let fixed = { (value: Int) in Double(Int32(truncatingIfNeeded: value)) / 65_536 }
    return try? Coordinate.validated(latitude: fixed(lat), longitude: fixed(lon)).get()
  }
}

/// ISO 6709 positions as QuickTime writes them: `+38.1893-119.9558+2004.158/`.
enum ISO6709 {
  /// Latitude and longitude in decimal degrees; nil when the text is another form or invalid.
  static func coordinate(_ text: String) -> Coordinate? {
    var numbers: [Double] = []
    var current = ""
    for character in text {
      if character == "+" || character == "-" || character == "/" {
        if !current.isEmpty, let value = Double(current) { numbers.append(value) }
        current = character == "/" ? "" : String(character)
        if character == "/" { break }
      } else if character.isASCII, character.isNumber || character == "." {
        guard !current.isEmpty else { return nil }
        current.append(character)
      } else {
        return nil
      }
    }
    if !current.isEmpty, let value = Double(current) { numbers.append(value) }
    guard numbers.count >= 2 else { return nil }
    return try? Coordinate.validated(latitude: numbers[0], longitude: numbers[1]).get()
  }
}

extension QuickTimeStructure {
  func apply(to metadata: inout FileMetadata, timeZone: TimeZone) {
    if isDamaged { metadata.problems.append(.damagedContainer) }
    if let time = captureTime(timeZone: timeZone) { metadata.captureTime = time }
    metadata.coordinate = coordinate
    metadata.make = make
    metadata.model = model
    metadata.contentIdentifier = contentIdentifier
    metadata.duration = duration
  }

  /// Apple's local creation date when it parses (it carries the offset), else the `mvhd`
  /// time, an instant whose offset the file does not give: it gets `timeZone`'s offset, as a
  /// modification time does.
  func captureTime(timeZone: TimeZone) -> CaptureTime? {
    if let text = appleCreationDate, let time = Self.appleTime(text) { return time }
    guard let created else { return nil }
    return CaptureTime(
      instant: created, utcOffset: timeZone.secondsFromGMT(for: created), source: .quickTime)
  }

  /// `2015-01-19T12:45:11-0800`, also with a fraction of a second or `:` in the offset.
  static func appleTime(_ text: String) -> CaptureTime? {
    guard let wallClock = ExifText.dateTime(text) else { return nil }
    var rest = Substring(text.dropFirst(19))
    var fraction: Double?
    if rest.first == "." {
      let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
      fraction = ExifText.fraction(String(digits))
      rest = rest.dropFirst(1 + digits.count)
    }
    let offset = ExifText.utcOffset(String(rest))
    guard offset != nil || rest.isEmpty else { return nil }
    return CaptureTime(wallClock: wallClock, fraction: fraction, utcOffset: offset, source: .quickTime)
  }
}
