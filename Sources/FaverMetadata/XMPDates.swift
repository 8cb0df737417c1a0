package import FaverCore

/// The capture date an XMP packet gives: `exif:DateTimeOriginal`, then `photoshop:DateCreated`,
/// then `xmp:CreateDate`, each as an attribute (`exif:DateTimeOriginal="…"`) or an element
/// (`<exif:DateTimeOriginal>…</exif:DateTimeOriginal>`), under whatever prefix the packet binds
/// to the property's namespace. A byte scan, not an XML parse: it looks only for these three
/// names, so a packet of any size costs one pass per namespace and property.
package enum XMPDates {
  /// The properties read, best first, by namespace URI and local name.
  static let properties: [(namespace: String, name: String)] = [
    ("http://ns.adobe.com/exif/1.0/", "DateTimeOriginal"),
    ("http://ns.adobe.com/photoshop/1.0/", "DateCreated"),
    ("http://ns.adobe.com/xap/1.0/", "CreateDate"),
  ]

  /// A packet larger than this is not scanned past its first bytes.
  package static let maxBytes = 4 << 20
  /// Prefixes looked at per namespace (a packet binds each once or twice).
  static let maxPrefixes = 8

  /// The first usable date of `packet`, with its fraction and offset when it has them; nil
  /// when none of the properties holds a date with at least hours and minutes.
  package static func captureTime(in packet: [UInt8], source: TimeSource) -> CaptureTime? {
    let bytes = utf8(packet.count > maxBytes ? Array(packet.prefix(maxBytes)) : packet)
    let bindings = prefixes(in: bytes)
    for property in properties {
      for prefix in bindings[property.namespace] ?? [] {
        for value in values(of: prefix + [UInt8(ascii: ":")] + Array(property.name.utf8), in: bytes) {
          if let time = ISO8601Date.captureTime(value, source: source) { return time }
        }
      }
    }
    return nil
  }

  /// `bytes` as UTF-8: a packet that starts with a UTF-16 byte order mark (as some Windows tools
  /// write sidecars) is transcoded, any other is taken as it is.
  static func utf8(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF
    else {
      return bytes
    }
    let littleEndian = bytes[0] == 0xFF
    let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
      littleEndian
        ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
        : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  /// The prefixes each namespace URI is bound to (`xmlns:exif="http://ns.adobe.com/exif/1.0/"`),
  /// each once and at most `maxPrefixes` of them: every prefix costs a scan of the packet, and a
  /// hostile one can bind the same namespace a hundred thousand times.
  static func prefixes(in bytes: [UInt8]) -> [String: [[UInt8]]] {
    var bindings: [String: [[UInt8]]] = [:]
    let marker = Array("xmlns:".utf8)
    var from = bytes.startIndex
    while let found = bytes[from...].firstRange(of: marker) {
      from = found.upperBound
      // A search that fails finds nothing further on either: stop (scanning on is quadratic).
      guard let equals = bytes[from...].firstIndex(where: { !isNameByte($0) }) else { break }
      guard equals > from else { continue }
      let prefix = Array(bytes[from..<equals])
      var index = equals
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x3D { index += 1 }
      guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else { continue }
      guard let close = bytes[(index + 1)...].firstIndex(of: bytes[index]) else { break }
      let uri = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
      if properties.contains(where: { $0.namespace == uri }), bindings[uri, default: []].count < maxPrefixes,
        bindings[uri]?.contains(prefix) != true
      {
        bindings[uri, default: []].append(prefix)
      }
      from = close
    }
    return bindings
  }

  /// The texts of `name` used as an attribute or an element, in the order they appear.
  static func values(of name: [UInt8], in bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var found: [ArraySlice<UInt8>] = []
    var from = bytes.startIndex
    while let match = bytes[from...].firstRange(of: name) {
      from = match.upperBound
      // The name must stand alone: after `<`, `/` or a space, and not be a longer name's start.
      guard match.lowerBound > 0, [0x3C, 0x20, 0x09, 0x0A, 0x0D].contains(bytes[match.lowerBound - 1]),
        from < bytes.count, !isNameByte(bytes[from])
      else { continue }
      if bytes[match.lowerBound - 1] == 0x3C {
        // An element: its text runs from the end of the start tag to the next `<`.
        // A search that fails finds nothing further on either: stop (scanning on is quadratic).
        guard let tagEnd = bytes[from...].firstIndex(of: 0x3E) else { break }
        guard bytes[tagEnd - 1] != 0x2F else { continue }  // `<x:Name/>`: no text
        guard let textEnd = bytes[(tagEnd + 1)...].firstIndex(of: 0x3C) else { break }
        found.append(bytes[(tagEnd + 1)..<textEnd])
      } else {
        var index = from
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x3D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else { continue }
        guard let close = bytes[(index + 1)...].firstIndex(of: bytes[index]) else { break }
        found.append(bytes[(index + 1)..<close])
      }
    }
    return found
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x80...: true
    default: false
    }
  }
}

/// ISO 8601 dates as XMP writes them: `2023-05-12T14:30:12.345+02:00`, the seconds, fraction
/// and offset (`Z`, `±HH:MM`) optional. A date without a time of day is not a capture time.
package enum ISO8601Date {
  package static func captureTime(_ value: ArraySlice<UInt8>, source: TimeSource) -> CaptureTime? {
    var text = String(decoding: value, as: UTF8.self).trimmingASCIISpaces
    guard text.utf8.count >= 16 else { return nil }
    if text.utf8.count == 16 || [0x2B, 0x2D, 0x5A].contains(Array(text.utf8)[16]) {
      let utf8 = Array(text.utf8)
      text = String(decoding: utf8[..<16] + Array(":00".utf8) + utf8[16...], as: UTF8.self)
    }
    let utf8 = Array(text.utf8)
    guard utf8.count >= 19, let wallClock = ExifText.dateTime(String(decoding: utf8[..<19], as: UTF8.self))
    else { return nil }
    var rest = utf8[19...]
    var fraction: Double?
    if rest.first == 0x2E {
      let digits = rest.dropFirst().prefix { (0x30...0x39).contains($0) }
      guard !digits.isEmpty else { return nil }
      fraction = ExifText.fraction(String(decoding: digits, as: UTF8.self))
      rest = rest[digits.endIndex...]
    }
    var offset: Int?
    if !rest.isEmpty {
      guard let parsed = ExifText.utcOffset(String(decoding: rest, as: UTF8.self)) else { return nil }
      offset = parsed
    }
    return CaptureTime(wallClock: wallClock, fraction: fraction, utcOffset: offset, source: source)
  }
}

extension String {
  /// Without leading and trailing spaces, tabs and line breaks.
  var trimmingASCIISpaces: String {
    let utf8 = Array(utf8)
    func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
    guard let start = utf8.firstIndex(where: { !isSpace($0) }),
      let end = utf8.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(decoding: utf8[start...end], as: UTF8.self)
  }
}
