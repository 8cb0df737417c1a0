import Foundation

/// Reads one container format: finds the metadata in the file's own structure (markers, boxes,
/// chunks, IFDs, sections), reading headers and metadata only, never the image data.
///
/// Each format has one, named `<Format>Structure`: a caseless enum when it finds an EXIF block
/// (`ContainedExif`), a value when what it finds is metadata of the format's own
/// (`QuickTimeStructure`). `MetadataReader.containerReader(for:)` picks it by the format.
protocol ContainerReader {
  /// What the container holds.
  associatedtype Found: ContainerFinding

  /// Reads `source`, whose first bytes are `head` (a reader may use them rather than read them
  /// again). A damaged container is not an error: it is a problem in what is found.
  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> Found
}

/// What a container reader found, as it goes into a file's metadata.
protocol ContainerFinding {
  /// Fills in `metadata` with what was found; a time the file gives as an instant without an
  /// offset gets `timeZone`'s.
  func apply(to metadata: inout FileMetadata, timeZone: TimeZone)
}
