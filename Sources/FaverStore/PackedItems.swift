import FaverCore
import Foundation

/// The items of one saved moment in one value (`queueItems.items`, see
/// `registerQueuePerMomentMigration`): a million photos are tens of thousands of rows, not a
/// million, and the queue is saved in a fraction of the time.
///
/// Each item, in queue order: a 16-bit word of flags (which optional values follow, and the
/// booleans), how far its position and its burst's ordinal are from the previous item's (from 0
/// for the first), its asset id (and its companion's and raw file's when it has them), its placed
/// instant (the 64 bits of the `Double`), its offset, one byte of its two sources (`sourceCode`),
/// the inferred offset, the clock shift, its problem, and the row of `file` that is its only file.
/// Numbers are LEB128, signed ones zigzag-encoded; an id of 16 lowercase hex digits is its 64-bit
/// value, any other id its text; a text is its length, then its UTF-8 bytes. About 30 bytes an
/// item (54 with absolute positions and the sources' names). The queue is a cache: a change of
/// this layout bumps `QueueStamp.format`, and a queue saved otherwise is built again.
enum PackedItems {
  private enum Flag {
    static let companion: UInt16 = 1
    static let raw: UInt16 = 2
    static let utcOffset: UInt16 = 4
    static let inferredOffset: UInt16 = 8
    static let problem: UInt16 = 16
    static let fileID: UInt16 = 32
    static let reviewed: UInt16 = 64
    static let hasSubseconds: UInt16 = 128
    static let isUndated: UInt16 = 256
  }

  /// One moment's items packed one after another, in queue order.
  struct Writer {
    private(set) var bytes: [UInt8] = []
    /// The previous item's position and burst ordinal.
    private var previous = (position: 0, burst: 0)

    init() {}

    /// Appends the item `asset` at `position` of burst `burst`; its file row is the asset's
    /// (`Asset.fileRow`) when it has no copies.
    mutating func append(_ asset: Asset, position: Int, burst: Int, reviewed: Bool) {
      PackedItems.append(
        asset.id, companion: asset.companion?.id, raw: asset.raw?.id, captureTime: asset.captureTime,
        problem: asset.problem, position: position - previous.position, burst: burst - previous.burst,
        reviewed: reviewed, fileID: asset.duplicates.isEmpty ? asset.fileRow : nil, to: &bytes)
      previous = (position, burst)
    }

    /// Appends `item` as `append(_:position:burst:reviewed:)` writes an asset's.
    mutating func append(_ item: IndexStore.QueuedItem) {
      PackedItems.append(
        item.assetID, companion: item.companionID, raw: item.rawID, captureTime: item.captureTime,
        problem: item.problem, position: item.position - previous.position,
        burst: item.burst - previous.burst,
        reviewed: item.reviewed, fileID: item.fileID, to: &bytes)
      previous = (item.position, item.burst)
    }
  }

  /// Appends an item whose position and burst ordinal are `position` and `burst` from the
  /// previous item's.
  private static func append(
    _ assetID: AssetID, companion: AssetID?, raw: AssetID?, captureTime time: CaptureTime, problem: String?,
    position: Int, burst: Int, reviewed: Bool, fileID: Int64?, to bytes: inout [UInt8]
  ) {
    var flags: UInt16 = 0
    if companion != nil { flags |= Flag.companion }
    if raw != nil { flags |= Flag.raw }
    if time.utcOffset != nil { flags |= Flag.utcOffset }
    if time.inferredOffset != nil { flags |= Flag.inferredOffset }
    if problem != nil { flags |= Flag.problem }
    if fileID != nil { flags |= Flag.fileID }
    if reviewed { flags |= Flag.reviewed }
    if time.hasSubseconds { flags |= Flag.hasSubseconds }
    if time.isUndated { flags |= Flag.isUndated }
    bytes.append(UInt8(truncatingIfNeeded: flags))
    bytes.append(UInt8(truncatingIfNeeded: flags >> 8))
    signed(position, to: &bytes)
    signed(burst, to: &bytes)
    id(assetID, to: &bytes)
    if let companion { id(companion, to: &bytes) }
    if let raw { id(raw, to: &bytes) }
    word(time.instant.timeIntervalSince1970.bitPattern, to: &bytes)
    if let offset = time.utcOffset { signed(offset, to: &bytes) }
    bytes.append(sourceCode(time.source, time.offsetSource))
    if let inferred = time.inferredOffset { signed(inferred, to: &bytes) }
    signed(time.clockShift, to: &bytes)
    if let problem { text(problem, to: &bytes) }
    if let fileID { number(UInt64(bitPattern: fileID), to: &bytes) }
  }

