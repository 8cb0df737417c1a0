import FaverCore
import Foundation

/// What faver learned from one file.
public struct FileMetadata: Equatable, Sendable {
  public var format: MediaFormat
  public var captureTime: CaptureTime
  public var coordinate: Coordinate?
  public var make: String?
  public var model: String?
  /// Apple's Live Photo pairing identifier (maker note of the still, QuickTime key of the video).
  public var contentIdentifier: String?
  /// Apple's burst identifier, shared by the photos of one burst.
  public var burstID: String?
  public var problems: [MetadataProblem] = []

  public var kind: MediaKind { format.kind }
  /// The problems as one line for a person, or nil when there were none.
  public var problemSummary: String? {
    problems.isEmpty ? nil : problems.map(\.description).joined(separator: "; ")
  }
}

/// Reads a file's capture time, position and camera from its header bytes.
public struct MetadataReader: Sendable {
  /// EXIF blocks are at most a few hundred KiB: one a container says is larger is not read.
  static let maxExifBytes = 4 << 20

  /// Used to give a modification time a UTC offset (the machine's zone at that instant).
  public var timeZone: TimeZone

  public init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

  /// Reads `source`, whose first bytes (at least `AssetID.headLength` of them, or the whole
  /// file) are `head`. Returns nil when the content is not a photo or video faver knows.
  /// The capture time comes from the metadata, else from a date in the file's `name`
  /// (`IMG_20230512_143012.jpg`), else from `modified`.
  public func read(
    _ source: some ByteSource, head: [UInt8], modified: Date, name: @autoclosure () -> String = ""
  ) throws(MetadataError) -> FileMetadata? {
    guard let format = MediaFormat.sniff(head) else { return nil }
    var metadata = FileMetadata(format: format, captureTime: fileTime(modified))
    switch format {
    case .jpeg:
      let jpeg = try JPEGStructure.read(from: source, head: head)
      if jpeg.isTruncated { metadata.problems.append(.truncated) }
      if jpeg.isMalformed { metadata.problems.append(.malformedHeader) }
      if let block = jpeg.exif { apply(exif: block, to: &metadata) }
    case .heif, .avif, .png, .webp, .cr3, .raf, .mrw, .x3f:
      let contained = try Self.exifBlock(of: format, in: source)
      if contained.isDamaged { metadata.problems.append(.damagedContainer) }
      if let block = contained.block { apply(exif: block, to: &metadata) }
    case .crw:
      break  // Canon's CIFF holds no EXIF: the file name or modification time gives the date
    case .quickTime, .mp4:
      let movie = try QuickTimeStructure.read(from: source)
      if movie.isDamaged { metadata.problems.append(.damagedContainer) }
      if let time = movie.captureTime(timeZone: timeZone) { metadata.captureTime = time }
      metadata.coordinate = movie.coordinate
      metadata.make = movie.make
      metadata.model = movie.model
      metadata.contentIdentifier = movie.contentIdentifier
    case .tiff:
      if let block = try IFDReader(source: source)?.compactBlock() {
        apply(exif: block, to: &metadata)
      } else {
        metadata.problems.append(.damagedContainer)
      }
    }
    if metadata.captureTime.source == .fileModified, let date = FileNameDate.parse(name()) {
      metadata.captureTime = nameTime(date, modified: metadata.captureTime)
    }
    return metadata
  }

  /// The EXIF block a container format holds (TIFF structure, as `ExifBlock` reads it), and
  /// whether the container was damaged or cut short.
  private static func exifBlock(of format: MediaFormat, in source: some ByteSource)
    throws(MetadataError) -> (block: [UInt8]?, isDamaged: Bool)
  {
    switch format {
    case .heif, .avif:
      let heif = try HEIFStructure.read(from: source)
      return (heif.exif, heif.isDamaged)
    case .png:
      let png = try PNGStructure.read(from: source)
      return (png.exif, png.isDamaged)
    case .webp:
      let webp = try WebPStructure.read(from: source)
      return (webp.exif, webp.isDamaged)
    case .cr3: return try CR3Structure.exifBlock(from: source)
    case .raf: return try RAFStructure.exifBlock(from: source)
    case .mrw: return try MRWStructure.exifBlock(from: source)
    case .x3f: return try X3FStructure.exifBlock(from: source)
    default: return (nil, false)
    }
  }

  /// The time a file name gives. A name with the day only settles the day: the modification
  /// time is kept when it falls on that day (in its own zone), else the day's midnight is used.
  func nameTime(_ date: FileNameDate, modified: CaptureTime) -> CaptureTime {
    if !date.hasTime {
      let wall = modified.instant.timeIntervalSince1970 + Double(modified.utcOffset ?? 0)
      let local = CivilDateTime(secondsSince1970: Int64(wall.rounded(.down)))
      if (local.year, local.month, local.day) == (
        date.wallClock.year, date.wallClock.month, date.wallClock.day
      ) {
        return modified
      }
    }
    return CaptureTime(wallClock: date.wallClock, utcOffset: date.utcOffset, source: .fileName)
  }

  /// Fills in what an EXIF block says.
  func apply(exif block: [UInt8], to metadata: inout FileMetadata) {
    guard let fields = ExifBlock.read(Self.withinLibexifLimit(block)) else {
      metadata.problems.append(.corruptExif)
      return
    }
    if let time = fields.captureTime {
      metadata.captureTime = time
    } else if fields.corruptions > 0 {
      // An empty EXIF block is no fault; one libexif could not finish reading is.
      metadata.problems.append(.corruptExif)
    }
    switch fields.coordinate {
    case .success(let coordinate): metadata.coordinate = coordinate
    case .failure(.outOfRange): metadata.problems.append(.gpsOutOfRange)
    case .failure(.nullIsland), nil: break
    }
    metadata.make = fields.make
    metadata.model = fields.model
    if let note = fields.makerNote.flatMap(AppleMakerNote.init) {
      metadata.contentIdentifier = note.contentIdentifier
      metadata.burstID = note.burstID
    }
  }

  /// libexif reads only the first 65,534 bytes of a block, so the IFDs of a larger one (a PNG
  /// or HEIF block with a big preview before them) are first copied into a compact block.
  static func withinLibexifLimit(_ block: [UInt8]) -> [UInt8] {
    guard block.count > 65_534 else { return block }
    let tiff = block.starts(with: ExifBlock.header) ? Array(block.dropFirst(6)) : block
    let structure = try? IFDReader(source: MemoryByteSource(tiff))
    return (try? structure?.compactBlock()) ?? block
  }

  func fileTime(_ modified: Date) -> CaptureTime {
    let whole = modified.timeIntervalSince1970.rounded(.down)
    return CaptureTime(
      instant: Date(timeIntervalSince1970: whole),
      utcOffset: timeZone.secondsFromGMT(for: modified), source: .fileModified)
  }
}
