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

  /// Renames, in this in-memory copy, the entries libexif would stop reading an IFD at: the
  /// thumbnail tags (0x0201 offset, 0x0202 length) of IFD0 and IFD1, always (faver never needs
  /// the thumbnail, and libexif abandons the rest of an IFD, EXIF and GPS pointers included, when
  /// a thumbnail length points past the block); and an EXIF, GPS or interoperability IFD pointer
  /// past the block, in IFD0, IFD1 or the EXIF IFD (libexif abandons the rest of that IFD too, so a
  /// broken EXIF pointer would lose the GPS IFD after it, which exiftool still reads).
  func hideUnreadablePointers(in block: inout ByteReader, from base: Int) {
    var exifIFD: Int?
    var ifd = firstIFDOffset
    for _ in 0..<2 {
      guard let next = hideUnreadablePointers(in: &block, from: base, ifd: ifd, exifIFD: &exifIFD) else {
        break
      }
      ifd = next
    }
    if let exifIFD {
      var ignored: Int?
      _ = hideUnreadablePointers(in: &block, from: base, ifd: exifIFD, exifIFD: &ignored)
    }
  }

  /// Hides the unreadable pointers of the IFD at `ifd`, notes where the EXIF IFD is, and returns
  /// the next IFD's offset; nil when the IFD is not in the block.
  private func hideUnreadablePointers(
    in block: inout ByteReader, from base: Int, ifd: Int, exifIFD: inout Int?
  )
    -> Int?
  {
    let start = base + ifd
    // libexif reads at most the first 65,534 bytes: a pointer past them is as unreadable to it.
    let size = min(block.count, 0xFFFE) - base
    guard ifd >= 8, let count = block.u16(at: start), start + 2 + count * 12 + 4 <= block.count else {
      return nil
    }
    for entry in 0..<count {
      let at = start + 2 + entry * 12
      guard let tag = block.u16(at: at) else { continue }
      var unreadable = tag == 0x0201 || tag == 0x0202
      if tag == 0x8769 || tag == 0x8825 || tag == 0xA005, let value = block.u32(at: at + 8) {
        // libexif reads every IFD pointer as a LONG, whatever its type says.
        unreadable = value >= size
        if tag == 0x8769, !unreadable { exifIFD = value }
      }
      if unreadable {
        block.overwrite(at: at, with: 0xFF)
        block.overwrite(at: at + 1, with: 0xFF)
      }
    }
    return block.u32(at: start + 2 + count * 12)
  }
}
