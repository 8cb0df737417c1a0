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

    /// The next element: the object of `members`.
    package func write(_ members: some AssetListing.Members) throws {
      json.element()
      try AssetListing.write(members, to: json)
    }

    /// A writer for objects to be put in order before they are elements here: each one
    /// `AssetListing.write(_:to:)` writes to it is, byte for byte, what `write` would write, for
    /// `writeWritten`.
    package func objectsAside(bufferSize: Int = 1 << 16) -> PrettyJSON {
      PrettyJSON(keepingFrom: bufferSize, depth: 1)
    }

    /// The next element: an object written by a writer of `objectsAside`.
    package func writeWritten(_ object: UnsafeRawBufferPointer) {
      json.element()
      json.raw(object)
    }

    /// Ends the array and hands the sink what is left; throws what the sink threw, if anything.
    public func finish() throws {
      json.endArray()
      try json.finishStreaming()
    }
  }
}
