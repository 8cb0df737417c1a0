extension AssetListing {
  /// Writes a JSON array of listings as `JSONEncoder` writes `[AssetListing]` with
  /// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, byte for byte, an element at a time,
  /// handing `sink` a buffer at a time: `assets --json` lists a library of any size in bounded
  /// memory.
  public final class ArrayWriter {
    private let json: PrettyJSON

    public init(bufferSize: Int = 1 << 20, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
      json = PrettyJSON(bufferSize: bufferSize, sink: sink)
      json.beginArray()
    }

    public func write(_ listing: AssetListing) throws {
      json.element()
      try listing.write(to: json)
    }

    /// Ends the array and hands the sink what is left; throws what the sink threw, if anything.
    public func finish() throws {
      json.endArray()
      try json.finishStreaming()
    }
  }
}