  /// The items packed in `bytes`, of the moment `moment`, in queue order. A value cut short ends
  /// the items read (`read` says whether every byte was).
  static func items(_ bytes: UnsafeRawBufferPointer, moment: Int) -> [IndexStore.QueuedItem] {
    read(bytes, moment: moment).items
  }

  /// The items packed in `bytes`, and whether they are all of them: false when the value ends
  /// within an item (a damaged store).
  static func read(_ bytes: UnsafeRawBufferPointer, moment: Int) -> (
    items: [IndexStore.QueuedItem], isWhole: Bool
  ) {
    var reader = Reader(bytes: bytes)
    var items: [IndexStore.QueuedItem] = []
    while !reader.isAtEnd {
      guard let item = reader.item(moment: moment) else { return (items, false) }
      items.append(item)
    }
    return (items, true)
  }

  /// Hands `body` each item packed in `bytes`, in queue order, as the manifest reads it: its
  /// asset id's text as UTF-8 bytes (valid only during the call), its burst's ordinal, its placed
  /// instant and whether it is reviewed. Nothing else is decoded, and no `String` is made.
  static func forEachEntry(
    _ bytes: UnsafeRawBufferPointer,
    _ body: (_ id: UnsafeBufferPointer<UInt8>, _ burst: Int, _ instant: Double, _ reviewed: Bool) throws ->
      Void
  ) rethrows {
    var reader = Reader(bytes: bytes)
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { hex in
      while !reader.isAtEnd, let entry = reader.entry(hex: hex) {
        try body(entry.id, entry.burst, entry.instant, entry.reviewed)
      }
    }
  }

  /// A time's two sources in one byte: the time source's code in the low four bits, the offset
  /// source's in the high four. Codes are written out, not taken from the cases' order: a case
  /// added is a compile error here, and its code a change of the layout.
  private static func sourceCode(_ source: TimeSource, _ offset: OffsetSource) -> UInt8 {
    let low: UInt8 =
      switch source {
      case .exifOriginal: 0
      case .exifDigitized: 1
      case .exifDateTime: 2
      case .xmp: 3
      case .iptc: 4
      case .pngText: 5
      case .quickTime: 6
      case .sidecar: 7
      case .fileName: 8
      case .fileModified: 9
      }
    let high: UInt8 =
      switch offset {
      case .file: 0
      case .gpsTime: 1
      case .sameCamera: 2
      case .library: 3
      case .none: 4
      }
    return low | high << 4
  }

  /// The sources of `sourceCode`; nil for a code it does not write.
  private static func sources(_ code: UInt8) -> (TimeSource, OffsetSource)? {
    let (low, high) = (Int(code & 15), Int(code >> 4))
    guard low < timeSources.count, high < offsetSources.count else { return nil }
    return (timeSources[low], offsetSources[high])
  }

  /// The sources by their codes in `sourceCode`.
  private static let timeSources: [TimeSource] = [
    .exifOriginal, .exifDigitized, .exifDateTime, .xmp, .iptc, .pngText, .quickTime, .sidecar, .fileName,
    .fileModified,
  ]
  private static let offsetSources: [OffsetSource] = [.file, .gpsTime, .sameCamera, .library, .none]

