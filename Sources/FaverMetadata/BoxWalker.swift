/// One ISO base media file box (a QuickTime atom): its type and where its bytes are.
struct Box: Equatable, Sendable {
  var type: String
  /// The first byte of the header.
  var start: Int64
  /// The first byte after the header (and after a `uuid` box's 16-byte user type).
  var payloadStart: Int64
  /// One past the last byte.
  var end: Int64
  /// A `uuid` box's user type, nil for other boxes.
  var userType: [UInt8]?

  var payloadSize: Int64 { end - payloadStart }
}

/// Lists the boxes of an ISO base media file (HEIF, AVIF, CR3, MP4, QuickTime) level by level,
/// reading only the 8 to 32 header bytes of each box, never a payload.
enum BoxWalker {
  /// More boxes than this side by side is not a real file; stop looking.
  static let maxBoxes = 4096

  /// The boxes laid end to end from `start` to `end`, and whether a header was impossible or
  /// ran past `end` (the last box is then cut at `end`, so a truncated file still gives its
  /// leading boxes).
  static func boxes(in source: some ByteSource, from start: Int64, to end: Int64)
    throws(MetadataError) -> (boxes: [Box], isDamaged: Bool)
  {
    var boxes: [Box] = []
    var offset = start
    while offset + 8 <= end, boxes.count < maxBoxes {
      var reader = ByteReader(try source.read(at: offset, count: 32), order: .bigEndian)
      guard let size32 = reader.u32(), let type = reader.fourCC() else { return (boxes, true) }
      var boxEnd: Int64
      switch size32 {
      case 0: boxEnd = end  // the box runs to the end of its parent
      case 1:
        guard let large = reader.u64(), large >= 16 else { return (boxes, true) }
        boxEnd = offset.addingReportingOverflow(large).overflow ? Int64.max : offset + large
      default: boxEnd = offset + Int64(size32)
      }
      var userType: [UInt8]?
      if type == "uuid" {
        guard let bytes = reader.take(16) else { return (boxes, true) }
        userType = bytes
      }
      let payloadStart = offset + Int64(reader.offset)
      // A header running past the box's end or its parent's: no payload can be cut from it.
      guard min(boxEnd, end) >= payloadStart else { return (boxes, true) }
      let isCut = boxEnd > end
      boxes.append(
        Box(
          type: type, start: offset, payloadStart: payloadStart, end: min(boxEnd, end),
          userType: userType))
      if isCut { return (boxes, true) }
      offset = boxEnd
    }
    return (boxes, false)
  }

  /// The children of `box`, skipping `skip` bytes of its payload first (4 for a full box's
  /// version and flags).
  static func children(of box: Box, in source: some ByteSource, skip: Int64 = 0)
    throws(MetadataError) -> (boxes: [Box], isDamaged: Bool)
  {
    try boxes(in: source, from: box.payloadStart + skip, to: box.end)
  }
}
