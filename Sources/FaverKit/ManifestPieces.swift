internal import FaverCore
internal import FaverFiles
internal import FaverStore
import Foundation

/// Where each moment's object is in the store's manifest file as last written, by the
/// fingerprint of what it was written from (`Manifest.Fingerprint`), kept in the store folder
/// beside it (`fileName`), so the next write copies the bytes of every moment whose fingerprint
/// it finds and writes only the others (see `Library.cluster`).
///
/// It holds for the file only while that file is as `stat` said once it was written (`file`),
/// for the manifest's writer that wrote it (`writer`: its schema, the signals' version, this very
/// binary) and for the signals' generation it was read with (the similar groups are written from
/// the signals, which the fingerprints leave out). Anything else, or a file that cannot be read
/// as written, and the manifest is written whole.
///
/// The file: one line of JSON (`Header`), then a record of 64 bytes a moment in the order of the
/// manifest, eight little-endian 64-bit words: the fingerprint (`high`, `low`), the fingerprint of
/// the moment's row alone (`high`, `low`), the object's offset and its length, then where in the
/// object the value of the threshold its boundary states begins (all ones: it states none) and
/// that threshold's bits (see `Piece.Threshold`).
struct ManifestPieces {
  static let fileName = "manifest.pieces"

  struct Header: Codable, Equatable {
    var writer: String
    var signalGeneration: Int
    /// What `stat` said of the store's manifest once written (see `Library.fileStates`).
    var file: String
    var count: Int
  }

  struct Piece: Equatable {
    var fingerprint: Manifest.Fingerprint
    /// The fingerprint of the moment's row alone (`Manifest.Fingerprint.add(moment:)`): how
    /// many moments changed can be told from the rows, before the items are read.
    var row: Manifest.Fingerprint
    var range: Range<Int>
    /// The threshold the moment's boundary states, if any: left out of the fingerprints (the
    /// library's threshold, which most new days move), so a moment whose threshold alone changed
    /// is copied with the new value's text in place of the old one's.
    var threshold: Threshold?

    struct Threshold: Equatable {
      /// Where the value's text begins in the moment's object.
      var offset: Int
      var value: Double
    }
  }

  var header: Header
  var pieces: [Piece]

  private static let recordSize = 64

  /// The pieces kept in `folder`; nil when there are none, or they cannot be read whole.
  static func read(in folder: URL) -> ManifestPieces? {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
      let newline = data.firstIndex(of: UInt8(ascii: "\n")),
      let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline]),
      header.count >= 0, header.count <= data.count / recordSize,
      data.endIndex - newline - 1 == header.count * recordSize
    else { return nil }
    var pieces: [Piece] = []
    pieces.reserveCapacity(header.count)
    data[(newline + 1)...].withUnsafeBytes { bytes in
      func word(_ record: Int, _ index: Int) -> UInt64 {
        UInt64(
          littleEndian: bytes.loadUnaligned(fromByteOffset: record * recordSize + index * 8, as: UInt64.self))
      }
      for record in 0..<header.count {
        let (offset, length) = (
          Int(truncatingIfNeeded: word(record, 4)), Int(truncatingIfNeeded: word(record, 5))
        )
        guard offset >= 0, length >= 2, offset <= Int.max - length else { continue }
        let at = word(record, 6)
        pieces.append(
          Piece(
            fingerprint: Manifest.Fingerprint(high: word(record, 0), low: word(record, 1)),
            row: Manifest.Fingerprint(high: word(record, 2), low: word(record, 3)),
            range: offset..<offset + length,
            threshold: at < UInt64(length)
              ? Piece.Threshold(offset: Int(at), value: Double(bitPattern: word(record, 7))) : nil))
      }
    }
    guard pieces.count == header.count else { return nil }
    return ManifestPieces(header: header, pieces: pieces)
  }

  /// Replaces the pieces kept in `folder` (atomically).
  func write(in folder: URL) throws {
    var data = try JSONEncoder().encode(header)
    data.append(UInt8(ascii: "\n"))
    data.reserveCapacity(data.count + pieces.count * Self.recordSize)
    for piece in pieces {
      for word in [
        piece.fingerprint.high, piece.fingerprint.low, piece.row.high, piece.row.low,
        UInt64(piece.range.lowerBound), UInt64(piece.range.count),
        piece.threshold.map { UInt64($0.offset) } ?? UInt64.max, piece.threshold?.value.bitPattern ?? 0,
      ] {
        withUnsafeBytes(of: word.littleEndian) { data.append(contentsOf: $0) }
      }
    }
    let file = try AtomicFile(
      replacing: folder.appendingPathComponent(Self.fileName), mode: StoreFolder.fileMode)
    try data.withUnsafeBytes { try file.write($0) }
    // Not waited for: a file lost or left short is read as none, and the manifest written whole.
    try file.commit(durable: false)
  }

  /// Removes the pieces kept in `folder`, if any: what a manifest written without them leaves.
  static func remove(in folder: URL) {
    try? FileManager.default.removeItem(at: folder.appendingPathComponent(fileName))
  }
}

