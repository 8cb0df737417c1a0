/// What the marker segments at the start of a JPEG say, read without touching the image data.
public struct JPEGStructure: Equatable, Sendable {
  /// The APP1 EXIF payload, from its `Exif\0\0` header on.
  public var exif: [UInt8]?
  /// The file ends before its end-of-image marker: it was cut short.
  public var isTruncated = false
  /// The segments are not a JPEG's (a damaged header).
  public var isMalformed = false

  /// Segments a header may hold before we give up looking for EXIF.
  static let maxSegments = 64
  /// A JPEG can carry data after its end-of-image marker (maker trailers); look this far back.
  static let trailerWindow = 64 * 1024

  public static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError)
    -> JPEGStructure
  {
    var result = JPEGStructure()
    let reader = HeadReader(source: source, head: head)
    var offset: Int64 = 2
    var segments = 0
    scan: while segments < maxSegments {
      let marker = try reader.bytes(at: offset, count: 4)
      guard marker.count >= 2 else {
        result.isTruncated = true
        return result
      }
      guard marker[0] == 0xFF else {
        result.isMalformed = true
        break scan
      }
      switch marker[1] {
      case 0xFF:  // fill byte
        offset += 1
        continue scan
      case 0x01, 0xD0...0xD8:  // markers without a length
        offset += 2
        continue scan
      case 0xD9, 0xDA:  // end of image, start of scan: no more header segments
        break scan
      default: break
      }
      guard marker.count == 4 else {
        result.isTruncated = true
        return result
      }
      let length = Int64(marker[2]) << 8 | Int64(marker[3])
      guard length >= 2 else {
        result.isMalformed = true
        break scan
      }
      guard offset + 2 + length <= source.size else {
        result.isTruncated = true
        return result
      }
      if marker[1] == 0xE1, result.exif == nil {
        let payload = try reader.bytes(at: offset + 4, count: Int(length) - 2)
        if payload.starts(with: ExifBlock.header) {
          result.exif = payload
          break scan
        }
      }
      offset += 2 + length
      segments += 1
    }
    result.isTruncated = try !hasEndOfImage(source, after: offset)
    return result
  }

  /// Whether an end-of-image marker (FF D9) stands at the end or in the trailer window.
  /// In entropy-coded data an FF byte is always followed by 00 or a restart marker, so FF D9
  /// there can only be the real marker.
  private static func hasEndOfImage(_ source: some ByteSource, after offset: Int64) throws(MetadataError)
    -> Bool
  {
    guard source.size >= 4 else { return false }
    if try source.read(at: source.size - 2, count: 2) == [0xFF, 0xD9] { return true }
    let start = max(offset, source.size - Int64(trailerWindow))
    let tail = try source.read(at: start, count: Int(source.size - start))
    return zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
  }
}

/// Reads from the bytes already in memory when it can, from the source otherwise.
struct HeadReader<Source: ByteSource> {
  let source: Source
  let head: [UInt8]

  func bytes(at offset: Int64, count: Int) throws(MetadataError) -> [UInt8] {
    if offset >= 0, offset + Int64(count) <= Int64(head.count) {
      return Array(head[Int(offset)..<Int(offset) + count])
    }
    return try source.read(at: offset, count: count)
  }
}
