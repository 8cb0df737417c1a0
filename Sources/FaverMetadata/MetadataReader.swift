package import FaverCore
package import Foundation  // `TimeZone`, in the package init

/// What faver learned from one file.
package struct FileMetadata: Equatable, Sendable {
  package var format: MediaFormat
  package var captureTime: CaptureTime
  package var coordinate: Coordinate?
  package var make: String?
  package var model: String?
  /// The camera body's serial number (EXIF BodySerialNumber).
  package var serial: String?
  /// The lens and the exposure, when the EXIF says any of it.
  package var exposure: Exposure?
  /// Apple's Live Photo pairing identifier (maker note of the still, QuickTime key of the video).
  package var contentIdentifier: String?
  /// Apple's burst identifier, shared by the photos of one burst.
  package var burstID: String?
  /// A video's length in seconds, when it says.
  package var duration: Double?
  package var problems: [MetadataProblem] = []

  package var kind: MediaKind { format.kind }
  /// The problems as one line for a person, or nil when there were none.
  package var problemSummary: String? {
    problems.isEmpty ? nil : problems.map(\.description).joined(separator: "; ")
  }
}

/// Reads a file's capture time, position and camera from its header bytes.
package struct MetadataReader: Sendable {
  /// Used to give a modification time a UTC offset (the machine's zone at that instant).
  package var timeZone: TimeZone

  package init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

  /// Reads `source`, whose first bytes (at least `AssetID.headLength` of them, or the whole
  /// file) are `head`. Returns nil when the content is not a photo or video faver knows.
  /// The capture time comes from the metadata, else from the XMP `sidecar` beside the file
  /// (called only then: its bytes, nil when there is none), else from a date in the file's
  /// `name` (`IMG_20230512_143012.jpg`), else from `modified`.
  package func read(
    _ source: some ByteSource, head: [UInt8], modified: Date, name: @autoclosure () -> String = "",
    sidecar: () -> [UInt8]? = { nil }
  ) throws(MetadataError) -> FileMetadata? {
    guard let format = MediaFormat.sniff(head) else { return nil }
    var metadata = FileMetadata(format: format, captureTime: fileTime(modified))
    try Self.containerReader(for: format)?.read(from: source, head: head)
      .apply(to: &metadata, timeZone: timeZone)
    if metadata.captureTime.source == .fileModified,
      let time = sidecar().flatMap({ XMPDates.captureTime(in: $0, source: .sidecar) })
    {
      metadata.captureTime = time
    }
    if metadata.captureTime.source == .fileModified, let date = FileNameDate.parse(name()) {
      metadata.captureTime = nameTime(date, modified: metadata.captureTime)
    }
    return metadata
  }

  /// The reader of each format's container; nil for Canon CRW, whose CIFF holds no EXIF (the
  /// file name or modification time gives the date).
  static func containerReader(for format: MediaFormat) -> (any ContainerReader.Type)? {
    switch format {
    case .jpeg: JPEGStructure.self
    case .png: PNGStructure.self
    case .webp: WebPStructure.self
    case .tiff: TIFFStructure.self
    case .heif, .avif: HEIFStructure.self
    case .cr3: CR3Structure.self
    case .quickTime, .mp4: QuickTimeStructure.self
    case .raf: RAFStructure.self
    case .mrw: MRWStructure.self
    case .x3f: X3FStructure.self
    case .crw: nil
    }
  }

  /// The time a file name gives. A name with the day only settles the day: the modification
  /// time is kept when it falls on that day (in its own zone), else the day's midnight is used.
  /// Either way the name dated it (`fileName`): a modification time the name confirms is no
  /// copy's.
  func nameTime(_ date: FileNameDate, modified: CaptureTime) -> CaptureTime {
    if !date.hasTime {
      let wall = modified.instant.timeIntervalSince1970 + Double(modified.utcOffset ?? 0)
      let local = CivilDateTime(secondsSince1970: Int64(wall.rounded(.down)))
      if (local.year, local.month, local.day) == (
        date.wallClock.year, date.wallClock.month, date.wallClock.day
      ) {
        var time = modified
        time.source = .fileName
        return time
      }
    }
    return CaptureTime(wallClock: date.wallClock, utcOffset: date.utcOffset, source: .fileName)
  }

  /// The capture time a modification time gives, to the whole second. Any year is kept (2262
  /// and 1600 alike, as a file system may hold them); a time further than `fileTimeLimit` from
  /// 1970 (a clock gone wrong) is taken as that limit, so the capture time's arithmetic, in
  /// milliseconds held in an `Int64`, never traps.
  func fileTime(_ modified: Date) -> CaptureTime {
    let limit = Self.fileTimeLimit
    let seconds = modified.timeIntervalSince1970
    let whole = seconds.isNaN ? 0 : min(max(seconds.rounded(.down), -limit), limit)
    let instant = Date(timeIntervalSince1970: whole)
    return CaptureTime(
      instant: instant, utcOffset: timeZone.secondsFromGMT(for: instant), source: .fileModified)
  }

  /// Seconds from 1970 of the furthest modification time taken as it is: 100,000 years.
  static let fileTimeLimit = 100_000 * 365.2425 * 86_400
}
