/// A TIFF-based file (TIFF, DNG, CR2, NEF, ARW, ORF, RW2, PEF, IIQ): IFD0 with its EXIF and GPS
/// IFDs, read through `IFDReader` and compacted into a small block, wherever in the file they
/// are; and, when they give no date, IFD0's XMP packet (tag 700). The container is damaged when IFD0 cannot be read.
enum TIFFStructure: ContainerReader {
  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    let reader = try IFDReader(source: source)
    let block = try reader?.compactBlock()
    var found = ContainedExif(block, isDamaged: block == nil)
    if let packet = try reader?.xmpPacketLocation(), !found.hasExifDate() {
      found.xmp = try source.read(at: packet.offset, count: min(packet.length, XMPDates.maxBytes))
    }
    return found
  }
}

extension IFDReader {
  /// Where the XMP packet of IFD0's tag 700 (BYTE or UNDEFINED) is in the source; nil when
  /// there is none.
  func xmpPacketLocation() throws(MetadataError) -> (offset: Int64, length: Int)? {
    guard firstIFD >= 8 else { return nil }
    let countBytes = ByteReader(try source.read(at: base + firstIFD, count: 2), order: order)
    guard let count = countBytes.u16(at: 0), count > 0, count <= Self.maxEntries else { return nil }
    let reader = ByteReader(try source.read(at: base + firstIFD + 2, count: count * 12), order: order)
    for index in 0..<count where reader.u16(at: index * 12) == 700 {
      guard let type = reader.u16(at: index * 12 + 2), [1, 7].contains(type),
        let length = reader.u32(at: index * 12 + 4), length > 4, let offset = reader.u32(at: index * 12 + 8)
      else { return nil }
      return (base + Int64(offset), length)
    }
    return nil
  }
}
