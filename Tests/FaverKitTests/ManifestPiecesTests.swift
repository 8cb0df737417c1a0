import FaverCore
import Foundation
import GRDB
import SeededRandom
import Testing

@testable import FaverKit
@testable import FaverStore

/// The manifest written again copies the moments the last file holds (`ManifestPieces`) and
/// writes the others: the file is byte for byte the one written whole.

private let now = Date(timeIntervalSince1970: 1_800_000_000)

/// The manifest `library` writes with nothing to copy from: its files and pieces removed first.
private func writtenWhole(_ library: Library, mode: MomentClusterer.Mode = .smart) throws -> Data {
  for name in [Library.manifestFileName, ManifestPieces.fileName] {
    try? FileManager.default.removeItem(at: library.folder.appendingPathComponent(name))
  }
  let written = try library.cluster(mode: mode, now: now)
  #expect(written.copiedMoments == 0)
  return try Data(contentsOf: library.folder.appendingPathComponent(Library.manifestFileName))
}

@Test(arguments: [1, 2, 3])
func aManifestWrittenFromItsPiecesEqualsOneWrittenWhole(seed: Int) async throws {
  let twins = try TwinLibraries(seed: UInt64(seed) + 1000)
  for _ in 0..<10 { try twins.append() }
  let library = twins.appended.library
  var mode = MomentClusterer.Mode.smart
  _ = try library.cluster(mode: mode, now: now)
  var copied: [String: [Int]] = [:]
  for step in 0..<100 {
    await Task.yield()  // the suite's other tests run between steps (see `TwinLibraries`)
    let change: String
    switch Int.random(in: 0..<24, using: &twins.random) {
    case 0..<6:
      change = "append"
      try twins.append()
    case 6:
      change = "middle"
      try twins.insertInTheMiddle()
    case 7..<9:
      change = "edit"
      try twins.editInPlace()
    case 9..<11:
      change = "remove"
      try twins.remove()
    case 11:
      change = "clock"
      try twins.shiftAClock()
    case 12:
      change = "mode"
      mode = mode == .smart ? .fixed(gap: 3600) : .smart
    case 13:
      change = "signals"
      try saveSignals(twins)
    default:
      change = "mark"
      try twins.mark()
    }
    let written = try library.cluster(mode: mode, now: now)
    copied[change, default: []].append(written.copiedMoments)
    let incremental = try Data(contentsOf: library.folder.appendingPathComponent(Library.manifestFileName))
    let whole = try writtenWhole(twins.rebuilt.library, mode: mode)
    #expect(incremental == whole, "step \(step): \(change), \(written.copiedMoments) copied")
    if incremental != whole { break }
  }
  // A mark changes one moment or a few: the others are copied.
  let marks = copied["mark", default: []]
  #expect(marks.filter { $0 > 0 }.count * 2 >= marks.count, "\(marks)")
  #expect(copied["append", default: []].contains { $0 > 0 })
  // New signals may change any moment's groups: written whole.
  #expect(copied["signals", default: []].allSatisfy { $0 == 0 })
}

/// Signals for a few photos of both twins, some alike (so they group), the same in both.
private func saveSignals(_ twins: TwinLibraries) throws {
  let ids = twins.files.values.map(\.assetId).sorted().shuffled(using: &twins.random).prefix(8)
  let scene = UInt64.random(in: 0...UInt64.max, using: &twins.random)
  let signals: [(id: AssetID, result: Result<PhotoSignals, SignalFailure>)] = ids.map { id in
    let hash =
      Bool.random(using: &twins.random) ? scene ^ UInt64.random(in: 0..<8, using: &twins.random) : ~scene
    return (
      AssetID(rawValue: id),
      .success(
        PhotoSignals(
          hash: hash, sharpness: Double.random(in: 1...20, using: &twins.random), shadows: 0, highlights: 0,
          width: 4000, height: 3000))
    )
  }
  try twins.appended.store.saveSignals(signals, version: SignalAnalyzer.version)
  try twins.rebuilt.store.saveSignals(signals, version: SignalAnalyzer.version)
}

