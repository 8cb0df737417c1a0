/// The EXIF item of a HEIF, HEIC or AVIF file (and, when it gives no date, the XMP item), found
/// through its `meta` box (ISO/IEC 23008-12): `iinf` names the items, `iloc` says where their
/// bytes are. Only those bytes are read, and the 4-byte offset that starts the EXIF item is
/// skipped to its TIFF structure. The container is damaged
/// when a box or the item table is damaged or cut short.
enum HEIFStructure: ContainerReader {
  /// A `meta` box larger than this is not a photo's; it is not read.
  static let maxMetaBytes: Int64 = 8 << 20

  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    let top = try BoxWalker.boxes(in: source, from: 0, to: source.size)
    guard let meta = top.boxes.first(where: { $0.type == "meta" }) else {
      return ContainedExif(nil, isDamaged: top.isDamaged)
    }
    guard meta.payloadSize <= maxMetaBytes else { return .damaged }
    let payload = try source.read(at: meta.payloadStart, count: Int(meta.payloadSize))
    let table = ItemTable(meta: payload)
    let isDamaged = top.isDamaged || table.isDamaged
    var found = ContainedExif(nil, isDamaged: isDamaged)
    if let location = table.exifLocation {
      let item = try read(location, from: source, limit: ContainedExif.maxBytes)
      var reader = ByteReader(item ?? [], order: .bigEndian)
      if item != nil, let tiffOffset = reader.u32(), reader.skip(tiffOffset), let item {
        found.block = Array(item[reader.offset...])
      } else {
        found.problems = [.damagedContainer]
      }
    }
    if let location = table.xmpLocation, !found.hasExifDate() {
      found.xmp = try read(location, from: source, limit: XMPDates.maxBytes)
    }
    return found
  }

  /// An item's bytes, from the file or from the `meta` box's `idat`.
  private static func read(_ location: ItemLocation, from source: some ByteSource, limit: Int)
    throws(MetadataError) -> [UInt8]?
  {
    switch location.origin {
    case .file: try location.read(from: source, limit: limit)
    case .itemData(let idat): try location.read(from: MemoryByteSource(idat), limit: limit)
    }
  }
}

/// Where an item's bytes are: extents in the file or in the `meta` box's `idat`.
struct ItemLocation: Equatable {
  enum Origin: Equatable {
    case file
    case itemData([UInt8])
  }
  /// A run of bytes; a length of 0 means "to the end of the source".
  struct Extent: Equatable {
    var offset: Int64
    var length: Int64
  }
  var origin: Origin
  var extents: [Extent]

  /// The extents' bytes joined, or nil when one is missing or the total exceeds `limit`.
  func read(from source: some ByteSource, limit: Int) throws(MetadataError) -> [UInt8]? {
    var bytes: [UInt8] = []
    for extent in extents {
      guard extent.offset >= 0, extent.offset < source.size else { return nil }
      let length = extent.length == 0 ? source.size - extent.offset : extent.length
      guard length > 0, length <= Int64(limit - bytes.count), length <= source.size - extent.offset
      else { return nil }
      bytes += try source.read(at: extent.offset, count: Int(length))
    }
    return bytes.isEmpty ? nil : bytes
  }
}

/// The `iinf` and `iloc` boxes of a `meta` payload, parsed far enough to locate the EXIF item
/// and the XMP item (a `mime` item of type `application/rdf+xml`).
struct ItemTable {
  var exifLocation: ItemLocation?
  var xmpLocation: ItemLocation?
  var isDamaged = false

  init(meta payload: [UInt8]) {
    let source = MemoryByteSource(payload)
    // `meta` is a full box: 4 bytes of version and flags, then its children.
    let listing = BoxWalker.boxesInMemory(source, from: 4)
    isDamaged = listing.isDamaged
    func payloadOf(_ type: String) -> [UInt8]? {
      guard let box = listing.boxes.first(where: { $0.type == type }) else { return nil }
      return source.read(at: box.payloadStart, count: Int(box.payloadSize))
    }
    guard let iinf = payloadOf("iinf"), let iloc = payloadOf("iloc") else { return }
    guard let exifIDs = Self.exifItemIDs(iinf: iinf) else {
      isDamaged = true
      return
    }
    let xmpIDs = Self.xmpItemIDs(iinf: iinf)
    guard let locations = Self.locations(iloc: iloc, of: Set(exifIDs + xmpIDs)) else {
      isDamaged = true
      return
    }
    func location(of ids: [Int]) -> ItemLocation? {
      for id in ids {
        guard let entry = locations[id] else { continue }
        switch entry.constructionMethod {
        case 0: return ItemLocation(origin: .file, extents: entry.extents)
        case 1: return ItemLocation(origin: .itemData(payloadOf("idat") ?? []), extents: entry.extents)
        default: continue  // 2 builds an item from other items: never used for metadata
        }
      }
      return nil
    }
    exifLocation = location(of: exifIDs)
    xmpLocation = location(of: xmpIDs)
  }

