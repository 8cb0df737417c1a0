/// The APP1 EXIF payload of a JPEG (from its `Exif\0\0` header on), with its APP1 XMP packet
/// and APP13 IPTC resources, found through the marker
/// segments at its start without touching the image data. The file is `.truncated` when it ends
/// before its end-of-image marker, `.malformedHeader` when its segments are not a JPEG's.
enum JPEGStructure: ContainerReader {
  /// Segments a header may hold before we give up looking for EXIF.
  static let maxSegments = 64
  /// Fill bytes and markers without a length, together, before the scan: more is not a JPEG
  /// (each costs a read once past the head, so a file of them would otherwise take forever).
  static let maxMarkerBytes = 4096
  /// How far back from the end a file is examined for how it ends.
  static let tailWindow = 4096
  /// What an APP1 segment holding an XMP packet starts with.
  static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    var exif: [UInt8]?
    var xmp: [UInt8]?
    var iptc: [UInt8]?
    var isMalformed = false
    func found(isTruncated: Bool) -> ContainedExif {
      var found = ContainedExif(
        block: exif, problems: (isTruncated ? [.truncated] : []) + (isMalformed ? [.malformedHeader] : []))
      found.xmp = xmp
      found.iptc = iptc
      return found
    }
    let reader = HeadReader(source: source, head: head)
    var offset: Int64 = 2
    var segments = 0
    var markerBytes = 0
    scan: while segments < maxSegments {
      let marker = try reader.bytes(at: offset, count: 4)
      guard let prefix = marker.u8(at: 0), let kind = marker.u8(at: 1) else {
        return found(isTruncated: true)
      }
      guard prefix == 0xFF else {
        isMalformed = true
        break scan
      }
      switch kind {
      case 0xFF, 0x01, 0xD0...0xD8:  // a fill byte, or a marker without a length
        let step: Int64 = kind == 0xFF ? 1 : 2
        markerBytes += Int(step)
        guard markerBytes <= maxMarkerBytes else {
          isMalformed = true
          break scan
        }
        offset += step
        continue scan
      case 0xD9:  // end of image before any scan
        break scan
      case 0xDA:  // start of scan: the header ends; skip the scan header itself
        if let length = marker.u16(at: 2) { offset += 2 + Int64(length) }
        break scan
      default: break
      }
      guard let length = marker.u16(at: 2).map(Int64.init) else {
        return found(isTruncated: true)
      }
      guard length >= 2 else {
        isMalformed = true
        break scan
      }
      guard offset + 2 + length <= source.size else {
        return found(isTruncated: true)
      }
      // APP1 holds EXIF or XMP: check the six-byte header before reading a whole payload.
      if kind == 0xE1, exif == nil,
        try reader.bytes(at: offset + 4, count: ExifBlock.header.count).bytes.elementsEqual(ExifBlock.header)
      {
        exif = Array(try reader.bytes(at: offset + 4, count: Int(length) - 2).bytes)
      } else if kind == 0xE1, xmp == nil,
        try reader.bytes(at: offset + 4, count: xmpHeader.count).bytes.elementsEqual(xmpHeader)
      {
        xmp = Array(try reader.bytes(at: offset + 4, count: Int(length) - 2).bytes.dropFirst(xmpHeader.count))
      } else if kind == 0xED, iptc == nil,
        try reader.bytes(at: offset + 4, count: IPTCDates.header.count).bytes.elementsEqual(IPTCDates.header)
      {
        iptc = Array(try reader.bytes(at: offset + 4, count: Int(length) - 2).bytes)
      }
      offset += 2 + length
      segments += 1
    }
    return found(isTruncated: try !hasEndOfImage(reader, after: offset))
  }

  /// Whether the file ends as a complete JPEG: with its end-of-image marker (FF D9), a short
  /// trailer after it, or a long one (a phone's motion-photo video) that is not scan data.
  /// A file cut short ends inside entropy-coded data, where every FF byte is followed by 00
  /// (stuffing), a restart marker D0–D7 or another FF; other data almost never looks like that.
  private static func hasEndOfImage(_ reader: HeadReader<some ByteSource>, after offset: Int64)
    throws(MetadataError) -> Bool
  {
    let size = reader.source.size
    guard size >= 4 else { return false }
    if try reader.bytes(at: size - 2, count: 2).bytes.elementsEqual([0xFF, 0xD9]) { return true }
    let start = max(offset, size - Int64(tailWindow))
    let tail = try reader.bytes(at: start, count: Int(size - start)).bytes
    var markers = 0
    for (byte, next) in zip(tail, tail.dropFirst()) where byte == 0xFF {
      switch next {
      case 0xD9: return true
      case 0x00, 0xD0...0xD7, 0xFF: markers += 1
      default: return true  // not scan data: a trailer
      }
    }
    // No FF at all: when the window holds the whole scan, it never ended; when it is the last
    // bytes of a long file, scan data would have shown one, so this is padding or text after it.
    return markers == 0 && start > offset
  }
}

/// Reads from the bytes already in memory when it can, from the source otherwise.
struct HeadReader<Source: ByteSource> {
  let source: Source
  let head: [UInt8]

  /// Up to `count` bytes from `offset` (fewer only at the end of the data), read big-endian as
  /// JPEG is. Bytes in the head are not copied: the dozen small reads of a JPEG's markers
  /// allocate nothing.
  func bytes(at offset: Int64, count: Int) throws(MetadataError) -> ByteReader {
    if offset >= 0, count >= 0, offset + Int64(count) <= Int64(head.count) {
      return ByteReader(head[Int(offset)..<Int(offset) + count], order: .bigEndian)
    }
    return ByteReader(try source.read(at: offset, count: count), order: .bigEndian)
  }
}