/// The store's manifest as last written, open for reading, with its pieces: the bytes of a moment
/// whose fingerprint it holds, read a few megabytes at a time into one buffer (the moments come
/// mostly in the order they were written).
final class LastManifest {
  private let handle: FileHandle
  /// The file's size: no piece is read past it.
  private let size: Int
  /// The pieces' fingerprints, and each one's range and threshold at the same place, in the order
  /// of the file.
  private var fingerprints: FingerprintIndex
  private let ranges: [Range<Int>]
  private let thresholds: [ManifestPieces.Piece.Threshold?]
  /// The row fingerprints of its moments.
  private var rows: FingerprintIndex
  /// The bytes of the file from `windowStart`, `windowCount` of them.
  private var window: UnsafeMutableRawBufferPointer
  private var windowStart = 0
  private var windowCount = 0
  private static let windowSize = 4 << 20

  /// The store's manifest in `folder` with its pieces, when they hold for it (see
  /// `ManifestPieces`): written by `writer` with the signals of `signalGeneration`, and the file
  /// as `stat` said once written. Nil otherwise.
  init?(folder: URL, manifest: URL, writer: String, signalGeneration: Int) {
    // Opened before its state is compared: a file replaced meanwhile differs, and is not read.
    guard let kept = ManifestPieces.read(in: folder), kept.header.writer == writer,
      kept.header.signalGeneration == signalGeneration,
      let handle = try? FileHandle(forReadingFrom: manifest)
    else { return nil }
    self.handle = handle
    guard Library.fileStates([manifest.path])[manifest.path] == kept.header.file,
      let end = try? handle.seekToEnd(), let size = Int(exactly: end)
    else {
      try? handle.close()
      return nil
    }
    self.size = size
    fingerprints = FingerprintIndex(kept.pieces.map(\.fingerprint))
    ranges = kept.pieces.map(\.range)
    thresholds = kept.pieces.map(\.threshold)
    rows = FingerprintIndex(kept.pieces.map(\.row))
    window = .allocate(byteCount: Self.windowSize, alignment: 16)
  }

  deinit {
    try? handle.close()
    window.deallocate()
  }

  /// Whether a moment of this row fingerprint was in it.
  func holds(row: Manifest.Fingerprint) -> Bool { rows.index(of: row) != nil }

  /// Hands `body` the bytes of the moment of `fingerprint`, and the threshold its boundary states
  /// in them: nil when it holds none, or when they are not an object (a file other than its
  /// pieces say).
  func withBytes<T>(
    of fingerprint: Manifest.Fingerprint,
    _ body: (UnsafeRawBufferPointer, ManifestPieces.Piece.Threshold?) throws -> T
  ) throws -> T? {
    guard let index = fingerprints.index(of: fingerprint), case let range = ranges[index],
      range.upperBound <= size
    else { return nil }
    if range.lowerBound < windowStart || range.upperBound > windowStart + windowCount {
      try read(from: range.lowerBound, atLeast: range.count)
      guard range.upperBound <= windowStart + windowCount else { return nil }
    }
    let start = range.lowerBound - windowStart
    let bytes = UnsafeRawBufferPointer(rebasing: window[start..<start + range.count])
    guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
    return try body(bytes, thresholds[index])
  }

  /// Fills the window from `offset` (made larger for a piece larger than it), up to the end of
  /// the file.
  private func read(from offset: Int, atLeast count: Int) throws {
    if count > window.count {
      window.deallocate()
      window = .allocate(byteCount: count, alignment: 16)
    }
    (windowStart, windowCount) = (offset, 0)
    windowCount = try handle.read(into: window, at: offset)
  }
}

/// Fingerprints in the order of a file: found in that order for one comparison each (the moments
/// come mostly in the order they were written), any other by halves in the order of their values,
/// sorted on the first miss.
private struct FingerprintIndex {
  private let inOrder: [Manifest.Fingerprint]
  /// Where the fingerprint after the last one found is.
  private var next = 0
  /// The places of `inOrder` in the order of their fingerprints, once one was not at `next`.
  private var sorted: [Int]?

  init(_ fingerprints: [Manifest.Fingerprint]) { inOrder = fingerprints }

  /// Where `fingerprint` is in the file's order; nil when it is not.
  mutating func index(of fingerprint: Manifest.Fingerprint) -> Int? {
    if next < inOrder.count, inOrder[next] == fingerprint {
      next += 1
      return next - 1
    }
    let sorted = self.sorted ?? inOrder.indices.sorted { inOrder[$0] < inOrder[$1] }
    self.sorted = sorted
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if inOrder[sorted[middle]] < fingerprint { low = middle + 1 } else { high = middle }
    }
    guard low < sorted.count, inOrder[sorted[low]] == fingerprint else { return nil }
    next = sorted[low] + 1
    return sorted[low]
  }
}
