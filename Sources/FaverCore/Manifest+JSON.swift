import Foundation

extension Manifest {
  /// The manifest as `JSONEncoder` writes it with `[.prettyPrinted, .sortedKeys,
  /// .withoutEscapingSlashes]`, byte for byte (a test holds the two equal), written directly and
  /// handed to `sink` a megabyte at a time, in order: a manifest of a million assets is 235 MiB,
  /// and need not be in memory all at once to be written. Keys go in UTF-8 order; optional
  /// values are left out when nil, as `Codable` does.
  public func encode(
    bufferSize: Int = 1 << 20, streamingTo sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let json = PrettyJSON(bufferSize: bufferSize, sink: sink)
    try write(to: json)
    try json.finishStreaming()
  }

  private func write(to json: PrettyJSON) throws {
    json.beginObject()
    json.key("generatedAt")
    json.value(generatedAt)
    json.key("mode")
    json.value(mode)
    json.key("moments")
    json.beginArray()
    for moment in moments {
      json.element()
      try write(moment, to: json)
    }
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
  }

  private func write(_ moment: MomentEntry, to json: PrettyJSON) throws {
    json.beginObject()
    json.key("assetsToReview")
    json.beginArray()
    for burst in moment.assetsToReview {
      json.element()
      json.beginObject()
      json.key("assets")
      json.beginArray()
      for asset in burst.assets {
        json.element()
        try asset.write(to: json)
      }
      json.endArray()
      json.key("burstId")
      json.value(burst.burstId)
      json.endObject()
    }
    json.endArray()
    json.key("boundary")
    json.beginObject()
    if let gap = moment.boundary.gapSeconds {
      json.key("gapSeconds")
      try json.value(gap)
    }
    if let mean = moment.boundary.localMean {
      json.key("localMean")
      try json.value(mean)
    }
    if let meters = moment.boundary.meters {
      json.key("meters")
      try json.value(meters)
    }
    json.key("reason")
    json.value(moment.boundary.reason)
    if let threshold = moment.boundary.thresholdSeconds {
      json.key("thresholdSeconds")
      try json.value(threshold)
    }
    json.endObject()
    json.key("end")
    json.value(moment.end)
    json.key("id")
    json.value(moment.id)
    json.key("photos")
    json.value(moment.photos)
    json.key("place")
    if let place = moment.place { try place.write(to: json) } else { json.null() }
    json.key("reviewedInWindow")
    json.value(moment.reviewedInWindow)
    json.key("start")
    json.value(moment.start)
    json.key("title")
    json.value(moment.title)
    json.key("totalInWindow")
    json.value(moment.totalInWindow)
    json.key("videos")
    json.value(moment.videos)
    json.endObject()
  }

}
