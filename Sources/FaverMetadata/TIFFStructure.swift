/// A TIFF-based file (TIFF, DNG, CR2, NEF, ARW, ORF, RW2, PEF, IIQ): IFD0 with its EXIF and GPS
/// IFDs, read through `IFDReader` and compacted into a small block, wherever in the file they
/// are. The container is damaged when IFD0 cannot be read.
enum TIFFStructure: ContainerReader {
  static func read(from source: some ByteSource, head: [UInt8]) throws(MetadataError) -> ContainedExif {
    let block = try IFDReader(source: source)?.compactBlock()
    return ContainedExif(block, isDamaged: block == nil)
  }
}
