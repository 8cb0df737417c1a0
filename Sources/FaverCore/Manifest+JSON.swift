import Foundation

extension Manifest {
  /// The manifest as `JSONEncoder` writes it with `[.prettyPrinted, .sortedKeys,
  /// .withoutEscapingSlashes]`, byte for byte (a test holds the two equal), handed to `sink` a
  /// megabyte at a time (see `Manifest.Writer`).
  public func encode(
    bufferSize: Int = 1 << 20, streamingTo sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let writer = Writer(
      generatedAt: generatedAt, mode: mode, thresholdSeconds: thresholdSeconds, progress: progress,
      schemaVersion: schemaVersion, bufferSize: bufferSize, sink: sink)
    for moment in moments { try writer.write(moment) }
    try writer.finish()
  }

  /// Writes a manifest a moment at a time, as `JSONEncoder` would write the whole `Manifest`
  /// (sorted keys, pretty-printed), directly, handing `sink` a buffer at a time in order: a
  /// manifest of a million assets need never be in memory, nor its moments all at once. Keys go
  /// in UTF-8 order; optional values are left out when nil, as `Codable` does.
  public final class Writer {
    private let json: PrettyJSON
    private let progress: ReviewProgress
    private let thresholdSeconds: Double
    private let schemaVersion: Int
    /// Where the value of the threshold the last moment's boundary states is in the document
    /// (see `write(copied:threshold:)`); nil when it states none.
    public private(set) var lastThreshold: Range<Int>?

    /// Starts the document: `generatedAt` and `mode` (the keys before `moments`).
    public init(
      generatedAt: String, mode: String, thresholdSeconds: Double, progress: ReviewProgress,
      schemaVersion: Int = Manifest.currentSchemaVersion, bufferSize: Int = 1 << 20,
      sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
      json = PrettyJSON(bufferSize: bufferSize, sink: sink)
      (self.progress, self.thresholdSeconds, self.schemaVersion) = (progress, thresholdSeconds, schemaVersion)
      json.beginObject()
      json.key("generatedAt")
      json.value(generatedAt)
      json.key("mode")
      json.value(mode)
      json.key("moments")
      json.beginArray()
    }

    /// Writes the next moment; returns where its object (from `{` to `}`) is in the document.
    /// Its bytes depend on the entry alone, not on where it stands (see `write(copied:)`).
    @discardableResult
    public func write(_ moment: MomentEntry) throws -> Range<Int> {
      lastThreshold = nil
      json.element()
      let start = json.offset
      json.beginObject()
      json.key("assetsToReview")
      json.beginArray()
      for burst in moment.assetsToReview {
        json.element()
        json.beginObject()
        json.key("assetIds")
        json.beginArray()
        for id in burst.assetIds {
          json.element()
          json.value(id)
        }
        json.endArray()
        json.key("burstId")
        json.value(burst.burstId)
        json.endObject()
      }
      json.endArray()
      json.key("boundary")
      try write(moment.boundary)
      json.key("end")
      json.value(moment.summary.end)
      if let groups = moment.groups { write(groups) }
      json.key("id")
      json.value(moment.summary.id)
      json.key("photos")
      json.value(moment.summary.photos)
      json.key("place")
      if let place = moment.summary.place { try place.write(to: json) } else { json.null() }
      json.key("reviewedInWindow")
      json.value(moment.reviewedInWindow)
      json.key("start")
      json.value(moment.summary.start)
      json.key("title")
      json.value(moment.summary.title)
      json.key("totalInWindow")
      json.value(moment.totalInWindow)
      json.key("videos")
      json.value(moment.summary.videos)
      json.endObject()
      return start..<json.offset
    }

    /// Writes the next moment as `bytes`, the object (from `{` to `}`) `write(_:)` wrote for it in
    /// another manifest of this schema; returns where it is in this one.
    @discardableResult
    public func write(copied bytes: UnsafeRawBufferPointer) -> Range<Int> {
      lastThreshold = nil
      json.element()
      let start = json.offset
      json.raw(bytes)
      return start..<json.offset
    }

    /// `write(copied:)` of `bytes` with `threshold` in place of the threshold their boundary
    /// states, whose value's text is at `range` of them; nil, and nothing written, when the bytes
    /// there are not `previous`'s text (`previous`: the threshold they were written with).
    public func write(
      copied bytes: UnsafeRawBufferPointer, threshold: Double, replacing range: Range<Int>, previous: Double
    ) throws -> Range<Int>? {
      guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
      var old = PrettyJSON.text(of: previous)
      guard old.withUTF8({ $0.elementsEqual(bytes[range]) }) else { return nil }
      json.element()
      let start = json.offset
      json.raw(UnsafeRawBufferPointer(rebasing: bytes[..<range.lowerBound]))
      let value = json.offset
      try json.value(threshold)
      lastThreshold = value..<json.offset
      json.raw(UnsafeRawBufferPointer(rebasing: bytes[range.upperBound...]))
      return start..<json.offset
    }

    /// Ends the document (the keys after `moments`) and hands the sink what is left; throws what
    /// the sink threw, if anything.
    public func finish() throws {
      json.endArray()
      json.key("progress")
      json.beginObject()
      json.key("reviewed")
      json.value(progress.reviewed)
      json.key("total")
      json.value(progress.total)
      json.endObject()
      json.key("schemaVersion")
      json.value(schemaVersion)
      json.key("thresholdSeconds")
      try json.value(thresholdSeconds)
      json.endObject()
      try json.finishStreaming()
    }

    /// `groups`, as `SimilarGroup` encodes itself (a null `suggested` and `reason` when none).
    private func write(_ groups: [SimilarGroup]) {
      json.key("groups")
      json.beginArray()
      for group in groups {
        json.element()
        json.beginObject()
        json.key("assetIds")
        json.beginArray()
        for id in group.assetIDs {
          json.element()
          json.value(id.rawValue)
        }
        json.endArray()
        json.key("id")
        json.value(group.id)
        json.key("reason")
        if let reason = group.reason { json.value(reason) } else { json.null() }
        json.key("suggested")
        if let suggested = group.suggested { json.value(suggested.rawValue) } else { json.null() }
        json.endObject()
      }
      json.endArray()
    }

    private func write(_ boundary: BoundaryEntry) throws {
      json.beginObject()
      if let gap = boundary.gapSeconds {
        json.key("gapSeconds")
        try json.value(gap)
      }
      if let meters = boundary.meters {
        json.key("meters")
        try json.value(meters)
      }
      json.key("reason")
      json.value(boundary.reason)
      if let threshold = boundary.thresholdSeconds {
        json.key("thresholdSeconds")
        let value = json.offset
        try json.value(threshold)
        lastThreshold = value..<json.offset
      }
      json.endObject()
    }
  }
}
