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

    /// The next element: the object of `members`; returns where the object is in the array's
    /// text (for `reorder`).
    @discardableResult
    package func write(_ members: some AssetListing.Members) throws -> Range<Int> {
      json.element()
      let start = json.offset
      try AssetListing.write(members, to: json)
      return start..<json.offset
    }

    /// Keeps the elements written from here on in the buffer until `release`, so `reorder` can
    /// put them in another order.
    package func hold() { json.hold() }

    package func release() { json.release() }

    /// Puts the elements whose objects are at `objects` (consecutive, the last ones written, all
    /// held) in the order `order` gives: its first index is the object that comes first.
    package func reorder(_ objects: [Range<Int>], as order: [Int]) {
      guard objects.count > 1, let first = objects.first, let last = objects.last else { return }
      json.rewrite(from: first.lowerBound) { region in
        let written = Array(region)
        let start = first.lowerBound
        // What lies between two elements: the same after each.
        let separator = written[(first.upperBound - start)..<(objects[1].lowerBound - start)]
        var at = region.startIndex
        func put(_ bytes: ArraySlice<UInt8>) {
          _ = UnsafeMutableBufferPointer(rebasing: region[at..<(at + bytes.count)]).update(
            fromContentsOf: bytes)
          at += bytes.count
        }
        for (position, index) in order.enumerated() {
          if position > 0 { put(separator) }
          put(written[(objects[index].lowerBound - start)..<(objects[index].upperBound - start)])
        }
        assert(at == last.upperBound - start)
      }
    }

    /// Ends the array and hands the sink what is left; throws what the sink threw, if anything.
    public func finish() throws {
      json.endArray()
      try json.finishStreaming()
    }
  }
}
