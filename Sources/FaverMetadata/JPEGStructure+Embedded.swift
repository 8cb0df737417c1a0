extension JPEGStructure {
  /// The EXIF block of a JPEG stored at `start..<end` of another file (a raw file's preview), or
  /// nil when no JPEG starts there. `.truncated` only says whether the preview ends cleanly,
  /// which says nothing of the raw file.
  static func embedded(in source: some ByteSource, from start: Int64, to end: Int64)
    throws(MetadataError) -> ContainedExif?
  {
    let jpeg = WindowByteSource(source, start, end)
    let head = try jpeg.read(at: 0, count: 4096)
    guard head.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
    return try read(from: jpeg, head: head)
  }
}
