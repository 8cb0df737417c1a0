import FaverCore
import Foundation

/// The EXIF block a container holds, and what was wrong with the container.
struct ContainedExif: ContainerFinding, Equatable, Sendable {
  /// A TIFF structure, with or without `Exif\0\0` before it; nil when the file holds none.
  var block: [UInt8]?
  /// `.damagedContainer`, or a JPEG's `.truncated` and `.malformedHeader`; empty for a sound file.
  var problems: [MetadataProblem] = []
  /// The XMP packet the file embeds (or the text that holds it); its dates come after EXIF's.
  var xmp: [UInt8]?
  /// A JPEG's APP13 payload (`Photoshop 3.0\0` and its resources), for the IPTC date.
  var iptc: [UInt8]?
  /// An EXIF block a PNG holds as hex text (`PNGText`); its dates come after XMP and IPTC.
  var textExif: [UInt8]?
  /// `block` as libexif read it (nil inside: it could not), once `hasExifDate()` has read it, so
  /// `apply` does not read it again.
  private var parsed: ExifFields??

  /// EXIF blocks are at most a few hundred KiB: one a container says is larger is not read.
  static let maxBytes = 4 << 20

  init(block: [UInt8]? = nil, problems: [MetadataProblem] = []) {
    self.block = block
    self.problems = problems
  }

  /// `block`, from a container that was damaged or cut short when `isDamaged`.
  init(_ block: [UInt8]?, isDamaged: Bool) {
    self.init(block: block, problems: isDamaged ? [.damagedContainer] : [])
  }

  /// No block, from a container damaged or cut short before one was found.
  static let damaged = ContainedExif(nil, isDamaged: true)

  /// Fills in what the EXIF block says, and when it gives no date, what the XMP packet, the IPTC
  /// records or the PNG text's EXIF block say, in that order.
  func apply(to metadata: inout FileMetadata, timeZone: TimeZone) {
    metadata.problems += problems
    if let block { applyExif(parsed ?? ExifBlock.read(Self.withinLibexifLimit(block)), to: &metadata) }
    guard metadata.captureTime.source == .fileModified else { return }
    if let time = xmp.flatMap({ XMPDates.captureTime(in: $0, source: .xmp) }) {
      metadata.captureTime = time
    } else if let time = iptc.flatMap(IPTCDates.captureTime(inAPP13:)) {
      metadata.captureTime = time
    } else if let textExif, let fields = ExifBlock.read(Self.withinLibexifLimit(textExif)) {
      if var time = fields.captureTime {
        time.source = .pngText
        metadata.captureTime = time
      }
      if metadata.coordinate == nil, case .success(let coordinate) = fields.coordinate {
        metadata.coordinate = coordinate
      }
    }
  }

  /// Whether the EXIF block gives a capture time: a container reads its other metadata, at the
  /// cost of more reads, only when it does not.
  mutating func hasExifDate() -> Bool {
    guard let block else { return false }
    let fields = parsed ?? ExifBlock.read(Self.withinLibexifLimit(block))
    parsed = .some(fields)
    return fields?.captureTime != nil
  }

  /// Fills in what the EXIF block says (`fields`: nil when libexif could not read it).
  private func applyExif(_ fields: ExifFields?, to metadata: inout FileMetadata) {
    guard let fields else {
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
    metadata.serial = fields.serial
    metadata.exposure = fields.exposure.isEmpty ? nil : fields.exposure
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
}
