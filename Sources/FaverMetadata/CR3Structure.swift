/// Canon CR3: an ISO base media file whose `moov` holds a Canon `uuid` box with TIFF structures
/// in `CMT1` (IFD0), `CMT2` (the EXIF IFD) and `CMT4` (the GPS IFD).
enum CR3Structure: ContainerReader {
  /// The user type of Canon's metadata box in `moov`.
  static let canonUUID: [UInt8] = [
    0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48,
  ]

  /// The three IFDs joined in one small block for `ExifBlock`; none when there is no CMT1.
  /// The container is damaged when boxes are cut short or impossible.
  static func read<Source: ByteSource>(from source: Source, head: [UInt8]) throws(MetadataError)
    -> ContainedExif
  {
    let top = try BoxWalker.boxes(in: source, from: 0, to: source.size)
    guard let moov = top.boxes.first(where: { $0.type == "moov" }) else {
      return ContainedExif(nil, isDamaged: top.isDamaged)
    }
    let inMoov = try BoxWalker.children(of: moov, in: source)
    guard let canon = inMoov.boxes.first(where: { $0.type == "uuid" && $0.userType == canonUUID })
    else { return ContainedExif(nil, isDamaged: top.isDamaged || inMoov.isDamaged) }
    let inCanon = try BoxWalker.children(of: canon, in: source)
    let isDamaged = top.isDamaged || inMoov.isDamaged || inCanon.isDamaged
    func tiff(_ type: String) throws(MetadataError) -> IFDReader<WindowByteSource<Source>>? {
      guard let box = inCanon.boxes.first(where: { $0.type == type }) else { return nil }
      return try IFDReader(source: WindowByteSource(source, box.payloadStart, box.end))
    }
    guard let cmt1 = try tiff("CMT1"),
      let ifd0 = try cmt1.entries(at: cmt1.firstIFD, keeping: TIFFTags.ifd0)
    else { return ContainedExif(nil, isDamaged: isDamaged) }
    func ifd(_ type: String, _ tags: Set<Int>) throws(MetadataError) -> [TIFFEntry] {
      // Values keep their block's byte order, so a block in another order is left out.
      guard let cmt = try tiff(type), cmt.order == cmt1.order else { return [] }
      return try cmt.entries(at: cmt.firstIFD, keeping: tags) ?? []
    }
    let block = CompactTIFF(order: cmt1.order).block(
      ifd0: ifd0, exif: try ifd("CMT2", TIFFTags.exif), gps: try ifd("CMT4", TIFFTags.gps))
    return ContainedExif(block, isDamaged: isDamaged)
  }
}

/// A byte range of another source, seen as a source of its own (offsets start at 0).
struct WindowByteSource<Base: ByteSource>: ByteSource {
  let base: Base
  let start: Int64
  let size: Int64

  init(_ base: Base, _ start: Int64, _ end: Int64) {
    self.base = base
    self.start = start
    size = max(0, end - start)
  }

  func read(at offset: Int64, count: Int) throws(MetadataError) -> [UInt8] {
    guard offset >= 0, offset < size, count > 0 else { return [] }
    return try base.read(at: start + offset, count: Int(min(Int64(count), size - offset)))
  }
}