  private static func number(_ value: UInt64, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  private static func signed(_ value: Int, to bytes: inout [UInt8]) {
    let value = Int64(value)
    number(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &bytes)
  }

  private static func word(_ value: UInt64, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  private static func text(_ value: String, to bytes: inout [UInt8]) {
    number(UInt64(value.utf8.count), to: &bytes)
    bytes.append(contentsOf: value.utf8)
  }

  private static func id(_ id: AssetID, to bytes: inout [UInt8]) {
    if let value = id.hexValue {
      bytes.append(0)
      word(value, to: &bytes)
    } else {
      bytes.append(1)
      text(id.rawValue, to: &bytes)
    }
  }

  /// Reads items from packed bytes; nil from any read past the end.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    /// The previous item's position and burst ordinal.
    var previous = (position: 0, burst: 0)

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func number() -> UInt64? {
      var (value, shift): (UInt64, UInt64) = (0, 0)
      while let byte = byte() {
        value |= UInt64(byte & 0x7F) << shift
        if byte < 0x80 { return value }
        shift += 7
        guard shift < 64 else { return nil }
      }
      return nil
    }

    mutating func int() -> Int? { number().map { Int(truncatingIfNeeded: $0) } }

    mutating func signed() -> Int? {
      number().map { Int(truncatingIfNeeded: Int64(bitPattern: $0 >> 1) ^ -Int64(bitPattern: $0 & 1)) }
    }

    mutating func word() -> UInt64? {
      guard offset + 8 <= bytes.count else { return nil }
      var value: UInt64 = 0
      for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
      offset += 8
      return value
    }

    mutating func utf8() -> UnsafeBufferPointer<UInt8>? {
      guard let count = int(), count >= 0, offset + count <= bytes.count else { return nil }
      defer { offset += count }
      guard count > 0, let base = bytes.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
      return UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: count)
    }

    mutating func text() -> String? { utf8().map { String(decoding: $0, as: UTF8.self) } }

    mutating func id() -> AssetID? {
      switch byte() {
      case 0: word().map(AssetID.init(hexValue:))
      case 1: text().map(AssetID.init(rawValue:))
      default: nil
      }
    }

    /// An id's text: the hex digits of a value written into `hex`, or the text in place.
    mutating func idText(hex: UnsafeMutableBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
      switch byte() {
      case 0:
        guard let value = word() else { return nil }
        AssetID.writeHex(value, to: hex)
        return UnsafeBufferPointer(hex)
      case 1: return utf8()
      default: return nil
      }
    }

    mutating func skipID() -> Bool {
      switch byte() {
      case 0: return word() != nil
      case 1: return utf8() != nil
      default: return false
      }
    }

    /// The next item's id, burst, instant and review flag, the rest read past.
    mutating func entry(hex: UnsafeMutableBufferPointer<UInt8>)
      -> (id: UnsafeBufferPointer<UInt8>, burst: Int, instant: Double, reviewed: Bool)?
    {
      guard let low = byte(), let high = byte() else { return nil }
      let flags = UInt16(low) | UInt16(high) << 8
      func has(_ flag: UInt16) -> Bool { flags & flag != 0 }
      guard let position = signed(), let burst = signed(), let id = idText(hex: hex) else { return nil }
      previous = (previous.position + position, previous.burst + burst)
      if has(Flag.companion) { guard skipID() else { return nil } }
      if has(Flag.raw) { guard skipID() else { return nil } }
      guard let bits = word() else { return nil }
      if has(Flag.utcOffset) { guard number() != nil else { return nil } }
      guard byte() != nil else { return nil }
      if has(Flag.inferredOffset) { guard number() != nil else { return nil } }
      guard number() != nil else { return nil }
      if has(Flag.problem) { guard utf8() != nil else { return nil } }
      if has(Flag.fileID) { guard number() != nil else { return nil } }
      return (id, previous.burst, Double(bitPattern: bits), has(Flag.reviewed))
    }

    mutating func item(moment: Int) -> IndexStore.QueuedItem? {
      guard let low = byte(), let high = byte() else { return nil }
      let flags = UInt16(low) | UInt16(high) << 8
      func has(_ flag: UInt16) -> Bool { flags & flag != 0 }
      guard let step = signed(), let burstStep = signed(), let assetID = id() else { return nil }
      previous = (previous.position + step, previous.burst + burstStep)
      let (position, burst) = previous
      var companionID: AssetID?
      var rawID: AssetID?
      if has(Flag.companion) {
        guard let id = id() else { return nil }
        companionID = id
      }
      if has(Flag.raw) {
        guard let id = id() else { return nil }
        rawID = id
      }
      guard let bits = word() else { return nil }
      var utcOffset: Int?
      if has(Flag.utcOffset) {
        guard let offset = signed() else { return nil }
        utcOffset = offset
      }
      guard let code = byte(), let (source, offsetSource) = PackedItems.sources(code) else { return nil }
      var inferred: Int?
      if has(Flag.inferredOffset) {
        guard let offset = signed() else { return nil }
        inferred = offset
      }
      guard let clockShift = signed() else { return nil }
      var problem: String?
      if has(Flag.problem) {
        guard let text = text() else { return nil }
        problem = text
      }
      var fileID: Int64?
      if has(Flag.fileID) {
        guard let row = number() else { return nil }
        fileID = Int64(bitPattern: row)
      }
      var captureTime = CaptureTime(
        instant: Date(timeIntervalSince1970: Double(bitPattern: bits)), utcOffset: utcOffset,
        source: source, hasSubseconds: has(Flag.hasSubseconds), offsetSource: offsetSource)
      captureTime.inferredOffset = inferred
      captureTime.clockShift = clockShift
      captureTime.isUndated = has(Flag.isUndated)
      return IndexStore.QueuedItem(
        position: position, assetID: assetID, companionID: companionID, rawID: rawID, burst: burst,
        moment: moment, captureTime: captureTime, problem: problem, reviewed: has(Flag.reviewed),
        fileID: fileID)
    }
  }
}
