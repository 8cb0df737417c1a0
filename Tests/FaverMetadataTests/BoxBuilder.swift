import FaverTestSupport

/// Builds ISO base media boxes (HEIF, MP4, QuickTime) in memory.
enum BoxBuilder {
  static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
  static func be64(_ v: Int) -> [UInt8] { be32(v >> 32) + be32(v) }
  static func be(_ v: Int, width: Int) -> [UInt8] {
    switch width {
    case 2: be16(v)
    case 4: be32(v)
    case 8: be64(v)
    default: []
    }
  }

  static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    be32(8 + payload.count) + Array(type.utf8) + payload
  }

  static func fullBox(_ type: String, version: Int, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
    box(type, [UInt8(version)] + be32(flags).dropFirst() + payload)
  }

  /// A box whose size is given in the 64-bit `largesize` field (size 1).
  static func largeBox(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    be32(1) + Array(type.utf8) + be64(16 + payload.count) + payload
  }

  static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
    box("ftyp", Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
  }

  /// How the HEIF builder lays out its `iloc` box.
  struct ILoc {
    var version = 0
    var offsetSize = 4
    var lengthSize = 4
    var baseOffsetSize = 0
    var indexSize = 0
    /// Split the EXIF item into this many extents.
    var extents = 1
    /// 0: the item is in the file (mdat); 1: in the `meta` box's `idat`.
    var constructionMethod = 0
  }

  /// A HEIF with an image item (1) and an `Exif` item (2) holding `exif` (a block from
  /// ExifBuilder) after the 4-byte offset to its TIFF header.
  static func heif(exif: [UInt8], iloc: ILoc = ILoc(), exifType: String = "Exif") -> [UInt8] {
    let item = be32(6) + exif
    let ftyp = ftyp("heic", ["mif1", "heic"])
    func build(mdatStart: Int) -> [UInt8] {
      let hdlr = fullBox("hdlr", version: 0, be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
      let infe1 = fullBox("infe", version: 2, be16(1) + be16(0) + Array("hvc1".utf8) + [0])
      let infe2 = fullBox("infe", version: 2, be16(2) + be16(0) + Array(exifType.utf8) + [0])
      let iinf = fullBox("iinf", version: 0, be16(2) + infe1 + infe2)
      let idSize = iloc.version < 2 ? 2 : 4
      var body =
        be16(iloc.offsetSize << 12 | iloc.lengthSize << 8 | iloc.baseOffsetSize << 4 | iloc.indexSize)
        + be(2, width: idSize)
      // Item 1: one extent of 4 bytes at the start of mdat's payload.
      body += be(1, width: idSize)
      if iloc.version >= 1 { body += be16(0) }
      body += be16(0) + be(0, width: iloc.baseOffsetSize) + be16(1)
      body += be(0, width: iloc.indexSize) + be(mdatStart + 8, width: iloc.offsetSize)
      body += be(4, width: iloc.lengthSize)
      // Item 2: the EXIF item after it, in `extents` pieces.
      body += be(2, width: idSize)
      if iloc.version >= 1 { body += be16(iloc.constructionMethod) }
      let base = iloc.constructionMethod == 1 ? 0 : mdatStart + 8 + 4
      body += be16(0) + be(iloc.baseOffsetSize == 0 ? 0 : base, width: iloc.baseOffsetSize)
      body += be16(iloc.extents)
      let pieces = split(item.count, into: iloc.extents)
      var position = iloc.baseOffsetSize == 0 ? base : 0
      for length in pieces {
        body += be(0, width: iloc.indexSize) + be(position, width: iloc.offsetSize)
        body += be(length, width: iloc.lengthSize)
        position += length
      }
      let ilocBox = fullBox("iloc", version: iloc.version, body)
      let idat = iloc.constructionMethod == 1 ? box("idat", item) : []
      let meta = fullBox("meta", version: 0, hdlr + iinf + ilocBox + idat)
      let mdat = box("mdat", [1, 2, 3, 4] + (iloc.constructionMethod == 1 ? [] : item))
      return ftyp + meta + mdat
    }
    let draft = build(mdatStart: 0)
    let mdatSize = 8 + 4 + (iloc.constructionMethod == 1 ? 0 : item.count)
    return build(mdatStart: draft.count - mdatSize)
  }

  private static func split(_ total: Int, into parts: Int) -> [Int] {
    let size = total / parts
    return (0..<parts).map { $0 == parts - 1 ? total - size * (parts - 1) : size }
  }
}
