/// The IFDs of a TIFF structure in a file (TIFF, DNG, CR2, NEF, ARW, ORF, RW2, PEF, and CR3's
/// CMT boxes), read entry by entry through a `ByteSource`.
///
/// libexif 0.6 reads at most the first 65,534 bytes of a block it is given, and raw files keep
/// their IFDs anywhere in megabytes of image data. So faver reads the IFDs itself, keeps only
/// the tags it uses, and lays them out again in a small TIFF block (`compactBlock`) for
/// `ExifBlock` to read.
struct IFDReader<Source: ByteSource> {
  let source: Source
  /// Where the TIFF header is in the source; IFD offsets count from here.
  let base: Int64
  let order: ByteOrder
  let firstIFD: Int64

  /// An IFD with more entries than this is not a real one.
  static var maxEntries: Int { 1024 }
  /// A value longer than this is not copied: every tag kept is a short date, offset, GPS value,
  /// make or model.
  static var maxValueBytes: Int { 4096 }

  /// Nil unless a byte order mark and a TIFF (or ORF, RW2) magic number are at `base`.
  init?(source: Source, base: Int64 = 0) throws(MetadataError) {
    guard let header = TIFFHeader(try source.read(at: base, count: 8)[...]) else { return nil }
    self.source = source
    self.base = base
    order = header.order
    firstIFD = Int64(header.firstIFDOffset)
  }

  /// The entries of the IFD at `offset` whose tags are in `tags` (the first of a tag repeated).
  /// Nil when the IFD is outside the source or impossible.
  func entries(at offset: Int64, keeping tags: Set<Int>) throws(MetadataError) -> [TIFFEntry]? {
    guard offset >= 8 else { return nil }
    let countBytes = ByteReader(try source.read(at: base + offset, count: 2), order: order)
    guard let count = countBytes.u16(at: 0), count > 0, count <= Self.maxEntries else { return nil }
    let table = try source.read(at: base + offset + 2, count: count * 12)
    guard table.count >= count * 12 else { return nil }
    let reader = ByteReader(table, order: order)
    var entries: [TIFFEntry] = []
    var wanted = tags
    for index in 0..<count {
      let at = index * 12
      guard let tag = reader.u16(at: at), wanted.remove(tag) != nil, let type = reader.u16(at: at + 2),
        let components = reader.u32(at: at + 4)
      else { continue }
      let width = Self.typeWidth(type)
      guard width > 0, components > 0, components <= Self.maxValueBytes / width else { continue }
      let size = width * components
      var value: [UInt8]
      if size <= 4 {
        value = Array(table[at + 8..<at + 8 + size])
      } else {
        guard let valueOffset = reader.u32(at: at + 8) else { continue }
        value = try source.read(at: base + Int64(valueOffset), count: size)
        guard value.count == size else { continue }
      }
      entries.append(TIFFEntry(tag: tag, type: type, count: components, value: value))
    }
    return entries
  }

  /// The value of a LONG (or SHORT) entry, such as an IFD pointer.
  func pointer(_ entries: [TIFFEntry], _ tag: Int) -> Int64? {
    guard let entry = entries.first(where: { $0.tag == tag }) else { return nil }
    let value = ByteReader(entry.value, order: order)
    switch entry.type {
    case 3: return value.u16(at: 0).map(Int64.init)
    case 4, 13: return value.u32(at: 0).map(Int64.init)
    default: return nil
    }
  }

  /// Bytes per component of a TIFF field type; 0 for unknown types.
  static func typeWidth(_ type: Int) -> Int {
    switch type {
    case 1, 2, 6, 7: 1
    case 3, 8: 2
    case 4, 9, 11, 13: 4
    case 5, 10, 12: 8
    default: 0
    }
  }
}