  /// The IDs of the `infe` entries of type `mime` whose content type is `application/rdf+xml`.
  static func xmpItemIDs(iinf: [UInt8]) -> [Int] {
    var reader = ByteReader(iinf, order: .bigEndian)
    guard let version = reader.u8(), reader.skip(3), reader.uint(version == 0 ? 2 : 4) != nil else {
      return []
    }
    let entries = BoxWalker.boxesInMemory(MemoryByteSource(iinf), from: Int64(reader.offset))
    var ids: [Int] = []
    let contentType = Array("application/rdf+xml".utf8)
    for infe in entries.boxes where infe.type == "infe" {
      let payload = iinf[Int(infe.payloadStart)..<Int(infe.end)]
      var entry = ByteReader(payload, order: .bigEndian)
      guard let version = entry.u8(), version >= 2, entry.skip(3),
        let id = entry.uint(version == 2 ? 2 : 4), entry.skip(2), entry.fourCC() == "mime"
      else { continue }
      // The item's name, then its content type, each ended by a NUL.
      let strings = payload.dropFirst(entry.offset).split(
        separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
      if strings.count >= 2, strings[1].elementsEqual(contentType) { ids.append(Int(id)) }
    }
    return ids
  }

  /// The IDs of the `infe` entries whose item type is `Exif`; nil when the box is malformed.
  static func exifItemIDs(iinf: [UInt8]) -> [Int]? {
    var reader = ByteReader(iinf, order: .bigEndian)
    guard let version = reader.u8(), reader.skip(3),
      reader.uint(version == 0 ? 2 : 4) != nil
    else { return nil }
    let entries = BoxWalker.boxesInMemory(MemoryByteSource(iinf), from: Int64(reader.offset))
    var ids: [Int] = []
    for infe in entries.boxes where infe.type == "infe" {
      var entry = ByteReader(iinf[Int(infe.payloadStart)..<Int(infe.end)], order: .bigEndian)
      // Versions 0 and 1 carry no item type (and never hold EXIF); 2 has 16-bit IDs, 3 32-bit.
      guard let version = entry.u8(), version >= 2, entry.skip(3),
        let id = entry.uint(version == 2 ? 2 : 4), entry.skip(2), let type = entry.fourCC()
      else { continue }
      if type == "Exif" { ids.append(Int(id)) }
    }
    return entries.isDamaged && ids.isEmpty ? nil : ids
  }

  struct Entry {
    var constructionMethod: Int
    var extents: [ItemLocation.Extent]
  }

  /// An item with more extents than this is not an EXIF item.
  static let maxExtents = 64

  /// The extents of the items `wanted` from an `iloc` payload (versions 0, 1 and 2), the others
  /// skipped; nil when malformed.
  static func locations(iloc: [UInt8], of wanted: Set<Int>) -> [Int: Entry]? {
    var reader = ByteReader(iloc, order: .bigEndian)
    guard let version = reader.u8(), version <= 2, reader.skip(3),
      let sizes = reader.u16(), let itemCount = reader.uint(version < 2 ? 2 : 4)
    else { return nil }
    let offsetSize = sizes >> 12
    let lengthSize = sizes >> 8 & 0xF
    let baseOffsetSize = sizes >> 4 & 0xF
    let indexSize = version == 0 ? 0 : sizes & 0xF
    guard [offsetSize, lengthSize, baseOffsetSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) })
    else { return nil }
    var items: [Int: Entry] = [:]
    for _ in 0..<itemCount {
      guard let id = reader.uint(version < 2 ? 2 : 4) else { return nil }
      var method = 0
      if version >= 1 {
        guard let value = reader.u16() else { return nil }
        method = value & 0xF
      }
      guard reader.skip(2), let base = reader.uint(baseOffsetSize), let count = reader.u16()
      else { return nil }
      guard wanted.contains(Int(id)), items[Int(id)] == nil else {
        guard reader.skip(count * (indexSize + offsetSize + lengthSize)) else { return nil }
        continue
      }
      guard count <= maxExtents else { return nil }
      var extents: [ItemLocation.Extent] = []
      for _ in 0..<count {
        guard reader.skip(indexSize), let offset = reader.uint(offsetSize),
          let length = reader.uint(lengthSize)
        else { return nil }
        let (start, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, let start = Int64(exactly: start), let length = Int64(exactly: length)
        else { return nil }
        extents.append(ItemLocation.Extent(offset: start, length: length))
      }
      items[Int(id)] = Entry(constructionMethod: method, extents: extents)
    }
    return items
  }
}

extension BoxWalker {
  /// `boxes(in:from:to:)` over bytes already in memory, which cannot fail to read.
  static func boxesInMemory(_ source: MemoryByteSource, from start: Int64) -> (
    boxes: [Box], isDamaged: Bool
  ) {
    (try? boxes(in: source, from: start, to: source.size)) ?? ([], true)
  }
}
