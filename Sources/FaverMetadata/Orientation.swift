/// What a JPEG's EXIF block says for showing it: how to turn its pixels upright (tag 0x0112) and
/// the small JPEG it carries (IFD1's `JPEGInterchangeFormat`), read from the block in memory.
package struct ExifDisplay: Equatable, Sendable {
  /// EXIF orientation, 1 (upright) to 8; 1 when the block holds none or a value out of range.
  package var orientation = 1
  /// The EXIF thumbnail's bytes when they start like a JPEG; nil otherwise.
  package var thumbnail: [UInt8]?

  package init(orientation: Int = 1, thumbnail: [UInt8]? = nil) {
    self.orientation = orientation
    self.thumbnail = thumbnail
  }

  /// What the EXIF block of the JPEG `bytes` says; upright and no thumbnail when it has none.
  package static func read(jpeg bytes: [UInt8]) -> ExifDisplay {
    let source = MemoryByteSource(bytes)
    guard let found = try? JPEGStructure.read(from: source, head: Array(bytes.prefix(4096))),
      let block = found.block
    else { return ExifDisplay() }
    return read(block: block)
  }

  /// What a TIFF structure (with or without `Exif\0\0` before it) says.
  package static func read(block: [UInt8]) -> ExifDisplay {
    let base = block.starts(with: ExifBlock.header) ? ExifBlock.header.count : 0
    guard let header = TIFFHeader(block[base...]) else { return ExifDisplay() }
    let reader = ByteReader(block, order: header.order)
    var display = ExifDisplay()
    let ifd0 = entries(reader, at: base + header.firstIFDOffset)
    if let value = ifd0.values[0x0112], (1...8).contains(value) { display.orientation = value }
    guard let next = ifd0.next, next > 0 else { return display }
    let ifd1 = entries(reader, at: base + next)
    if let offset = ifd1.values[0x0201], let length = ifd1.values[0x0202], length > 4 {
      let start = base + offset
      if start >= base, start + length <= block.count, block[start] == 0xFF, block[start + 1] == 0xD8 {
        display.thumbnail = Array(block[start..<start + length])
      }
    }
    return display
  }

  /// The SHORT and LONG values of the IFD at `offset` of `reader`, by tag, and the next IFD's
  /// offset.
  private static func entries(_ reader: ByteReader, at offset: Int) -> (values: [Int: Int], next: Int?) {
    guard offset >= 0, let count = reader.u16(at: offset), count <= 1024 else { return ([:], nil) }
    var values: [Int: Int] = [:]
    for index in 0..<count {
      let at = offset + 2 + index * 12
      guard let tag = reader.u16(at: at), let type = reader.u16(at: at + 2) else { return (values, nil) }
      switch type {
      case 3: values[tag] = reader.u16(at: at + 8)
      case 4: values[tag] = reader.u32(at: at + 8)
      default: continue
      }
    }
    return (values, reader.u32(at: offset + 2 + count * 12))
  }
}
