@testable import FaverMetadata

extension ContainerReader {
  /// Reads a file held in memory, all of it as the head.
  static func read(_ bytes: [UInt8]) throws(MetadataError) -> Found {
    try read(from: MemoryByteSource(bytes), head: bytes)
  }
}
