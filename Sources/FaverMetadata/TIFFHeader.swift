/// The 8-byte header a TIFF structure (and so an EXIF block) starts with: a byte order mark, a
/// magic number, and where the first IFD is.
struct TIFFHeader {
  var order: ByteOrder
  var firstIFDOffset: Int

  /// Nil unless `bytes` start with a byte order mark and a TIFF (or ORF, RW2) magic number.
  init?(_ bytes: ArraySlice<UInt8>) {
    var reader = ByteReader(bytes, order: .bigEndian)
    guard let order = reader.byteOrderMark(), let magic = reader.u16(),
      // 42 is TIFF; ORF and RW2 raw files use their own numbers.
      [42, 0x4F52, 0x5352, 0x55].contains(magic), let first = reader.u32()
    else { return nil }
    self.order = order
    firstIFDOffset = first
  }
}

extension TIFFHeader {
  /// Whether the first IFD of `block`, whose TIFF structure starts at `base`, claims more
  /// entries than the block holds.
  func firstIFDOverruns(_ block: ByteReader, from base: Int) -> Bool {
    let start = base + firstIFDOffset
    guard let count = block.u16(at: start) else { return true }
    return start + 2 + count * 12 > block.count
  }

  /// Renames the thumbnail tags (0x0201 offset, 0x0202 length) of IFD0 and IFD1 in this
  /// in-memory copy. faver never needs the thumbnail, and libexif abandons the rest of an IFD,
  /// EXIF and GPS pointers included, when a thumbnail length points past the block.
  func hideThumbnailPointers(in block: inout ByteReader, from base: Int) {
    var ifd = firstIFDOffset
    for _ in 0..<2 {
      let start = base + ifd
      guard ifd >= 8, let count = block.u16(at: start), start + 2 + count * 12 + 4 <= block.count else {
        return
      }
      for entry in 0..<count {
        let at = start + 2 + entry * 12
        if let tag = block.u16(at: at), tag == 0x0201 || tag == 0x0202 {
          block.overwrite(at: at, with: 0xFF)
          block.overwrite(at: at + 1, with: 0xFF)
        }
      }
      guard let next = block.u32(at: start + 2 + count * 12) else { return }
      ifd = next
    }
  }
}