/// A manifest file other than its pieces say (cut short, someone's own, pieces lost, cut short or
/// pointing elsewhere) is written whole, and so is the extra folder's copy.
@Test func aManifestNotAsItsPiecesSayIsWrittenWhole() throws {
  let twins = try TwinLibraries(seed: 7)
  twins.wallClocks = false
  for _ in 0..<12 { try twins.append() }
  let library = twins.appended.library
  let extra = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-extra-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: extra) }
  let manifest = library.folder.appendingPathComponent(Library.manifestFileName)
  let pieces = library.folder.appendingPathComponent(ManifestPieces.fileName)
  _ = try library.cluster(extraFolder: extra, now: now)

  // Photos to mark one after another (not a Live Photo's video nor a RAW: their ids end so).
  var unmarked = twins.files.values.map(\.assetId).filter { $0.last?.isNumber == true }.sorted()
  /// Marks a photo in both twins, writes the manifest and its copy, and says how many moments it
  /// copied after checking both files hold what a whole write holds.
  func markAndWrite() throws -> Int {
    guard let next = unmarked.popLast() else {
      Issue.record("no photo left to mark")
      return -1
    }
    let id = AssetID(rawValue: next)
    try library.mark([id], as: .reviewed)
    try twins.rebuilt.library.mark([id], as: .reviewed)
    let written = try library.cluster(extraFolder: extra, now: now)
    let bytes = try Data(contentsOf: manifest)
    #expect(try Data(contentsOf: extra.appendingPathComponent(Library.manifestFileName)) == bytes)
    #expect(try writtenWhole(twins.rebuilt.library) == bytes)
    return written.copiedMoments
  }
  #expect(try markAndWrite() > 0)

  // Cut short.
  let bytes = try Data(contentsOf: manifest)
  try bytes.prefix(bytes.count / 2).write(to: manifest)
  #expect(try markAndWrite() == 0)

  // Someone's own file, as long.
  try Data(repeating: UInt8(ascii: " "), count: try Data(contentsOf: manifest).count).write(to: manifest)
  #expect(try markAndWrite() == 0)

  // The pieces cut short, then lost.
  let kept = try Data(contentsOf: pieces)
  try kept.dropLast(10).write(to: pieces)
  #expect(try markAndWrite() == 0)
  try FileManager.default.removeItem(at: pieces)
  #expect(try markAndWrite() == 0)

  // Pieces that hold for the file but point where no moment is: each such moment written.
  #expect(try markAndWrite() > 0)
  var wrong = try #require(ManifestPieces.read(in: library.folder))
  for index in wrong.pieces.indices { wrong.pieces[index].range = 0..<2 }
  try wrong.write(in: library.folder)
  #expect(try markAndWrite() == 0)

  // Pieces that hold for the file but reach far past its end: none read, each moment written.
  #expect(try markAndWrite() > 0)
  var far = try #require(ManifestPieces.read(in: library.folder))
  for index in far.pieces.indices { far.pieces[index].range = 0..<(1 << 40) }
  try far.write(in: library.folder)
  #expect(try markAndWrite() == 0)

  // Pieces whose header claims more moments than any file could hold (its size would overflow).
  var claiming = try #require(ManifestPieces.read(in: library.folder))
  claiming.header.count = Int.max / 4
  try claiming.write(in: library.folder)
  #expect(ManifestPieces.read(in: library.folder) == nil)
  #expect(try markAndWrite() == 0)
}