/// The tags faver reads, by IFD.
enum TIFFTags {
  static let exifPointer = 0x8769
  static let gpsPointer = 0x8825
  static let ifd0: Set<Int> = [0x010F, 0x0110, 0x0132, 0x9003, 0x9004, exifPointer, gpsPointer]
  static let exif: Set<Int> = [0x9003, 0x9004, 0x9010, 0x9011, 0x9012, 0x9290, 0x9291, 0x9292]
  static let gps: Set<Int> = [0x0001, 0x0002, 0x0003, 0x0004, 0x0007, 0x001D]
}

extension IFDReader {
  /// IFD0 with its EXIF and GPS IFDs, compacted into a block `ExifBlock` can read; nil when
  /// IFD0 cannot be read.
  func compactBlock() throws(MetadataError) -> [UInt8]? {
    guard let ifd0 = try entries(at: firstIFD, keeping: TIFFTags.ifd0) else { return nil }
    let exif = try pointer(ifd0, TIFFTags.exifPointer).flatMap { (offset) throws(MetadataError) in
      try entries(at: offset, keeping: TIFFTags.exif)
    }
    let gps = try pointer(ifd0, TIFFTags.gpsPointer).flatMap { (offset) throws(MetadataError) in
      try entries(at: offset, keeping: TIFFTags.gps)
    }
    return CompactTIFF(order: order).block(ifd0: ifd0, exif: exif ?? [], gps: gps ?? [])
  }
}

/// One IFD entry with its value bytes (in its TIFF structure's byte order).
struct TIFFEntry: Equatable {
  var tag: Int
  var type: Int
  var count: Int
  var value: [UInt8]
}

/// Lays IFD entries out as a small TIFF structure: header, IFD0, then the EXIF and GPS IFDs.
struct CompactTIFF {
  var order: ByteOrder

  func block(ifd0: [TIFFEntry], exif: [TIFFEntry], gps: [TIFFEntry]) -> [UInt8] {
    let pointers = [TIFFTags.exifPointer, TIFFTags.gpsPointer]
    var main = ifd0.filter { !pointers.contains($0.tag) }
    if !exif.isEmpty { main.append(TIFFEntry(tag: TIFFTags.exifPointer, type: 4, count: 1, value: u32(0))) }
    if !gps.isEmpty { main.append(TIFFEntry(tag: TIFFTags.gpsPointer, type: 4, count: 1, value: u32(0))) }
    let exifOffset = 8 + size(of: main)
    let gpsOffset = exifOffset + (exif.isEmpty ? 0 : size(of: exif))
    main = main.map { entry in
      var entry = entry
      if entry.tag == TIFFTags.exifPointer { entry.value = u32(exifOffset) }
      if entry.tag == TIFFTags.gpsPointer { entry.value = u32(gpsOffset) }
      return entry
    }
    var bytes: [UInt8] = order == .bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
    bytes += u32(8) + ifd(main, at: 8)
    if !exif.isEmpty { bytes += ifd(exif, at: exifOffset) }
    if !gps.isEmpty { bytes += ifd(gps, at: gpsOffset) }
    return bytes
  }

  private func size(of entries: [TIFFEntry]) -> Int {
    6 + 12 * entries.count + entries.map(\.value.count).filter { $0 > 4 }.reduce(0) { $0 + $1 + $1 % 2 }
  }

  private func ifd(_ entries: [TIFFEntry], at offset: Int) -> [UInt8] {
    let sorted = entries.sorted { $0.tag < $1.tag }
    var head = u16(sorted.count)
    var tail: [UInt8] = []
    let dataStart = offset + 6 + 12 * sorted.count
    for entry in sorted {
      head += u16(entry.tag) + u16(entry.type) + u32(entry.count)
      if entry.value.count <= 4 {
        head += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
      } else {
        head += u32(dataStart + tail.count)
        tail += entry.value
        if entry.value.count % 2 == 1 { tail.append(0) }
      }
    }
    return head + u32(0) + tail
  }

  private func u16(_ v: Int) -> [UInt8] {
    order == .bigEndian
      ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
  }
  private func u32(_ v: Int) -> [UInt8] {
    order == .bigEndian ? u16(v >> 16) + u16(v) : u16(v) + u16(v >> 16)
  }
}