@Test func piecesThatAreALinkToSomeonesFileLeaveThatFileAsItWas() throws {
  let twins = try TwinLibraries(seed: 11)
  for _ in 0..<6 { try twins.append() }
  let library = twins.appended.library
  _ = try library.cluster(now: now)
  let theirs = FileManager.default.temporaryDirectory.appendingPathComponent(
    "faver-theirs-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: theirs) }
  let kept = try Data(contentsOf: library.folder.appendingPathComponent(ManifestPieces.fileName))
  try kept.write(to: theirs)
  let pieces = library.folder.appendingPathComponent(ManifestPieces.fileName)
  try FileManager.default.removeItem(at: pieces)
  try FileManager.default.createSymbolicLink(at: pieces, withDestinationURL: theirs)

  // A mark makes the manifest written again: the pieces it held are removed, then written anew.
  let photos = twins.files.values.map(\.assetId).filter { $0.last?.isNumber == true }
  let id = try #require(photos.min())
  try library.mark([AssetID(rawValue: id)], as: .reviewed)
  _ = try library.cluster(now: now)
  #expect(try Data(contentsOf: theirs) == kept)
  let values = try pieces.resourceValues(forKeys: [.isSymbolicLinkKey])
  #expect(values.isSymbolicLink == false)
}

/// The manifest written again after a few moments changed reads the items of those moments only:
/// each moment's row keeps the fingerprint of its items, so one whose row the last file holds is
/// copied without reading them. The file is the one written whole, and so it is from rows saved
/// before they kept it (whose items are read).
@Test func aManifestWrittenAgainReadsTheItemsOfTheMomentsThatChanged() throws {
  let twins = try TwinLibraries(seed: 23)
  twins.dayGaps = [100_000, 200_000]
  for _ in 0..<40 { try twins.append() }
  let library = twins.appended.library
  let mode = MomentClusterer.Mode.fixed(gap: 3600)
  let first = try library.cluster(mode: mode, now: now)
  #expect(first.itemsRead == first.progress.total)
  #expect(first.moments.count >= 40)

  // Photos by moment, to mark one of a moment of several.
  var photos: [String: [AssetID]] = [:]
  try library.forEachAsset(reviewedOnly: false, mode: mode) { asset, moment in
    photos[moment, default: []].append(asset.id)
  }
  let moments = first.moments.filter { (photos[$0.id]?.count ?? 0) >= 2 }
  #expect(moments.count >= 10)

  /// Marks the first photo of `moment`, writes the manifest, checks it is the one written whole;
  /// returns how many items it read.
  func markAndWrite(_ moment: QueuedMoment) throws -> Int {
    let id = try #require(photos[moment.id]?.first)
    try library.mark([id], as: .favorite)
    try twins.rebuilt.library.mark([id], as: .favorite)
    let written = try library.cluster(mode: mode, now: now)
    let bytes = try Data(contentsOf: library.folder.appendingPathComponent(Library.manifestFileName))
    #expect(try writtenWhole(twins.rebuilt.library, mode: mode) == bytes)
    #expect(written.copiedMoments > 0)
    return written.itemsRead
  }
  // One moment changed: its items are read (to tell which are reviewed, and to write it), the
  // others copied without reading theirs.
  let marked = try #require(moments.first)
  #expect(try markAndWrite(marked) == marked.total)

  // Rows without their items' fingerprint (saved before it was kept): every item read.
  try twins.appended.store.database.write { db in
    try db.execute(sql: "UPDATE queueMoment SET itemsHigh = NULL, itemsLow = NULL")
  }
  #expect(try markAndWrite(try #require(moments.last)) == first.progress.total)
}

/// A new day that moves the smart threshold changes what every time-gap boundary states, and
/// nothing else of the moments before it: those are copied with the new threshold's text in place
/// of the old, not written again, and the file is the one written whole.
@Test func aMovedThresholdIsWrittenIntoTheMomentsCopied() throws {
  let twins = try TwinLibraries(seed: 31)
  twins.dayGaps = (0..<64).map { 3000 + Double($0) * 1234.5 }
  for _ in 0..<40 { try twins.append() }
  let library = twins.appended.library
  var last = try library.cluster(mode: .smart, now: now)
  var moved = 0
  for _ in 0..<30 where moved < 3 {
    try twins.append()
    let written = try library.cluster(mode: .smart, now: now)
    let bytes = try Data(contentsOf: library.folder.appendingPathComponent(Library.manifestFileName))
    #expect(try writtenWhole(twins.rebuilt.library) == bytes)
    defer { last = written }
    guard written.thresholdSeconds != last.thresholdSeconds else { continue }
    moved += 1
    let stating = written.momentsToReview.filter { $0.boundary.thresholdSeconds != nil }.count
    #expect(stating >= 5)
    // Only the new day's moments, and the one it may have split, are written.
    #expect(written.copiedMoments + 3 >= written.momentsToReview.count, "\(written.copiedMoments) copied")
    #expect(written.itemsRead * 4 < written.progress.total)
  }
  #expect(moved == 3)
}
